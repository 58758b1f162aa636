// The fields of a record, laid out from the resource metadata: edited where this user may edit them in
// this mode, shown read-only otherwise, each with the server's messages beside it.
import { DateField, DateTimeField } from "../../ui/date_field.tsx";
import { type ReactNode, useState } from "react";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { Button, Checkbox, ReadOnlyField, Select, TextField } from "../../ui/controls.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import { ColourField, ColourSwatch } from "../../ui/colour_field.tsx";
import { RemovableTags } from "../../ui/tag_list.tsx";
import { BarcodePreview } from "../../ui/barcode.tsx";
import {
  type FieldMeta,
  formatValue,
  label,
  namesField,
  optionLabel,
  type PlainKey,
  type ResourceMeta,
} from "../list/meta.ts";
import { ReferenceNames, ReferencePicker, ReferencesPicker } from "./reference_field.tsx";
import { RowsField, RowsTable } from "./rows_field.tsx";
import {
  type Address,
  ADDRESS_FIELDS,
  emptyAddress,
  isEditable,
  isRequired,
  MAX_ADDRESSES,
  type Mode,
  type Values,
} from "./form_state.ts";
import * as css from "./dialogs.css.ts";
import * as ui from "../../ui/ui.css.ts";

const NONE = "__none__";

interface FieldProps {
  t: Translator;
  field: FieldMeta;
  mode: Mode;
  value: unknown;
  onChange: (v: unknown) => void;
  errors: Record<string, string[]>;
  /** The record being edited (names of linked records it carries). */
  record: Values | null;
}

function messages(t: Translator, codes: string[] | undefined): string[] | undefined {
  return codes?.map((c) => t.t(c as PlainKey));
}

function EditField({ t, field: f, mode, value, onChange, errors, record }: FieldProps) {
  const common = { name: f.name, label: label(t, f), isRequired: isRequired(f, mode) };
  const errs = messages(t, errors[f.name]);
  switch (f.kind) {
    case "boolean":
      return (
        <Checkbox name={f.name} isSelected={value === true} onChange={onChange} errors={errs}>
          {label(t, f)}
        </Checkbox>
      );
    case "number":
    case "money":
      return (
        <NumberField
          {...common}
          value={typeof value === "number" ? value : null}
          onChange={onChange}
          errors={errs}
          minValue={f.form?.min}
          maxValue={f.form?.max}
          unit={f.kind === "number" ? f.unit : undefined}
          incrementLabel={t.t("dialog.increment")}
          decrementLabel={t.t("dialog.decrement")}
        />
      );
    case "reference": {
      const known = f.reference?.displayField ? record?.[f.reference.displayField] : undefined;
      return (
        <ReferencePicker
          {...common}
          t={t}
          reference={f.reference!}
          value={typeof value === "number" ? value : null}
          knownTitle={typeof known === "string" ? known : undefined}
          onChange={(id) => onChange(id)}
          errors={errs}
        />
      );
    }
    case "references":
      return (
        <ReferencesPicker
          {...common}
          t={t}
          reference={f.reference!}
          value={Array.isArray(value) ? value as number[] : []}
          onChange={onChange}
          errors={errs}
        />
      );
    case "strings":
      return (
        <StringsField
          t={t}
          field={f}
          value={Array.isArray(value) ? value as string[] : []}
          onChange={onChange}
        />
      );
    case "colour":
      return (
        <ColourField
          {...common}
          value={typeof value === "string" ? value : null}
          onChange={onChange}
          errors={errs}
        />
      );
    case "latlng":
      return (
        <LatLngField
          t={t}
          field={f}
          value={value as LatLng | null}
          onChange={onChange}
          errors={errors}
        />
      );
    case "date": {
      const Field = f.day ? DateField : DateTimeField;
      return (
        <Field
          {...common}
          value={typeof value === "string" && value ? value : null}
          onChange={onChange}
          errors={errs}
        />
      );
    }
    case "enum": {
      const options = (f.options ?? []).map((o) => ({ id: o, label: optionLabel(t, f, o) }));
      if (!common.isRequired) options.unshift({ id: NONE, label: t.t("list.notSet") });
      return (
        <Select<string>
          {...common}
          value={typeof value === "string" ? value : NONE}
          options={options}
          onChange={(v) => onChange(v === NONE ? null : v)}
          errors={errs}
        />
      );
    }
    case "rows":
      return (
        <RowsField
          t={t}
          field={f}
          value={Array.isArray(value) ? value as Values[] : []}
          onChange={onChange}
          errors={errors}
          messages={(codes) => messages(t, codes)}
        />
      );
    case "addresses":
      return (
        <AddressesField
          t={t}
          field={f}
          value={Array.isArray(value) ? value as Address[] : []}
          onChange={onChange}
          errors={errors}
        />
      );
    default:
      return (
        <div className={f.kind === "textarea" ? css.wide : undefined}>
          <TextField
            {...common}
            type={f.kind === "password"
              ? "password"
              : f.kind === "email"
              ? "email"
              : f.kind === "phone"
              ? "tel"
              : "text"}
            multiline={f.kind === "textarea"}
            value={typeof value === "string"
              ? value
              : value === null || value === undefined
              ? ""
              : String(value)}
            onChange={onChange}
            // A password manager fills the current password and offers to keep the new one.
            autoComplete={f.kind !== "password"
              ? "off"
              : f.name === "currentPassword"
              ? "current-password"
              : "new-password"}
            description={f.kind === "password" && mode === "edit" && f.name === "password"
              ? t.t("dialog.passwordKeep")
              : f.form?.uppercase
              ? t.t("master.savedInCapitals")
              : undefined}
            errors={errs}
          />
          {f.barcodePreview && typeof value === "string"
            ? <BarcodePreview value={value} symbology={f.barcodePreview} />
            : null}
        </div>
      );
  }
}

function AddressesField(
  p: {
    t: Translator;
    field: FieldMeta;
    value: Address[];
    onChange: (v: Address[]) => void;
    errors: Record<string, string[]>;
  },
) {
  const { t } = p;
  const set = (i: number, key: keyof Address, v: string) =>
    p.onChange(p.value.map((a, j) => (j === i ? { ...a, [key]: v } : a)));
  return (
    <div className={css.wide}>
      {p.value.map((a, i) => (
        <div key={i} className={css.address} role="group" aria-label={t.t("dialog.address", { n: i + 1 })}>
          <div className={css.addressHead}>
            <strong>{t.t("dialog.address", { n: i + 1 })}</strong>
            <Button
              quiet
              onPress={() =>
                p.onChange(p.value.filter((_, j) =>
                  j !== i
                ))}
            >
              {t.t("dialog.removeAddress", { n: i + 1 })}
            </Button>
          </div>
          {ADDRESS_FIELDS.map((key) => (
            <TextField
              key={key}
              name={`${p.field.name}.${i}.${key}`}
              label={t.t(`field.address.${key}` as PlainKey)}
              value={a[key]}
              onChange={(v) => set(i, key, v)}
              errors={messages(t, p.errors[`${p.field.name}.${i}.${key}`])}
            />
          ))}
        </div>
      ))}
      {messages(t, p.errors[p.field.name])?.map((m) => <p key={m} role="alert">{m}</p>)}
      {p.value.length < MAX_ADDRESSES
        ? (
          <Button quiet onPress={() => p.onChange([...p.value, emptyAddress()])}>
            {t.t("dialog.addAddress")}
          </Button>
        )
        : null}
    </div>
  );
}

interface LatLng {
  lat: number | null;
  lng: number | null;
}

/** A point as two numbers within the globe's ranges. */
function LatLngField(
  p: {
    t: Translator;
    field: FieldMeta;
    value: LatLng | null;
    onChange: (v: LatLng) => void;
    errors: Record<string, string[]>;
  },
) {
  const { t, field: f } = p;
  const point = p.value ?? { lat: null, lng: null };
  const part = (key: "lat" | "lng", name: "master.latitude" | "master.longitude", limit: number) => (
    <NumberField
      name={`${f.name}.${key}`}
      label={t.t(name)}
      value={point[key]}
      onChange={(v) => p.onChange({ ...point, [key]: v })}
      minValue={-limit}
      maxValue={limit}
      errors={messages(t, [...(p.errors[f.name] ?? []), ...(p.errors[`${f.name}.${key}`] ?? [])])}
      incrementLabel={t.t("dialog.increment")}
      decrementLabel={t.t("dialog.decrement")}
    />
  );
  return (
    <div className={css.wide} role="group" aria-label={label(t, f)}>
      <span className={ui.label}>{label(t, f)}</span>
      <div className={css.pair}>
        {part("lat", "master.latitude", 90)}
        {part("lng", "master.longitude", 180)}
      </div>
    </div>
  );
}

/** Several texts (barcodes): tags to remove, and a box whose Enter adds what it holds. */
function StringsField(
  p: { t: Translator; field: FieldMeta; value: string[]; onChange: (v: string[]) => void },
) {
  const { t, field: f } = p;
  const [draft, setDraft] = useState("");
  function add() {
    const text = draft.trim();
    if (text && !p.value.includes(text)) p.onChange([...p.value, text]);
    setDraft("");
  }
  return (
    <div className={css.wide}>
      <RemovableTags
        label={label(t, f)}
        items={p.value.map((v) => ({ id: v, text: v }))}
        onRemove={(v) => p.onChange(p.value.filter((x) => x !== v))}
        removeLabel={(text) => t.t("master.remove", { value: text })}
        emptyText={t.t("master.noValues")}
      />
      <div
        className={css.picker}
        onKeyDown={(e) => {
          // Enter adds the typed value instead of saving the form (an empty box still saves).
          if (e.key === "Enter" && draft.trim()) {
            e.preventDefault();
            add();
          }
        }}
      >
        <div className={css.pickerBox}>
          <TextField
            name={`${f.name}-new`}
            label={t.t("master.newValue", { field: label(t, f) })}
            value={draft}
            onChange={setDraft}
            autoComplete="off"
          />
        </div>
        <span className={css.pickerClear}>
          <Button quiet onPress={add}>{t.t("master.addValue")}</Button>
        </span>
      </div>
    </div>
  );
}

/**
 * A stored value as a read-only form shows it: formatted in the user's language, a link by the name the
 * record carries (or looked up), a colour with its swatch. Also the cells of a record's history.
 */
export function shownValue(t: Translator, f: FieldMeta, value: unknown, record: Values | null): ReactNode {
  if (f.kind === "reference" && typeof value === "number") {
    const known = f.reference?.displayField ? record?.[f.reference.displayField] : undefined;
    return (
      <ReferenceNames
        reference={f.reference!}
        ids={[value]}
        known={typeof known === "string" && known ? known : undefined}
      />
    );
  }
  if (f.kind === "references" && Array.isArray(value) && value.length) {
    const names = record?.[namesField(f)];
    return (
      <ReferenceNames
        reference={f.reference!}
        ids={value as number[]}
        known={Array.isArray(names) && names.length ? names.join(", ") : undefined}
      />
    );
  }
  if (f.kind === "json" && value !== null && value !== undefined) return <JsonValue value={value} />;
  const shown = formatValue(t, f, value);
  if (f.kind === "colour" && shown) {
    return (
      <>
        <ColourSwatch value={String(value)} /> {shown}
      </>
    );
  }
  return shown;
}

function ShownField(
  { t, field: f, value, record }: { t: Translator; field: FieldMeta; value: unknown; record: Values | null },
) {
  if (f.kind === "rows") return <RowsTable t={t} field={f} value={value} />;
  const shown = shownValue(t, f, value, record);
  const wide = f.kind === "textarea" || f.kind === "addresses" || f.kind === "references" ||
    f.kind === "strings";
  // A bar-code field (one text, or several for `strings`) is drawn under its value.
  const symbology = f.barcodePreview;
  const barcodes = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
  return (
    <div className={wide ? css.wide : undefined}>
      <ReadOnlyField label={label(t, f)}>
        {shown || <span aria-hidden="true">—</span>}
      </ReadOnlyField>
      {symbology ? barcodes.map((v) => <BarcodePreview key={v} value={v} symbology={symbology} />) : null}
    </div>
  );
}

/** A JSON value (a system log entry's details) as indented text. */
function JsonValue({ value }: { value: unknown }) {
  return <pre className={css.json}>{JSON.stringify(value, null, 2)}</pre>;
}

/** The fields of one dialog, in the metadata's groups. */
export function RecordFields(p: {
  t: Translator;
  meta: ResourceMeta;
  mode: Mode;
  isAdmin: boolean;
  record: Values | null;
  values: Values;
  onChange: (name: string, value: unknown) => void;
  errors: Record<string, string[]>;
}) {
  const { t, mode } = p;
  const shown = p.meta.fields.filter((f) => {
    if (isEditable(f, mode, p.isAdmin)) return true;
    // Read-only: a stored value to show (never a password), and nothing in an empty add form.
    return mode !== "add" && !f.writeOnly;
  });
  const groups = new Map<string, FieldMeta[]>();
  for (const f of shown) {
    const key = f.groupKey ?? "";
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return (
    <>
      {[...groups].map(([key, fields]) => (
        <fieldset key={key} className={css.group}>
          {key ? <legend className={css.legend}>{t.t(key as PlainKey)}</legend> : null}
          {fields.map((f) =>
            isEditable(f, mode, p.isAdmin)
              ? (
                <EditField
                  key={f.name}
                  t={t}
                  field={f}
                  mode={mode}
                  value={p.values[f.name]}
                  onChange={(v) => p.onChange(f.name, v)}
                  errors={p.errors}
                  record={p.record}
                />
              )
              : <ShownField key={f.name} t={t} field={f} value={p.record?.[f.name]} record={p.record} />
          )}
        </fieldset>
      ))}
    </>
  );
}
