// The fields of a record, laid out from the resource metadata: edited where this user may edit them in
// this mode, shown read-only otherwise, each with the server's messages beside it.
import type { Translator } from "../../i18n/mod.ts";
import { Button, Checkbox, ReadOnlyField, Select, TextField } from "../../ui/controls.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import {
  type FieldMeta,
  formatValue,
  label,
  optionLabel,
  type PlainKey,
  type ResourceMeta,
} from "../list/meta.ts";
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

const NONE = "__none__";

interface FieldProps {
  t: Translator;
  field: FieldMeta;
  mode: Mode;
  value: unknown;
  onChange: (v: unknown) => void;
  errors: Record<string, string[]>;
}

function messages(t: Translator, codes: string[] | undefined): string[] | undefined {
  return codes?.map((c) => t.t(c as PlainKey));
}

function EditField({ t, field: f, mode, value, onChange, errors }: FieldProps) {
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
          incrementLabel={t.t("dialog.increment")}
          decrementLabel={t.t("dialog.decrement")}
        />
      );
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
            autoComplete={f.kind === "password" ? "new-password" : "off"}
            description={f.kind === "password" && mode === "edit" && f.name === "password"
              ? t.t("dialog.passwordKeep")
              : undefined}
            errors={errs}
          />
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

function ShownField({ t, field: f, value }: { t: Translator; field: FieldMeta; value: unknown }) {
  const text = formatValue(t, f, value);
  return (
    <div className={f.kind === "textarea" || f.kind === "addresses" ? css.wide : undefined}>
      <ReadOnlyField label={label(t, f)}>
        {text || <span aria-hidden="true">—</span>}
      </ReadOnlyField>
    </div>
  );
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
                />
              )
              : <ShownField key={f.name} t={t} field={f} value={p.record?.[f.name]} />
          )}
        </fieldset>
      ))}
    </>
  );
}
