// A new warehouse document, or a working copy edited: the type (only the enabled ones), the contractor
// (not for internal types), the source and destination location and container as the type's definition
// requires or forbids them (the generic reference pickers), the planned date and a comment; then the
// positions, added by scanning or typing a barcode or an index into one input (Enter adds one piece), each
// with its quantity and, as the product's flags ask, its expiry date, production date and serial number.
// Save keeps all of it; Confirm saves, then confirms, showing what stops it at each position.
import { DateField } from "../../ui/date_field.tsx";
import { LIMITS } from "../../../shared/limits.ts";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { api, ApiError } from "../../api.ts";
import { errorMessage, reportError } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { navigate } from "../../shell/navigation.ts";
import { type DocumentDefinition, pushToast, startupAtom } from "../../state.ts";
import { Button, Notice, ReadOnlyField, Select, TextField } from "../../ui/controls.tsx";
import {
  focusFirstInvalid,
  InvalidFieldsProvider,
  NumberField,
  useInvalidFields,
} from "../../ui/number_field.tsx";
import { ReferencePicker } from "../dialogs/reference_field.tsx";
import { HistoryButton } from "../dialogs/history.tsx";
import { LotChooser } from "./lots.tsx";
import type { PlainKey } from "../list/meta.ts";
import type { ReferenceMeta } from "../../../shared/resources/meta.ts";
import { wmsDocumentMeta } from "../../../shared/resources/generated/wms_document.ts";
import {
  canKeepDocuments,
  definitionOf,
  enabledTypes,
  readPositions,
  type WmsDocument,
  type WmsPosition,
} from "./document.ts";
import { IssueList, issuesAt, IssueSummary, useConfirmFlow } from "./issues.tsx";
import * as css from "./documents.css.ts";
import * as tcss from "../../ui/table.css.ts";

const reference = (name: string): ReferenceMeta =>
  wmsDocumentMeta.fields.find((f) => f.name === name)!.reference!;
const containerRef: ReferenceMeta = { resource: "Container", path: "/Container", titleFields: ["number"] };
const productRef: ReferenceMeta = { resource: "Product", path: "/Product", titleFields: ["index", "name"] };

interface Header {
  typeCode: string;
  contractorId: number | null;
  sourceLocationId: number | null;
  sourceContainerId: number | null;
  destinationLocationId: number | null;
  destinationContainerId: number | null;
  plannedDate: string;
  comment: string;
}

interface ProductFlags {
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

export function DocumentEditor(p: {
  id: number | null;
  /** Told the working copy's number once it is read or saved (the screen's title shows it). */
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
  const [scan, setScan] = useState("");
  /** How many units the next scan or pick adds (a release takes them FEFO); back to 1 after each. */
  const [scanQuantity, setScanQuantity] = useState<number | null>(1);
  const [scanErrors, setScanErrors] = useState<string[]>([]);
  const [announce, setAnnounce] = useState("");
  const [busy, setBusy] = useState(false);
  const invalid = useInvalidFields();
  const scanBox = useRef<HTMLDivElement>(null);
  const scanQueue = useRef<Promise<void>>(Promise.resolve());

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

  const flow = useConfirmFlow(p.id, (d) => {
    pushToast("info", t.t("documents.confirmed", { number: d.documentNumber }));
    navigate(`/warehouse-documents/${d.id}`);
  }, save);

  /**
   * Adds one piece of what was scanned (a code) or picked (a product): the line of the same product,
   * expiry and serial grows, else a line is made. The scan field is emptied after a success and its text
   * selected after a refusal, so that the next scan replaces it instead of being appended to it.
   */
  function add(what: { productCode: string } | { productId: number }): Promise<void> {
    // One scan after another: a scanner gun's second code waits for the first, so the same product
    // scanned twice fast grows one line instead of racing to make two.
    const next = scanQueue.current.then(() => addNow(what));
    scanQueue.current = next.catch(() => {});
    return next;
  }

  async function addNow(what: { productCode: string } | { productId: number }) {
    if (p.id === null) return;
    if ("productCode" in what && !what.productCode.trim()) return;
    setScanErrors([]);
    // Quantities typed but not saved yet are saved first: the scan raises what the server holds.
    if (dirty.size && !(await save())) return;
    try {
      const answer = await api<
        { position: WmsPosition; merged: boolean; positions: WmsPosition[]; shortfall: number }
      >(
        "POST",
        "/WmsDocumentPosition/scan",
        {
          documentId: p.id,
          quantity: scanQuantity ?? 1,
          ...("productCode" in what ? { productCode: what.productCode.trim() } : what),
        },
      );
      setScanQuantity(1);
      const { position: pos, merged } = answer;
      // A release's scan may grow or make several lines (one per bin and lot it takes from, FEFO).
      const touched = answer.positions.length ? answer.positions : [pos];
      setPositions((list) => {
        const byId = new Map(touched.map((x) => [x.id, x]));
        const kept = list.map((x) => byId.get(x.id) ?? x);
        return [...kept, ...touched.filter((x) => !list.some((y) => y.id === x.id))];
      });
      setScan("");
      const product = pos.productIndex ?? pos.productName ?? "";
      const taking = def?.direction === "out";
      setAnnounce(
        taking
          ? t.t("documents.takenFefo", {
            product,
            sources: touched.map((x) =>
              [
                x.sourceLocationLabel,
                x.sourceContainerNumber,
                x.expiryDate ? t.day(x.expiryDate) : null,
                t.number(x.quantity),
              ].filter(Boolean).join(" · ")
            ).join("; "),
          })
          : merged
          ? t.t("documents.raised", { product, quantity: String(pos.quantity) })
          : t.t("documents.added", { product }),
      );
      if (answer.shortfall > 0) {
        setScanErrors([t.t("documents.short", { product, short: t.number(answer.shortfall) })]);
      }
      await readFlags(touched);
    } catch (err) {
      if (err instanceof ApiError && err.code === "document.validation") {
        setScanErrors((err.issues as { message?: string; code: string }[]).map((i) => i.message ?? i.code));
      } else setScanErrors([errorMessage(t, err)]);
      scanBox.current?.querySelector("input")?.select();
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

  if (canKeepDocuments(startup) === false) {
    return <Notice kind="error">{t.t("list.forbidden")}</Notice>;
  }
  if (failure) return <Notice kind="error">{errorMessage(t, failure)}</Notice>;
  if (p.id !== null && !doc) return <p>{t.t("common.loading")}</p>;
  if (doc && doc.statusCode !== "workingCopy") {
    return (
      <Notice>
        {t.t("documents.notEditable")}{" "}
        <Button quiet onPress={() => navigate(`/warehouse-documents/${doc.id}`)}>
          {t.t("documents.title", { number: doc.documentNumber })}
        </Button>
      </Notice>
    );
  }

  const side = (kind: "source" | "destination") => {
    const rule = kind === "source" ? def?.source : def?.destination;
    if (!rule || rule === "forbidden") return null;
    const locationKey = `${kind}LocationId` as const;
    const containerKey = `${kind}ContainerId` as const;
    return (
      <>
        <ReferencePicker
          t={t}
          name={locationKey}
          label={t.t(`field.wmsDocument.${locationKey}`)}
          reference={reference(locationKey)}
          value={current[locationKey]}
          knownTitle={doc?.[`${kind}LocationLabel` as const] ?? undefined}
          // A release's lines name their own bins (FEFO): the document's source is then only where to look.
          isRequired={rule === "required" && !(kind === "source" && def?.direction === "out")}
          errors={errors[locationKey]}
          onChange={(id) => change({ [locationKey]: id })}
        />
        <ReferencePicker
          t={t}
          name={containerKey}
          label={t.t(`field.wmsDocument.${containerKey}`)}
          reference={containerRef}
          value={current[containerKey]}
          knownTitle={doc?.[`${kind}ContainerNumber` as const] ?? undefined}
          errors={errors[containerKey]}
          onChange={(id) => change({ [containerKey]: id })}
        />
      </>
    );
  };

  return (
    <InvalidFieldsProvider value={invalid}>
      <div className={`${css.section} ${css.marksRequired}`} data-testid="document-editor">
        <h2>{t.t("documents.header")}</h2>
        <div className={css.header}>
          {doc
            ? (
              <>
                <ReadOnlyField label={t.t("field.wmsDocument.documentNumber")}>
                  {doc.documentNumber}
                </ReadOnlyField>
                <ReadOnlyField label={t.t("field.wmsDocument.typeCode")}>
                  {t.t(`option.typeCode.${doc.typeCode}` as PlainKey)}
                </ReadOnlyField>
              </>
            )
            : (
              <Select
                name="typeCode"
                label={t.t("field.wmsDocument.typeCode")}
                value={current.typeCode}
                isRequired
                options={types.map((d) => ({ id: d.typeCode, label: t.t(d.labelKey as PlainKey) }))}
                onChange={(typeCode) => change({ typeCode })}
                errors={errors.typeCode}
              />
            )}
          {def && !def.internal
            ? (
              <ReferencePicker
                t={t}
                name="contractorId"
                label={t.t("field.wmsDocument.contractorId")}
                reference={reference("contractorId")}
                value={current.contractorId}
                knownTitle={doc?.contractorName ?? undefined}
                errors={errors.contractorId}
                onChange={(id) => change({ contractorId: id })}
              />
            )
            : null}
          {side("source")}
          {side("destination")}
          <DateField
            name="plannedDate"
            label={t.t("field.wmsDocument.plannedDate")}
            value={current.plannedDate}
            onChange={(plannedDate) => change({ plannedDate: plannedDate ?? "" })}
            errors={errors.plannedDate}
          />
          <TextField
            name="comment"
            multiline
            label={t.t("field.wmsDocument.comment")}
            value={current.comment}
            onChange={(comment) => change({ comment })}
            errors={errors.comment}
          />
        </div>

        <h2>{t.t("documents.positions")}</h2>
        {p.id === null ? <p>{t.t("documents.saveFirst")}</p> : (
          <>
            <div
              ref={scanBox}
              className={css.scan}
              onKeyDown={(e: KeyboardEvent) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void add({ productCode: scan });
                }
              }}
            >
              <TextField
                name="productCode"
                label={t.t("documents.scan")}
                description={t.t("documents.scanHint")}
                value={scan}
                onChange={(v) => {
                  setScan(v);
                  if (scanErrors.length) setScanErrors([]);
                }}
                autoComplete="off"
                errors={scanErrors}
              />
            </div>
            <div className={css.scan}>
              <NumberField
                name="scanQuantity"
                label={t.t("documents.scanQuantity")}
                value={scanQuantity}
                minValue={0.001}
                maxValue={LIMITS.quantity.max}
                formatOptions={{ useGrouping: false, maximumFractionDigits: 3 }}
                onChange={setScanQuantity}
                incrementLabel={t.t("dialog.increment")}
                decrementLabel={t.t("dialog.decrement")}
              />
            </div>
            <div className={css.scan}>
              <ReferencePicker
                t={t}
                name="pickProduct"
                label={t.t("documents.pickProduct")}
                reference={productRef}
                value={null}
                onChange={(id) => {
                  if (id === null) return;
                  void add({ productId: id });
                  // The scan field is ready for the next code (and the search list closes), once the
                  // combo box has finished its selection (it keeps focus until the next frame).
                  requestAnimationFrame(() => scanBox.current?.querySelector("input")?.focus());
                }}
              />
            </div>
            <div role="status" aria-live="polite" data-testid="scan-status">{announce}</div>
            <IssueSummary t={t} flow={flow} />
            {positions.length
              ? (
                <div className={tcss.scroll}>
                  <table className={tcss.table} data-testid="editor-positions">
                    <thead>
                      <tr>
                        <th scope="col" className={`${tcss.keyCell} ${tcss.nameCell}`}>
                          {t.t("field.wmsDocumentPosition.productId")}
                        </th>
                        <th scope="col">{t.t("field.wmsDocumentPosition.quantity")}</th>
                        {def?.direction === "out" ? <th scope="col">{t.t("documents.source")}</th> : null}
                        <th scope="col">{t.t("field.wmsDocumentPosition.expiryDate")}</th>
                        <th scope="col">{t.t("field.wmsDocumentPosition.productionDate")}</th>
                        <th scope="col">{t.t("field.wmsDocumentPosition.serialNumber")}</th>
                        <th scope="col">{t.t("dialog.delete")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {positions.map((pos) => (
                        <PositionRow
                          key={pos.id}
                          t={t}
                          pos={pos}
                          flags={flags[pos.productId]}
                          issues={issuesAt(flow.issues, pos.id)}
                          showSource={def?.direction === "out"}
                          withinId={current.sourceLocationId}
                          onChange={(patch) => changePosition(pos.id, patch)}
                          onRemove={() => void remove(pos)}
                        />
                      ))}
                    </tbody>
                  </table>
                </div>
              )
              : <p>{t.t("documents.noPositions")}</p>}
          </>
        )}
        <div className={css.actions}>
          <Button
            isDisabled={busy || flow.busy}
            onPress={async () => {
              setBusy(true);
              if (await save()) pushToast("info", t.t("dialog.saved"));
              setBusy(false);
            }}
          >
            {t.t("common.save")}
          </Button>
          {p.id !== null
            ? (
              <Button
                isDisabled={busy || flow.busy || !positions.length}
                onPress={() => void flow.run(false)}
              >
                {t.t("document.action.confirm")}
              </Button>
            )
            : null}
          {doc ? <HistoryButton meta={wmsDocumentMeta} id={doc.id} title={doc.documentNumber} /> : null}
          <Button quiet onPress={() => navigate("/warehouse-documents")}>
            {t.t("documents.backToList")}
          </Button>
        </div>
      </div>
    </InvalidFieldsProvider>
  );
}

function PositionRow(p: {
  t: Translator;
  pos: WmsPosition;
  flags: ProductFlags | undefined;
  issues: ReturnType<typeof issuesAt>;
  /** The document takes stock: each line names where from (its own bin, else the document's). */
  showSource: boolean;
  /** The document's source location (a zone or bin), within which other lots are offered. */
  withinId: number | null;
  onChange: (patch: Partial<WmsPosition>) => void;
  onRemove: () => void;
}) {
  const { t, pos, flags } = p;
  const name = [pos.productIndex, pos.productName].filter(Boolean).join(" · ");
  const dateField = (key: "expiryDate" | "productionDate", visible?: boolean, required?: boolean) =>
    visible || required
      ? (
        <DateField
          name={`${key}-${pos.id}`}
          label={`${t.t(`field.wmsDocumentPosition.${key}`)} ${name}`}
          hideLabel
          isRequired={required}
          value={pos[key] ?? null}
          onChange={(v) => p.onChange({ [key]: v })}
        />
      )
      : null;
  return (
    <tr
      data-position-id={pos.id}
      data-product={pos.productIndex ?? ""}
      data-source={pos.sourceLocationLabel ?? ""}
    >
      <td className={`${tcss.keyCell} ${tcss.nameCell}`}>
        {name}
        <IssueList t={t} issues={p.issues} testId="position-issues" />
      </td>
      <td className={css.quantityCell} data-label={t.t("field.wmsDocumentPosition.quantity")}>
        <NumberField
          name={`quantity-${pos.id}`}
          label={`${t.t("field.wmsDocumentPosition.quantity")} ${name}`}
          hideLabel
          value={pos.quantity}
          isRequired
          minValue={LIMITS.quantity.min}
          maxValue={LIMITS.quantity.max}
          formatOptions={{ useGrouping: false, maximumFractionDigits: 3 }}
          onChange={(v) => p.onChange({ quantity: v ?? 0 })}
          incrementLabel={t.t("dialog.increment")}
          decrementLabel={t.t("dialog.decrement")}
        />
      </td>
      {p.showSource
        ? (
          <td className={css.sourceCell} data-label={t.t("documents.source")}>
            <ReferencePicker
              t={t}
              name={`sourceLocationId-${pos.id}`}
              label={t.t("documents.sourceOf", { product: name })}
              hideLabel
              reference={reference("sourceLocationId")}
              value={pos.sourceLocationId}
              knownTitle={pos.sourceLocationLabel ?? undefined}
              onChange={(id) =>
                // Another bin: the lot picked for the old one may not lie there (a lot the product requires
                // stays for the clerk to check).
                p.onChange({
                  sourceLocationId: id,
                  sourceLocationLabel: null,
                  sourceContainerId: null,
                  sourceContainerNumber: null,
                  ...(flags?.expiryDateRequired ? {} : { expiryDate: null }),
                  ...(flags?.productionDateRequired ? {} : { productionDate: null }),
                  ...(flags?.serialNumberRequired ? {} : { serialNumber: null }),
                })}
            />
            {pos.sourceContainerNumber ? <span>{pos.sourceContainerNumber}</span> : null}
            <LotChooser
              t={t}
              productId={pos.productId}
              product={name}
              withinId={p.withinId}
              onPick={(line) =>
                p.onChange({
                  sourceLocationId: line.locationId,
                  sourceLocationLabel: line.locationLabel,
                  sourceContainerId: line.containerId,
                  sourceContainerNumber: line.containerNumber,
                  expiryDate: line.expiryDate,
                  productionDate: line.productionDate,
                  serialNumber: line.serialNumber,
                })}
            />
          </td>
        )
        : null}
      <td data-label={t.t("field.wmsDocumentPosition.expiryDate")}>
        {dateField(
          "expiryDate",
          flags?.expiryDateVisible || pos.expiryDate !== null,
          flags?.expiryDateRequired,
        )}
      </td>
      <td data-label={t.t("field.wmsDocumentPosition.productionDate")}>
        {dateField(
          "productionDate",
          flags?.productionDateVisible || pos.productionDate !== null,
          flags?.productionDateRequired,
        )}
      </td>
      <td data-label={t.t("field.wmsDocumentPosition.serialNumber")}>
        {flags?.serialNumberVisible || flags?.serialNumberRequired
          ? (
            <TextField
              name={`serialNumber-${pos.id}`}
              label={`${t.t("field.wmsDocumentPosition.serialNumber")} ${name}`}
              hideLabel
              isRequired={flags.serialNumberRequired}
              value={pos.serialNumber ?? ""}
              onChange={(v) => p.onChange({ serialNumber: v || null })}
            />
          )
          : null}
      </td>
      <td>
        <Button quiet aria-label={t.t("documents.remove", { product: name })} onPress={p.onRemove}>
          <span aria-hidden="true">✕</span>
        </Button>
      </td>
    </tr>
  );
}
