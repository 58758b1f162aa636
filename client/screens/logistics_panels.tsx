// The logistics configuration's tabs after numbering: the document and order types in use and whether
// confirming an order makes its documents; the expiry, rack-load and temperature rules; units; production's
// locations and counting.
import type { Translator } from "../../shared/i18n/mod.ts";
import type { PlainKey } from "../features/list/meta.ts";
import { ReadOnlyField, Select, Switch, TextField } from "../ui/controls.tsx";
import { NumberField } from "../ui/number_field.tsx";
import { ReferenceNames, ReferencePicker } from "../features/dialogs/reference_field.tsx";
import { storageSpaceMeta } from "../../shared/resources/generated/storage_space.ts";
import { documentTypeCodes, orderTypeCodes } from "../../shared/config/codes.ts";
import type { Config, Rule } from "./logistics_config_state.ts";

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

/** A switch per type code: on unless the configuration's `field` turns it off. */
function TypeSwitches(p: {
  t: Translator;
  config: Config;
  readOnly: boolean;
  set: (change: (c: Config) => Config) => void;
  codes: readonly string[];
  field: "documentTypesEnabled" | "orderTypesEnabled";
}) {
  return p.codes.map((code) => (
    <Switch
      isReadOnly={p.readOnly}
      key={code}
      isSelected={p.config[p.field][code] !== false}
      onChange={(v) => !p.readOnly && p.set((c) => (c[p.field][code] = v, c))}
    >
      {p.t.t(`option.typeCode.${code}` as PlainKey)}
    </Switch>
  ));
}

/** The document and order types in use, and whether confirming an order makes its documents. */
export function OperationsPanel(p: {
  t: Translator;
  config: Config;
  readOnly: boolean;
  errors: Record<string, string[]>;
  set: (change: (c: Config) => Config) => void;
}) {
  const { t } = p;
  return (
    <>
      <h2>{t.t("logistics.documentTypesEnabled")}</h2>
      <TypeSwitches {...p} codes={documentTypeCodes} field="documentTypesEnabled" />
      <h2>{t.t("logistics.orderTypesEnabled")}</h2>
      <TypeSwitches {...p} codes={orderTypeCodes} field="orderTypesEnabled" />
      <Select
        name="generateDocumentsOnOrderSave"
        label={t.t("logistics.generateDocumentsOnOrderSave")}
        value={p.config.generateDocumentsOnOrderSave}
        isReadOnly={p.readOnly}
        options={(["ask", "always", "never"] as const).map((g) => ({
          id: g,
          label: t.t(`logistics.generate.${g}`),
        }))}
        onChange={(v) => p.set((c) => (c.generateDocumentsOnOrderSave = v, c))}
      />
    </>
  );
}

/** What happens to expired, short-expiry, overloading and wrong-temperature moves. */
export function RulesPanel(p: {
  t: Translator;
  config: Config;
  readOnly: boolean;
  errors: Record<string, string[]>;
  set: (change: (c: Config) => Config) => void;
}) {
  const { t } = p;
  const rule = (name: string) => (
    <Select
      key={name}
      name={name}
      label={t.t(`logistics.rules.${name}` as PlainKey)}
      value={p.config.rules[name] as Rule}
      isReadOnly={p.readOnly}
      options={(["block", "warn", "allow"] as const).map((r) => ({
        id: r,
        label: t.t(`logistics.rule.${r}`),
      }))}
      onChange={(v) => p.set((c) => (c.rules[name] = v, c))}
    />
  );
  return (
    <>
      {RULES.map(rule)}
      <NumberField
        name="shortExpiryDays"
        label={t.t("logistics.rules.shortExpiryDays")}
        value={Number(p.config.rules.shortExpiryDays)}
        minValue={0}
        maxValue={3650}
        isReadOnly={p.readOnly}
        onChange={(v) => v !== null && p.set((c) => (c.rules.shortExpiryDays = v, c))}
        errors={p.errors["rules.shortExpiryDays"]}
      />
    </>
  );
}

/** The units of measure, typed as one list, and the default one. */
export function UnitsPanel(p: {
  t: Translator;
  config: Config;
  readOnly: boolean;
  errors: Record<string, string[]>;
  set: (change: (c: Config) => Config) => void;
  unitsText: string | null;
  setUnitsText: (text: string) => void;
}) {
  const { t } = p;
  return (
    <>
      <TextField
        name="units"
        label={t.t("logistics.unitsList")}
        value={p.unitsText ?? p.config.units.join(", ")}
        isReadOnly={p.readOnly}
        onChange={(v) => {
          // The text as typed (a comma not yet followed by a unit stays); the list from it.
          p.setUnitsText(v);
          p.set((c) => (c.units = v.split(",").map((u) => u.trim()).filter(Boolean), c));
        }}
        errors={p.errors.units}
      />
      <Select
        name="defaultUnit"
        label={t.t("logistics.defaultUnit")}
        value={p.config.defaultUnit}
        isReadOnly={p.readOnly}
        options={p.config.units.map((u) => ({ id: u, label: u }))}
        onChange={(v) => p.set((c) => (c.defaultUnit = v, c))}
      />
    </>
  );
}

/** Production's switch and locations, and whether counters see the expected quantity. */
export function ProductionPanel(p: {
  t: Translator;
  config: Config;
  readOnly: boolean;
  errors: Record<string, string[]>;
  set: (change: (c: Config) => Config) => void;
}) {
  const { t } = p;
  return (
    <>
      <Switch
        isReadOnly={p.readOnly}
        isSelected={p.config.production.enabled}
        onChange={(v) => !p.readOnly && p.set((c) => (c.production.enabled = v, c))}
      >
        {t.t("logistics.production.enabled")}
      </Switch>
      {(["rawMaterialLocationId", "finishedGoodsLocationId"] as const).map((name) =>
        p.readOnly
          ? (
            <ReadOnlyField key={name} label={t.t(`logistics.production.${name}`)}>
              {p.config.production[name] === null
                ? "—"
                : <ReferenceNames reference={locationRef} ids={[p.config.production[name]!]} />}
            </ReadOnlyField>
          )
          : (
            <ReferencePicker
              key={name}
              t={t}
              name={name}
              label={t.t(`logistics.production.${name}`)}
              reference={locationRef}
              value={p.config.production[name]}
              onChange={(v) => p.set((c) => (c.production[name] = v, c))}
              errors={p.errors[`production.${name}`]}
            />
          )
      )}
      <Switch
        isReadOnly={p.readOnly}
        isSelected={p.config.counting.showExpected}
        onChange={(v) => !p.readOnly && p.set((c) => (c.counting.showExpected = v, c))}
      >
        {t.t("logistics.counting.showExpected")}
      </Switch>
    </>
  );
}
