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
import { useEffect } from "react";
import * as s from "./ui.css.ts";

/**
 * Takes the focus from a number input when the wheel turns while it has it, wherever the pointer is: the
 * wheel then only scrolls. One listener for the whole page, on window in the capture phase, so neither the
 * page scrolling under the pointer (the wheel then goes to the scroller, not the input) nor a component
 * stopping the event can keep it from seeing the turn.
 */
function blurNumberInputOnWheel(): void {
  const input = document.activeElement;
  if (!(input instanceof HTMLInputElement) || !input.hasAttribute("data-number-input")) return;
  // Inside a dialog focus may not leave it (a plain blur is undone): the dialog itself takes it.
  const holder = input.parentElement?.closest<HTMLElement>("[tabindex]");
  if (holder) holder.focus({ preventScroll: true });
  else input.blur();
}

let wheelWatchers = 0;

function useWheelTakesFocus(): void {
  useEffect(() => {
    if (wheelWatchers++ === 0) {
      addEventListener("wheel", blurNumberInputOnWheel, { capture: true, passive: true });
    }
    return () => {
      if (--wheelWatchers === 0) removeEventListener("wheel", blurNumberInputOnWheel, { capture: true });
    };
  }, []);
}

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
  /** The label is for screen readers only (a table cell under its column heading). */
  hideLabel?: boolean;
}) {
  useWheelTakesFocus();
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
      <Label className={p.hideLabel ? s.visuallyHidden : s.label}>{p.label}</Label>
      <Group className={s.numberGroup}>
        <Input
          className={s.numberInput}
          data-number-input=""
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
