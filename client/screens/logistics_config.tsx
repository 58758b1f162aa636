// Administration → Logistics configuration (issue 17): the numbering schemas of every document type, order
// type, containers and production orders, each written as one line (numbering_pattern.ts) with the next
// number it gives shown live (all of them in one POST Config/NumberingPreviews as the screen opens, an edited
// one by POST Config/NumberingPreview); the document and order types in use; the
// expiry, short-expiry, rack-load and temperature rules; units; production and counting settings. Saved with
// the version check; every user's startup configuration reloads over the hub (client/hub.ts).
import { useEffect, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useResourceEvents } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import type { PlainKey } from "../features/list/meta.ts";
import { startupAtom, store } from "../state.ts";
import { Button, Notice, ReadOnlyField, Select, Switch, Tabs, TextField } from "../ui/controls.tsx";
import { Loading } from "../ui/loading.tsx";
import { ReferenceNames, ReferencePicker } from "../features/dialogs/reference_field.tsx";
import { storageSpaceMeta } from "../../shared/resources/generated/storage_space.ts";
import { NumberField } from "../ui/number_field.tsx";
import { documentTypeCodes, orderTypeCodes, productionNumbering } from "../../shared/config/codes.ts";
import { type Part, partsToPattern, patternToParts } from "./numbering_pattern.ts";
import { fieldMessages } from "./signin.tsx";
import * as shell from "../shell/shell.css.ts";
import * as css from "./portal.css.ts";
import * as lc from "./logistics_config.css.ts";
import { table } from "../features/stock/stock.css.ts";

type Reset = "never" | "yearly" | "monthly";
type Rule = "block" | "warn" | "allow";
interface Schema {
  parts: Part[];
  reset: Reset;
}
interface Config {
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

/** A location, as the location form's parent picker finds one. */
const locationRef = storageSpaceMeta.fields.find((f) => f.name === "parentId")!.reference!;

const RULES = [
  "expiredOnReceipt",
  "expiredOnRelease",
  "shortExpiryOnReceipt",
  "shortExpiryOnRelease",
  "rackLoad",
  "storageTemperature",
] as const;

type Kind = "document" | "order" | "container";

/** Every schema the screen shows, by its row's key: whose numbers, for the previews asked all at once. */
function schemaKeys(): Array<{ key: string; kind: Kind; typeCode: string | null }> {
  return [
    ...documentTypeCodes.map((code) => ({ key: `d-${code}`, kind: "document" as const, typeCode: code })),
    ...orderTypeCodes.map((code) => ({ key: `o-${code}`, kind: "order" as const, typeCode: code })),
    { key: "container", kind: "container", typeCode: null },
    { key: "production", kind: "order", typeCode: "PRD" },
  ];
}

/** One schema: its line, when its counter starts again, and the next number it gives. */
function SchemaRow(p: {
  label: string;
  kind: Kind;
  typeCode?: string;
  schema: Schema;
  readOnly: boolean;
  /** The next number of the schema as loaded (asked with all the others); undefined while on its way. */
  loaded: string | undefined;
  onChange: (s: Schema | null) => void;
}) {
  const t = useT();
  const [line, setLine] = useState(partsToPattern(p.schema.parts));
  const [preview, setPreview] = useState("");
  const parts = patternToParts(line);
  /** The schema as loaded: its number came with all the others; only an edited one asks for its own. */
  const start = useRef({ line, reset: p.schema.reset });
  useEffect(() => {
    if (!parts || p.readOnly) {
      setPreview("");
      return;
    }
    if (line === start.current.line && p.schema.reset === start.current.reset) {
      setPreview(p.loaded ?? "");
      return;
    }
    // Only the answer for what the field holds now is shown (a slower earlier one is dropped).
    let current = true;
    const timer = setTimeout(() => {
      api<{ number: string }>("POST", "/Config/NumberingPreview", {
        kind: p.kind,
        typeCode: p.typeCode ?? null,
        schema: { parts, reset: p.schema.reset },
      }, { cause: "read" }).then((r) => current && setPreview(r.number), () => current && setPreview(""));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [line, p.schema.reset, p.readOnly, p.loaded]);
  return (
    <tr data-testid={`numbering-${p.kind}-${p.typeCode ?? ""}`}>
      <th scope="row">{p.label}</th>
      <td className={lc.patternCell}>
        <TextField
          name={`pattern-${p.kind}-${p.typeCode ?? ""}`}
          label={t.t("logistics.pattern")}
          hideLabel
          value={line}
          isReadOnly={p.readOnly}
          onChange={(v) => {
            setLine(v);
            const next = patternToParts(v);
            p.onChange(next ? { parts: next, reset: p.schema.reset } : null);
          }}
          errors={parts ? [] : [t.t("logistics.patternInvalid")]}
        />
      </td>
      <td>
        <Select
          label={t.t("logistics.reset")}
          hideLabel
          value={p.schema.reset}
          isReadOnly={p.readOnly}
          options={(["never", "yearly", "monthly"] as const).map((r) => ({
            id: r,
            label: t.t(`logistics.reset.${r}`),
          }))}
          onChange={(reset) => parts && p.onChange({ parts, reset })}
        />
      </td>
      <td data-testid="numbering-preview">{preview}</td>
    </tr>
  );
}

export function LogisticsConfigScreen() {
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
  if (!config) {
    // The title at once, and what the screen waits for (or why it cannot be shown).
    return (
      <section aria-busy={!loadError}>
        <h1 className={shell.title}>{t.t("route.logistics-config")}</h1>
        {loadError
          ? <Notice kind="error">{loadError}</Notice>
          : <Loading text={t.t("common.loading")} testId="logistics-loading" />}
      </section>
    );
  }
  const set = (change: (c: Config) => Config) => {
    setDirty(true);
    setConfig((c) => (c ? change(structuredClone(c)) : c));
  };
  const schemaRow = (
    key: string,
    label: string,
    kind: Kind,
    schema: Schema,
    put: (c: Config, s: Schema) => void,
    typeCode?: string,
  ) => (
    <SchemaRow
      // A new version (saved, or loaded again) shows its own patterns.
      key={`${key}-${config.version}`}
      label={label}
      kind={kind}
      typeCode={typeCode}
      schema={schema}
      readOnly={readOnly}
      loaded={previews[key]}
      onChange={(s) => {
        setInvalid((now) => {
          const next = new Set(now);
          if (s) next.delete(key);
          else next.add(key);
          return next;
        });
        if (s) set((c) => (put(c, s), c));
      }}
    />
  );
  const save = async () => {
    try {
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
  const rule = (name: string) => (
    <Select
      key={name}
      name={name}
      label={t.t(`logistics.rules.${name}` as PlainKey)}
      value={config.rules[name] as Rule}
      isReadOnly={readOnly}
      options={(["block", "warn", "allow"] as const).map((r) => ({
        id: r,
        label: t.t(`logistics.rule.${r}`),
      }))}
      onChange={(v) => set((c) => (c.rules[name] = v, c))}
    />
  );
  const numbering = (
    <table className={table}>
      <thead>
        <tr>
          <th scope="col">{t.t("logistics.numbering")}</th>
          <th scope="col">{t.t("logistics.pattern")}</th>
          <th scope="col">{t.t("logistics.reset")}</th>
          <th scope="col">{t.t("logistics.preview")}</th>
        </tr>
      </thead>
      <tbody>
        {documentTypeCodes.map((code) =>
          schemaRow(
            `d-${code}`,
            `${t.t("logistics.documents")}: ${t.t(`option.typeCode.${code}` as PlainKey)}`,
            "document",
            config.numbering.documents[code],
            (c, s) => (c.numbering.documents[code] = s),
            code,
          )
        )}
        {orderTypeCodes.map((code) =>
          schemaRow(
            `o-${code}`,
            `${t.t("logistics.orders")}: ${t.t(`option.typeCode.${code}` as PlainKey)}`,
            "order",
            config.numbering.orders[code],
            (c, s) => (c.numbering.orders[code] = s),
            code,
          )
        )}
        {schemaRow(
          "container",
          t.t("logistics.container"),
          "container",
          config.numbering.container,
          (c, s) => (c.numbering.container = s),
        )}
        {schemaRow(
          "production",
          t.t("logistics.productionNumbering"),
          "order",
          config.production.numbering ?? productionNumbering(),
          (c, s) => (c.production.numbering = s),
          "PRD",
        )}
      </tbody>
    </table>
  );
  return (
    <section data-testid="logistics-config">
      <h1 className={shell.title}>{t.t("route.logistics-config")}</h1>
      {readOnly && <Notice>{t.t("logistics.readOnly")}</Notice>}
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {loadError && <Notice kind="error">{loadError}</Notice>}
      <Tabs
        label={t.t("route.logistics-config")}
        selected={tab}
        onChange={setTab}
        tabs={[
          {
            id: "numbering",
            title: t.t("logistics.numbering"),
            content: (
              <>
                {numbering}
                <TextField
                  name="draftPrefix"
                  label={t.t("logistics.draftPrefix")}
                  value={config.numbering.draftPrefix}
                  isReadOnly={readOnly}
                  onChange={(v) => set((c) => (c.numbering.draftPrefix = v, c))}
                  errors={errors["numbering.draftPrefix"]}
                />
              </>
            ),
          },
          {
            id: "operations",
            title: t.t("logistics.operations"),
            content: (
              <>
                <h2>{t.t("logistics.documentTypesEnabled")}</h2>
                {documentTypeCodes.map((code) => (
                  <Switch
                    isReadOnly={readOnly}
                    key={code}
                    isSelected={config.documentTypesEnabled[code] !== false}
                    onChange={(v) => !readOnly && set((c) => (c.documentTypesEnabled[code] = v, c))}
                  >
                    {t.t(`option.typeCode.${code}` as PlainKey)}
                  </Switch>
                ))}
                <h2>{t.t("logistics.orderTypesEnabled")}</h2>
                {orderTypeCodes.map((code) => (
                  <Switch
                    isReadOnly={readOnly}
                    key={code}
                    isSelected={config.orderTypesEnabled[code] !== false}
                    onChange={(v) => !readOnly && set((c) => (c.orderTypesEnabled[code] = v, c))}
                  >
                    {t.t(`option.typeCode.${code}` as PlainKey)}
                  </Switch>
                ))}
                <Select
                  name="generateDocumentsOnOrderSave"
                  label={t.t("logistics.generateDocumentsOnOrderSave")}
                  value={config.generateDocumentsOnOrderSave}
                  isReadOnly={readOnly}
                  options={(["ask", "always", "never"] as const).map((g) => ({
                    id: g,
                    label: t.t(`logistics.generate.${g}`),
                  }))}
                  onChange={(v) => set((c) => (c.generateDocumentsOnOrderSave = v, c))}
                />
              </>
            ),
          },
          {
            id: "rules",
            title: t.t("logistics.rules"),
            content: (
              <>
                {RULES.map(rule)}
                <NumberField
                  name="shortExpiryDays"
                  label={t.t("logistics.rules.shortExpiryDays")}
                  value={Number(config.rules.shortExpiryDays)}
                  minValue={0}
                  maxValue={3650}
                  isReadOnly={readOnly}
                  onChange={(v) => v !== null && set((c) => (c.rules.shortExpiryDays = v, c))}
                  errors={errors["rules.shortExpiryDays"]}
                />
              </>
            ),
          },
          {
            id: "units",
            title: t.t("logistics.units"),
            content: (
              <>
                <TextField
                  name="units"
                  label={t.t("logistics.unitsList")}
                  value={unitsText ?? config.units.join(", ")}
                  isReadOnly={readOnly}
                  onChange={(v) => {
                    // The text as typed (a comma not yet followed by a unit stays); the list from it.
                    setUnitsText(v);
                    set((c) => (c.units = v.split(",").map((u) => u.trim()).filter(Boolean), c));
                  }}
                  errors={errors.units}
                />
                <Select
                  name="defaultUnit"
                  label={t.t("logistics.defaultUnit")}
                  value={config.defaultUnit}
                  isReadOnly={readOnly}
                  options={config.units.map((u) => ({ id: u, label: u }))}
                  onChange={(v) => set((c) => (c.defaultUnit = v, c))}
                />
              </>
            ),
          },
          {
            id: "production",
            title: t.t("logistics.production"),
            content: (
              <>
                <Switch
                  isReadOnly={readOnly}
                  isSelected={config.production.enabled}
                  onChange={(v) => !readOnly && set((c) => (c.production.enabled = v, c))}
                >
                  {t.t("logistics.production.enabled")}
                </Switch>
                {(["rawMaterialLocationId", "finishedGoodsLocationId"] as const).map((name) =>
                  readOnly
                    ? (
                      <ReadOnlyField key={name} label={t.t(`logistics.production.${name}`)}>
                        {config.production[name] === null
                          ? "—"
                          : <ReferenceNames reference={locationRef} ids={[config.production[name]!]} />}
                      </ReadOnlyField>
                    )
                    : (
                      <ReferencePicker
                        key={name}
                        t={t}
                        name={name}
                        label={t.t(`logistics.production.${name}`)}
                        reference={locationRef}
                        value={config.production[name]}
                        onChange={(v) => set((c) => (c.production[name] = v, c))}
                        errors={errors[`production.${name}`]}
                      />
                    )
                )}
                <Switch
                  isReadOnly={readOnly}
                  isSelected={config.counting.showExpected}
                  onChange={(v) => !readOnly && set((c) => (c.counting.showExpected = v, c))}
                >
                  {t.t("logistics.counting.showExpected")}
                </Switch>
              </>
            ),
          },
        ]}
      />
      {!readOnly && (
        <Button isDisabled={invalid.size > 0} onPress={() => void save()}>{t.t("logistics.save")}</Button>
      )}
      <p className={css.muted}>{t.t("logistics.patternHelp")}</p>
    </section>
  );
}
