// A number input. The spec asks numeric inputs to lose focus on the mouse wheel: a wheel turned while
// reading a long form scrolls the page and never changes a quantity behind the pointer.
import {
  Button as AriaButton,
  FieldError,
  Group,
  Input,
  Label,
  NumberField as AriaNumberField,
  Text,
} from "react-aria-components";
import * as s from "./ui.css.ts";

export function NumberField(p: {
  name: string;
  label: string;
  /** null: empty. */
  value: number | null;
  onChange: (v: number | null) => void;
  isRequired?: boolean;
  isReadOnly?: boolean;
  minValue?: number;
  maxValue?: number;
  /** Intl number format of the input (fraction digits, currency). */
  formatOptions?: Intl.NumberFormatOptions;
  /** Messages for this field from the server (already translated). */
  errors?: string[];
  incrementLabel?: string;
  decrementLabel?: string;
  /** Shown after the input (`kg`); it is part of the field's description for assistive technology. */
  unit?: string;
}) {
  return (
    <AriaNumberField
      name={p.name}
      value={p.value ?? NaN}
      onChange={(v) => p.onChange(Number.isNaN(v) ? null : v)}
      isRequired={p.isRequired}
      isReadOnly={p.isReadOnly}
      minValue={p.minValue}
      maxValue={p.maxValue}
      formatOptions={p.formatOptions ?? { useGrouping: false, maximumFractionDigits: 6 }}
      isInvalid={!!p.errors?.length}
      isWheelDisabled
      validationBehavior="aria"
      incrementAriaLabel={p.incrementLabel}
      decrementAriaLabel={p.decrementLabel}
      className={s.field}
    >
      <Label className={s.label}>{p.label}</Label>
      <Group className={s.numberGroup}>
        <Input
          className={s.numberInput}
          onWheel={(e) => {
            const input = e.currentTarget;
            if (document.activeElement !== input) return;
            // Inside a dialog focus may not leave it (a plain blur is undone): the dialog itself takes it.
            const holder = input.parentElement?.closest<HTMLElement>("[tabindex]");
            if (holder) holder.focus({ preventScroll: true });
            else input.blur();
          }}
        />
        {p.unit ? <Text slot="description" className={s.suffix}>{p.unit}</Text> : null}
        {p.isReadOnly ? null : (
          <>
            <AriaButton slot="decrement" className={s.stepButton}>−</AriaButton>
            <AriaButton slot="increment" className={s.stepButton}>+</AriaButton>
          </>
        )}
      </Group>
      <FieldError className={s.fieldError}>{p.errors?.join(" ")}</FieldError>
    </AriaNumberField>
  );
}
