// A "rows" field (a product's custom fields, its bill of materials): a table whose columns the metadata
// declares, each cell a react-aria field named for screen readers by its column and row (a column naming
// another record, a bill's product, is picked as a reference), rows added and removed with buttons.
// The server's messages for a cell (`customFields.1.code`) show in that cell, those for the whole field
// (`customFields`: codes not unique, too many rows) under the table. The preview shows the same table,
// read-only.
import { useEffect, useId, useRef, useState } from "react";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { Button, Select, TextField } from "../../ui/controls.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import type { RowColumnMeta } from "../../../shared/resources/meta.ts";
import { type FieldMeta, label, type PlainKey, rowOptionLabel } from "../list/meta.ts";
import { emptyRow, type Values } from "./form_state.ts";
import { ReferenceNames, ReferencePicker } from "./reference_field.tsx";
import * as css from "./dialogs.css.ts";
import * as ui from "../../ui/ui.css.ts";

const NONE = "__none__";

function columnLabel(t: Translator, c: RowColumnMeta): string {
  return t.t(c.labelKey as PlainKey);
}

/** Stable React keys for rows that have no id of their own, kept in step with adds and removes. */
function useRowKeys(length: number) {
  const next = useRef(0);
  const keys = useRef<number[]>([]);
  if (keys.current.length !== length) keys.current = Array.from({ length }, () => next.current++);
  return {
    keys: keys.current,
    added: () => keys.current.push(next.current++),
    removed: (i: number) => keys.current.splice(i, 1),
  };
}

function Cell(p: {
  t: Translator;
  field: FieldMeta;
  column: RowColumnMeta;
  row: number;
  value: unknown;
  onChange: (v: unknown) => void;
  errors: string[] | undefined;
}) {
  const { t, column: c } = p;
  const common = {
    name: `${p.field.name}.${p.row}.${c.name}`,
    label: t.t("dialog.cellLabel", { column: columnLabel(t, c), n: p.row + 1 }),
    isRequired: !!c.required,
    errors: p.errors,
    hideLabel: true,
  };
  if (c.reference) {
    return (
      <ReferencePicker
        {...common}
        t={t}
        reference={c.reference}
        value={typeof p.value === "number" ? p.value : null}
        onChange={(id) => p.onChange(id)}
      />
    );
  }
  if (c.kind === "number") {
    return (
      <NumberField
        {...common}
        value={typeof p.value === "number" ? p.value : null}
        onChange={p.onChange}
        incrementLabel={t.t("dialog.increment")}
        decrementLabel={t.t("dialog.decrement")}
      />
    );
  }
  if (c.kind === "enum") {
    const options = (c.options ?? []).map((o) => ({ id: o, label: rowOptionLabel(t, p.field, c.name, o) }));
    if (!c.required) options.unshift({ id: NONE, label: t.t("list.notSet") });
    return (
      <Select<string>
        {...common}
        value={typeof p.value === "string" ? p.value : NONE}
        options={options}
        onChange={(v) => p.onChange(v === NONE ? null : v)}
      />
    );
  }
  return (
    <TextField
      {...common}
      value={typeof p.value === "string" ? p.value : p.value == null ? "" : String(p.value)}
      onChange={p.onChange}
      autoComplete="off"
    />
  );
}

export function RowsField(p: {
  t: Translator;
  field: FieldMeta;
  value: Values[];
  onChange: (v: Values[]) => void;
  errors: Record<string, string[]>;
  messages: (codes: string[] | undefined) => string[] | undefined;
}) {
  const { t, field: f } = p;
  const columns = f.rows?.columns ?? [];
  const max = f.rows?.maxRows ?? Infinity;
  const headingId = useId();
  const box = useRef<HTMLDivElement>(null);
  const rowKeys = useRowKeys(p.value.length);
  // After an add the new row's first cell takes the focus; after a remove, the add button does.
  const [focus, setFocus] = useState<{ row: number } | "add" | null>(null);
  useEffect(() => {
    if (!focus || !box.current) return;
    const target = focus === "add"
      ? box.current.querySelector<HTMLElement>("[data-rows-add]")
      : box.current.querySelector<HTMLElement>(
        `tbody tr:nth-child(${focus.row + 1}) td:first-child :is(input, button)`,
      );
    target?.focus();
    setFocus(null);
  }, [focus]);

  function setCell(i: number, column: string, v: unknown) {
    p.onChange(p.value.map((r, j) => (j === i ? { ...r, [column]: v } : r)));
  }
  function add() {
    rowKeys.added();
    p.onChange([...p.value, emptyRow(f)]);
    setFocus({ row: p.value.length });
  }
  // The server's cell messages name rows by position: after a remove, those from that row on name other
  // rows now, so they are hidden until the next save brings new messages.
  const [stale, setStale] = useState<{ errors: Record<string, string[]>; from: number } | null>(null);
  const staleFrom = stale?.errors === p.errors ? stale.from : Infinity;
  function remove(i: number) {
    setStale({ errors: p.errors, from: Math.min(i, staleFrom) });
    rowKeys.removed(i);
    p.onChange(p.value.filter((_, j) => j !== i));
    setFocus("add");
  }

  const fieldErrors = p.messages(p.errors[f.name]);
  return (
    <div ref={box} className={css.wide} role="group" aria-labelledby={headingId}>
      <span id={headingId} className={ui.label}>{label(t, f)}</span>
      {p.value.length
        ? (
          <div className={css.rowsScroll}>
            <table className={css.rowsTable}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.name} scope="col" className={ui.label}>
                      {columnLabel(t, c)}
                      {c.required ? <span aria-hidden="true" className={css.requiredMark}>*</span> : null}
                    </th>
                  ))}
                  <th scope="col">
                    <span className={ui.visuallyHidden}>{t.t("dialog.rowActions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.value.map((r, i) => (
                  <tr key={rowKeys.keys[i]}>
                    {columns.map((c) => (
                      <td key={c.name}>
                        <Cell
                          t={t}
                          field={f}
                          column={c}
                          row={i}
                          value={r[c.name]}
                          onChange={(v) => setCell(i, c.name, v)}
                          errors={i < staleFrom
                            ? p.messages(p.errors[`${f.name}.${i}.${c.name}`])
                            : undefined}
                        />
                      </td>
                    ))}
                    <td>
                      <Button
                        quiet
                        onPress={() => remove(i)}
                        aria-label={t.t("dialog.removeRow", { n: i + 1 })}
                      >
                        <span aria-hidden="true">✕</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
        : <p className={ui.description}>{t.t("dialog.noRows")}</p>}
      {fieldErrors?.length ? <p className={ui.fieldError} role="alert">{fieldErrors.join(" ")}</p> : null}
      {p.value.length < max
        ? (
          <Button quiet onPress={add} data-rows-add="">
            {t.t("dialog.addRow", { field: label(t, f) })}
          </Button>
        )
        : null}
    </div>
  );
}

/** A rows field in a preview: its label and the same table, values as text. */
export function RowsTable({ t, field: f, value }: { t: Translator; field: FieldMeta; value: unknown }) {
  const columns = f.rows?.columns ?? [];
  const rows = Array.isArray(value) ? value as Values[] : [];
  const headingId = useId();
  return (
    <div className={css.wide} role="group" aria-labelledby={headingId}>
      <span id={headingId} className={ui.label}>{label(t, f)}</span>
      {rows.length
        ? (
          <div className={css.rowsScroll}>
            <table className={css.rowsTable}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.name} scope="col" className={ui.label}>{columnLabel(t, c)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i}>
                    {columns.map((c) => (
                      <td key={c.name}>
                        {c.reference && typeof r[c.name] === "number"
                          ? <ReferenceNames reference={c.reference} ids={[r[c.name] as number]} />
                          : cellText(t, f, c, r[c.name])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
        : <p className={ui.readOnlyValue}>{t.t("dialog.noRows")}</p>}
    </div>
  );
}

function cellText(t: Translator, f: FieldMeta, c: RowColumnMeta, v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  if (c.kind === "enum") return rowOptionLabel(t, f, c.name, String(v));
  return typeof v === "number" ? t.number(v) : String(v);
}
