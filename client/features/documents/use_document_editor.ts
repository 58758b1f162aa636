// The document editor's state: the document read (again when another user changes it), its header as the
// chosen type allows it, its positions with the ones changed since the last save, each product's date and
// serial flags, and saving all of it (a new document is created, then opened by its id).
import { useCallback, useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { api, ApiError } from "../../api.ts";
import { reportError } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { navigate } from "../../shell/navigation.ts";
import { type DocumentDefinition, pushToast, startupAtom } from "../../state.ts";
import { focusFirstInvalid, useInvalidFields } from "../../ui/number_field.tsx";
import type { PlainKey } from "../list/meta.ts";
import type { ReferenceMeta } from "../../../shared/resources/meta.ts";
import { wmsDocumentMeta } from "../../../shared/resources/generated/wms_document.ts";
import { definitionOf, enabledTypes, readPositions, type WmsDocument, type WmsPosition } from "./document.ts";

/** A document field's reference (the picker's target), as the entity declares it. */
export const documentReference = (name: string): ReferenceMeta =>
  wmsDocumentMeta.fields.find((f) => f.name === name)!.reference!;

export interface Header {
  typeCode: string;
  contractorId: number | null;
  sourceLocationId: number | null;
  sourceContainerId: number | null;
  destinationLocationId: number | null;
  destinationContainerId: number | null;
  plannedDate: string;
  comment: string;
}

export interface ProductFlags {
  expiryDateVisible: boolean;
  expiryDateRequired: boolean;
  productionDateVisible: boolean;
  productionDateRequired: boolean;
  serialNumberVisible: boolean;
  serialNumberRequired: boolean;
}

function headerOf(d: WmsDocument): Header {
  return {
    typeCode: d.typeCode,
    contractorId: d.contractorId,
    sourceLocationId: d.sourceLocationId,
    sourceContainerId: d.sourceContainerId,
    destinationLocationId: d.destinationLocationId,
    destinationContainerId: d.destinationContainerId,
    plannedDate: d.plannedDate?.slice(0, 10) ?? "",
    comment: d.comment ?? "",
  };
}

/** The header as the type allows it: what the type forbids is cleared. */
function allowed(h: Header, def: DocumentDefinition | undefined): Header {
  if (!def) return h;
  return {
    ...h,
    contractorId: def.internal ? null : h.contractorId,
    sourceLocationId: def.source === "forbidden" ? null : h.sourceLocationId,
    sourceContainerId: def.source === "forbidden" ? null : h.sourceContainerId,
    destinationLocationId: def.destination === "forbidden" ? null : h.destinationLocationId,
    destinationContainerId: def.destination === "forbidden" ? null : h.destinationContainerId,
  };
}

function fieldMessages(t: Translator, err: unknown): Record<string, string[]> {
  if (!(err instanceof ApiError) || err.code !== "validation.failed") return {};
  return Object.fromEntries(
    Object.entries(err.fields).map(([k, codes]) => [k, codes.map((c) => t.t(c as PlainKey))]),
  );
}

export function useDocumentEditor(p: {
  id: number | null;
  onNumber?: (number: string | null) => void;
}) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const types = enabledTypes(startup);
  const [doc, setDoc] = useState<WmsDocument | null>(null);
  const [header, setHeader] = useState<Header | null>(null);
  const [positions, setPositions] = useState<WmsPosition[]>([]);
  const [dirty, setDirty] = useState<Set<number>>(new Set());
  const [flags, setFlags] = useState<Record<number, ProductFlags>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const invalid = useInvalidFields();

  // A new document starts with the first enabled type.
  const current: Header = header ?? {
    typeCode: types[0]?.typeCode ?? "",
    contractorId: null,
    sourceLocationId: null,
    sourceContainerId: null,
    destinationLocationId: null,
    destinationContainerId: null,
    plannedDate: "",
    comment: "",
  };
  const def = definitionOf(startup, current.typeCode);

  const readFlags = useCallback(async (list: WmsPosition[]) => {
    const missing = [...new Set(list.map((x) => x.productId))];
    const read = await Promise.all(
      missing.map((id) =>
        api<ProductFlags>("GET", `/Product/${id}`).then((r) => [id, r] as const, () => null)
      ),
    );
    setFlags((old) => ({ ...old, ...Object.fromEntries(read.filter((x) => x !== null)) }));
  }, []);

  const load = useCallback(async () => {
    if (p.id === null) return;
    try {
      const [d, list] = await Promise.all([
        api<WmsDocument>("GET", `/WmsDocument/${p.id}`),
        readPositions(p.id),
      ]);
      setDoc(d);
      setHeader(headerOf(d));
      setPositions(list);
      setDirty(new Set());
      await readFlags(list);
    } catch (err) {
      setFailure(err);
    }
  }, [p.id, readFlags]);
  useEffect(() => void load(), [load]);
  useEffect(() => p.onNumber?.(doc?.documentNumber ?? null), [doc?.documentNumber]);
  // Another user's change to this document (confirmed elsewhere) is read again.
  useResourceEvents("WmsDocument", (e) => e.id === p.id && void load());

  function change(patch: Partial<Header>) {
    const next = { ...current, ...patch };
    setHeader(allowed(next, definitionOf(startup, next.typeCode)));
  }

  function changePosition(id: number, patch: Partial<WmsPosition>) {
    setPositions((list) => list.map((x) => (x.id === id ? { ...x, ...patch } : x)));
    setDirty((d) => new Set(d).add(id));
  }

  const body = () => ({
    contractorId: current.contractorId,
    sourceLocationId: current.sourceLocationId,
    sourceContainerId: current.sourceContainerId,
    destinationLocationId: current.destinationLocationId,
    destinationContainerId: current.destinationContainerId,
    plannedDate: current.plannedDate || null,
    comment: current.comment || null,
  });

  /** Saves the header and the changed positions; false when something was refused (shown). */
  async function save(): Promise<boolean> {
    // A quantity holding text that is not a number it may take stays there with what is wrong: nothing
    // is saved (or confirmed) until it is corrected.
    if (focusFirstInvalid(invalid)) {
      pushToast("error", t.t("error.formHasErrors"));
      return false;
    }
    setErrors({});
    try {
      if (p.id === null) {
        const created = await api<WmsDocument>("POST", "/WmsDocument", {
          typeCode: current.typeCode,
          ...body(),
        });
        pushToast("info", t.t("dialog.saved"));
        navigate(`/warehouse-new-document/${created.id}`);
        return false;
      }
      const saved = await api<WmsDocument>("PUT", "/WmsDocument", {
        id: p.id,
        version: doc!.version,
        ...body(),
      });
      setDoc(saved);
      for (const pos of positions.filter((x) => dirty.has(x.id))) {
        const { id, version, productId, quantity, quantityReal, unitPrice, expiryDate, productionDate } = pos;
        const next = await api<WmsPosition>("PUT", "/WmsDocumentPosition", {
          id,
          version,
          productId,
          quantity,
          quantityReal,
          unitPrice,
          expiryDate: expiryDate || null,
          productionDate: productionDate || null,
          serialNumber: pos.serialNumber || null,
          sourceLocationId: pos.sourceLocationId,
          sourceContainerId: pos.sourceContainerId,
          destinationLocationId: pos.destinationLocationId,
          destinationContainerId: pos.destinationContainerId,
          productComment: pos.productComment,
        });
        setPositions((list) => list.map((x) => (x.id === id ? next : x)));
        setDirty((d) => {
          const left = new Set(d);
          left.delete(id);
          return left;
        });
      }
      return true;
    } catch (err) {
      setErrors(fieldMessages(t, err));
      reportError(err);
      return false;
    }
  }

  async function remove(pos: WmsPosition) {
    try {
      await api("DELETE", `/WmsDocumentPosition/${pos.id}`);
      setPositions((list) => list.filter((x) => x.id !== pos.id));
    } catch (err) {
      reportError(err);
    }
  }

  return {
    t,
    startup,
    types,
    doc,
    current,
    def,
    positions,
    setPositions,
    dirty,
    flags,
    errors,
    failure,
    invalid,
    readFlags,
    change,
    changePosition,
    save,
    remove,
  };
}
