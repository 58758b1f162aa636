// The filter of one column: a condition fitting the field's kind and its value(s). Enter applies.
import { DateField } from "../../ui/date_field.tsx";
import { type FormEvent, useState } from "react";
import { Form } from "react-aria-components/Form";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { Button, Select, TextField } from "../../ui/controls.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import { ColourField } from "../../ui/colour_field.tsx";
import { ReferencePicker } from "../dialogs/reference_field.tsx";
import {
  type Bound,
  type ColumnFilter,
  type Operator,
  operatorLabel,
  operatorsFor,
  takesValue,
} from "./filters.ts";
import { type FieldMeta, label, optionLabel } from "./meta.ts";
import * as css from "./list.css.ts";

export function FilterEditor(p: {
  t: Translator;
  field: FieldMeta;
  current: ColumnFilter | undefined;
  onApply: (f: ColumnFilter | null) => void;
}) {
  const { t, field } = p;
  const operators = operatorsFor(field.kind);
  const [operator, setOperator] = useState<Operator>(p.current?.operator ?? operators[0]);
  const [value, setValue] = useState<ColumnFilter["value"]>(
    p.current?.value ??
      (field.kind === "boolean" ? true : field.kind === "enum" ? field.options?.[0] : undefined),
  );
  const [display, setDisplay] = useState<string | undefined>(p.current?.display);
  const range: [Bound, Bound] = Array.isArray(value) ? value : [null, null];
  const setRange = (i: 0 | 1, v: Bound) => setValue(i === 0 ? [v, range[1]] : [range[0], v]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const takes = takesValue(operator);
    p.onApply({
      field: field.name,
      operator,
      value: takes ? value : undefined,
      display: takes && field.kind === "reference" ? display : undefined,
    });
  }

  let input = null;
  if (takesValue(operator)) {
    const name = `filter-${field.name}`;
    if (field.kind === "boolean") {
      input = (
        <Select<"true" | "false">
          name={name}
          label={t.t("list.value")}
          value={value === false ? "false" : "true"}
          options={[{ id: "true", label: t.t("list.yes") }, { id: "false", label: t.t("list.no") }]}
          onChange={(v) => setValue(v === "true")}
        />
      );
    } else if (field.kind === "enum") {
      input = (
        <Select<string>
          name={name}
          label={t.t("list.value")}
          value={String(value ?? field.options?.[0] ?? "")}
          options={(field.options ?? []).map((o) => ({ id: o, label: optionLabel(t, field, o) }))}
          onChange={setValue}
        />
      );
    } else if (field.kind === "reference" && field.reference) {
      input = (
        <ReferencePicker
          t={t}
          name={name}
          label={t.t("list.value")}
          reference={field.reference}
          value={typeof value === "number" ? value : null}
          knownTitle={display}
          onChange={(id, title) => {
            setValue(id ?? undefined);
            setDisplay(title);
          }}
        />
      );
    } else if (field.kind === "colour") {
      input = (
        <ColourField
          name={name}
          label={t.t("list.value")}
          value={typeof value === "string" ? value : null}
          onChange={(v) => setValue(v ?? undefined)}
        />
      );
    } else if (field.kind === "date") {
      input = (
        <>
          {operator !== "lte"
            ? (
              <DateField
                name={`${name}-from`}
                label={t.t("list.from")}
                value={String((operator === "between" ? range[0] : value) ?? "")}
                onChange={(v) => (operator === "between" ? setRange(0, v ?? "") : setValue(v ?? ""))}
              />
            )
            : null}
          {operator !== "gte"
            ? (
              <DateField
                name={`${name}-to`}
                label={t.t("list.to")}
                value={String((operator === "between" ? range[1] : value) ?? "")}
                onChange={(v) => (operator === "between" ? setRange(1, v ?? "") : setValue(v ?? ""))}
              />
            )
            : null}
        </>
      );
    } else if (field.kind === "number" || field.kind === "money") {
      input = operator === "between"
        ? (
          <>
            <NumberField
              name={`${name}-from`}
              label={t.t("list.from")}
              value={typeof range[0] === "number" ? range[0] : null}
              onChange={(v) => setRange(0, v)}
            />
            <NumberField
              name={`${name}-to`}
              label={t.t("list.to")}
              value={typeof range[1] === "number" ? range[1] : null}
              onChange={(v) => setRange(1, v)}
            />
          </>
        )
        : (
          <NumberField
            name={name}
            label={t.t("list.value")}
            value={typeof value === "number" ? value : null}
            onChange={(v) => setValue(v ?? undefined)}
          />
        );
    } else {
      input = (
        <TextField
          name={name}
          label={t.t("list.value")}
          value={typeof value === "string" ? value : ""}
          onChange={setValue}
        />
      );
    }
  }

  return (
    <Form onSubmit={submit} validationBehavior="aria" className={css.filterForm}>
      <strong>{t.t("list.filter", { column: label(t, field) })}</strong>
      {operators.length > 1
        ? (
          <Select<Operator>
            name={`operator-${field.name}`}
            label={t.t("list.operator")}
            value={operator}
            options={operators.map((op) => ({ id: op, label: operatorLabel(t, op) }))}
            onChange={(op) => {
              // A range and a single value do not convert into each other.
              if ((op === "between") !== (operator === "between")) setValue(undefined);
              setOperator(op);
            }}
          />
        )
        : null}
      {input}
      <div className={css.filterButtons}>
        <Button quiet onPress={() => p.onApply(null)}>{t.t("list.clear")}</Button>
        <Button type="submit">{t.t("list.apply")}</Button>
      </div>
    </Form>
  );
}
