// The logistics configuration screen's state: the configuration read (again when another user saves it,
// unless this user has changes not saved yet, which are then said to be out of date), every schema's next
// number asked in one call, the schemas whose line does not parse, and saving with the version check.
import { useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useResourceEvents } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import { startupAtom, store } from "../state.ts";
import { documentTypeCodes, orderTypeCodes } from "../../shared/config/codes.ts";
import type { Part } from "./numbering_pattern.ts";
import { fieldMessages } from "./signin.tsx";

export type Reset = "never" | "yearly" | "monthly";
export type Rule = "block" | "warn" | "allow";
export interface Schema {
  parts: Part[];
  reset: Reset;
}
export interface Config {
  version: number;
  numbering: {
    documents: Record<string, Schema>;
    orders: Record<string, Schema>;
    container: Schema;
    draftPrefix: string;
  };
  documentTypesEnabled: Record<string, boolean>;
  orderTypesEnabled: Record<string, boolean>;
  generateDocumentsOnOrderSave: "ask" | "always" | "never";
  rules: Record<string, Rule | number>;
  units: string[];
  defaultUnit: string;
  production: {
    enabled: boolean;
    rawMaterialLocationId: number | null;
    finishedGoodsLocationId: number | null;
    numbering?: Schema;
  };
  counting: { showExpected: boolean };
  [key: string]: unknown;
}

export type Kind = "document" | "order" | "container";

/** Every schema the screen shows, by its row's key: whose numbers, for the previews asked all at once. */
export function schemaKeys(): Array<{ key: string; kind: Kind; typeCode: string | null }> {
  return [
    ...documentTypeCodes.map((code) => ({ key: `d-${code}`, kind: "document" as const, typeCode: code })),
    ...orderTypeCodes.map((code) => ({ key: `o-${code}`, kind: "order" as const, typeCode: code })),
    { key: "container", kind: "container", typeCode: null },
    { key: "production", kind: "order", typeCode: "PRD" },
  ];
}

export function useLogisticsConfig() {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const isAdmin = !!startup?.user.isSuperUser;
  const [config, setConfig] = useState<Config | null>(null);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [tab, setTab] = useState("numbering");
  const [notice, setNotice] = useState<{ kind: "info" | "error"; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  /** Changes not saved yet: another user's change then says so instead of replacing them. */
  const [dirty, setDirty] = useState(false);
  const [unitsText, setUnitsText] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** Each schema's next number as loaded, by its row's key. */
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const readOnly = !isAdmin;
  const load = () =>
    api<Config>("GET", "/ClientLogisticsConfig").then((c) => {
      setConfig(c);
      setDirty(false);
      setUnitsText(null);
      setLoadError(null);
    }, (err) => setLoadError(errorMessage(t, err)));
  useEffect(() => {
    void load();
  }, []);
  // Every schema's next number in one call (one call each took as many round trips as there are types).
  useEffect(() => {
    if (!config || readOnly) return;
    const rows = schemaKeys();
    let live = true;
    api<{ numbers: Array<{ number: string }> }>("POST", "/Config/NumberingPreviews", {
      items: rows.map((r) => ({ kind: r.kind, typeCode: r.typeCode })),
    }, { cause: "read" }).then(
      (r) =>
        live && setPreviews(Object.fromEntries(rows.map((row, i) => [row.key, r.numbers[i]?.number ?? ""]))),
      () => live && setPreviews({}),
    );
    return () => {
      live = false;
    };
  }, [config?.version, readOnly]);
  useResourceEvents("ClientLogisticsConfig", () => {
    if (dirty) setNotice({ kind: "error", text: t.t("apiError.record.changedByAnotherUser") });
    else void load();
  });
  const set = (change: (c: Config) => Config) => {
    setDirty(true);
    setConfig((c) => (c ? change(structuredClone(c)) : c));
  };
  const save = async () => {
    try {
      if (!config) return;
      const { id: _id, createdAt: _c, updatedAt: _u, ...body } = config;
      const saved = await api<Config>("PUT", "/ClientLogisticsConfig", body);
      setConfig(saved);
      setDirty(false);
      setUnitsText(null);
      // This user's own startup configuration (the hub tells the others).
      const current = store.get(startupAtom);
      if (current) store.set(startupAtom, { ...current, clientLogisticsConfig: saved });
      setErrors({});
      setNotice({ kind: "info", text: t.t("logistics.saved") });
    } catch (err) {
      setErrors(fieldMessages(t, (err as { fields?: Record<string, string[]> }).fields));
      setNotice({ kind: "error", text: errorMessage(t, err) });
    }
  };
  return {
    t,
    config,
    readOnly,
    invalid,
    setInvalid,
    tab,
    setTab,
    notice,
    errors,
    unitsText,
    setUnitsText,
    loadError,
    previews,
    set,
    save,
  };
}
