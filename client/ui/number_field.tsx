// A number input that keeps what was typed. The text is read strictly in the interface language's way
// (./number_text.ts: "0,5" in Polish, "1.000" in German; "1,25" in English is asked about, never read as
// 125); text that is not a number, or a number outside the field's bounds or with too many decimals, stays
// in the field with what is wrong beside it, and the field is counted as unsendable (InvalidFields) so that
// its form refuses to save instead of sending a stale value.
// A value leaves the field only by the person's own edit: `onChange` as they type or step, `onCommit` when
// they finish (Enter, or leaving the field). A new language, number format or a re-render shows the same
// value the new way and never reads the old text again, so it can change nothing (issue 31: a language
// switch multiplied the price list's prices by 100 and saved them).
// The spec asks numeric inputs to lose focus on the mouse wheel: a wheel turned while reading a long form
// scrolls the page and never changes a quantity behind the pointer.
import { NumberFormatter } from "@internationalized/number";
import { Button as AriaButton } from "react-aria-components/Button";
import { FieldError } from "react-aria-components/FieldError";
import { Group } from "react-aria-components/Group";
import { useLocale } from "react-aria-components/I18nProvider";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { Text } from "react-aria-components/Text";
import { TextField as AriaTextField } from "react-aria-components/TextField";
import { createContext, type KeyboardEvent, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useT } from "../i18n/use_t.ts";
import { readTyped, useNumberMarks } from "./number_text.ts";
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

/** The number fields of one form whose text cannot be sent, by name, with their inputs. */
export type InvalidFields = Map<string, HTMLInputElement>;
const InvalidFieldsContext = createContext<InvalidFields | null>(null);
export const InvalidFieldsProvider = InvalidFieldsContext.Provider;

/** A form's record of its unsendable number fields (stable for the form's life). */
export function useInvalidFields(): InvalidFields {
  return useMemo(() => new Map<string, HTMLInputElement>(), []);
}

/**
 * Brings the first unsendable field (in the page's order) into view and focus; true when there is one, so
 * that the form does not send.
 */
export function focusFirstInvalid(fields: InvalidFields): boolean {
  const inputs = [...fields.values()].filter((i) => i.isConnected);
  if (!inputs.length) return false;
  inputs.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  inputs[0].scrollIntoView({ block: "center" });
  inputs[0].focus();
  return true;
}

/** Does `v` have at most `digits` decimals (within floating point's reach)? */
function withinDecimals(v: number, digits: number): boolean {
  const scaled = v * 10 ** digits;
  return Math.abs(scaled - Math.round(scaled)) <= 1e-6 * Math.max(1, Math.abs(scaled));
}

export function NumberField(p: {
  name: string;
  label: string;
  /** null: empty. */
  value: number | null;
  /** Each value the person makes by typing or stepping (a form keeps it until it is saved). */
  onChange?: (v: number | null) => void;
  /**
   * The value the person settled on, once they finish (Enter, or focus leaving the field), when it differs
   * from `value`: where an edit is saved at once (a price typed into a list), save here, never in onChange.
   */
  onCommit?: (v: number | null) => void;
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
  const t = useT();
  const { locale } = useLocale();
  const digits = p.formatOptions?.maximumFractionDigits ?? 6;
  const options = p.formatOptions ?? {};
  const key = JSON.stringify(options);
  const { formatter, grouped } = useMemo(() => ({
    formatter: new NumberFormatter(locale, { useGrouping: false, maximumFractionDigits: 6, ...options }),
    grouped: new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }),
  }), [locale, key]);
  const marks = useNumberMarks(locale, options.style === "currency" ? options.currency : undefined);
  const format = (v: number | null) => (v === null || Number.isNaN(v) ? "" : formatter.format(v));

  const [text, setText] = useState(() => format(p.value));
  /** The value the field holds: given, or the last the person typed that reads as a number. */
  const shown = useRef(p.value);
  /** The text reads as `shown` (a language change may then show it the new way). */
  const textIsValue = useRef(true);
  /**
   * The marks the text was typed (or shown) with: text that is not a number stays as typed when the language
   * changes, and is still read by the marks it was typed with ("1,25" typed in English stays a question in
   * German, never becomes 1.25 unseen).
   */
  const textMarks = useRef(marks);
  /** The person changed the value since it was given or committed. */
  const edited = useRef(false);
  const focused = useRef(false);
  useEffect(() => {
    // A value given from outside (a reload, another person's save) replaces the text, unless the person is
    // typing over it: their edit is kept (a caller that saves it checks it against the version the edit
    // started from: price_list.tsx).
    if (Object.is(p.value, shown.current) || (edited.current && focused.current)) return;
    shown.current = p.value;
    edited.current = false;
    textIsValue.current = true;
    textMarks.current = marks;
    setText(format(p.value));
  }, [p.value]);
  // Another language or format shows the same value its own way: the text is never read again by the new
  // language's rules, and nothing is reported. Text that was not a number stays as typed.
  const firstFormat = useRef(true);
  useEffect(() => {
    if (firstFormat.current) {
      firstFormat.current = false;
      return;
    }
    if (!textIsValue.current) return;
    textMarks.current = marks;
    setText(format(shown.current));
  }, [formatter]);

  /** The value of `typed` (read with the marks it was typed with), or what is wrong with it. */
  function judge(typed: string, typedWith = textMarks.current): { value: number | null; problem?: string } {
    const trimmed = typed.trim();
    if (trimmed === "") {
      return p.isRequired ? { value: null, problem: t.t("validation.required") } : { value: null };
    }
    const read = readTyped(t, trimmed, typedWith);
    if (read.problem !== undefined) return read;
    const v = read.value;
    if (p.minValue !== undefined && v < p.minValue) {
      return { value: null, problem: t.t("number.atLeast", { min: grouped.format(p.minValue) }) };
    }
    if (p.maxValue !== undefined && v > p.maxValue) {
      return { value: null, problem: t.t("number.atMost", { max: grouped.format(p.maxValue) }) };
    }
    if (!withinDecimals(v, digits)) {
      return { value: null, problem: t.t("number.decimals", { count: digits }) };
    }
    return { value: v };
  }

  /** The person typed (or stepped to) `typed`. */
  function change(typed: string) {
    setText(typed);
    textMarks.current = marks;
    const { value, problem } = judge(typed, marks);
    textIsValue.current = !problem;
    if (problem) return;
    edited.current = true;
    shown.current = value;
    p.onChange?.(value);
  }

  /** The person finished their edit: what they settled on is committed when it is a new value. */
  function commit() {
    if (!edited.current) return;
    const { value, problem } = judge(text);
    if (problem) return;
    edited.current = false;
    if (!Object.is(value, p.value)) p.onCommit?.(value);
  }

  function step(by: number) {
    const { value, problem } = judge(text);
    let next = (problem ? shown.current : value) ?? 0;
    next += by;
    if (p.minValue !== undefined) next = Math.max(p.minValue, next);
    if (p.maxValue !== undefined) next = Math.min(p.maxValue, next);
    change(format(next));
  }

  /** A step button: the input takes the focus (the edit is committed when the person leaves it). */
  function stepFrom(by: number) {
    step(by);
    if (document.activeElement !== input.current) input.current?.focus();
  }

  const { problem } = judge(text);
  const input = useRef<HTMLInputElement>(null);
  const invalid = useContext(InvalidFieldsContext);
  useEffect(() => {
    if (!invalid) return;
    if (problem && input.current) invalid.set(p.name, input.current);
    else invalid.delete(p.name);
    return () => void invalid.delete(p.name);
  }, [invalid, p.name, !!problem]);

  const messages = problem ? [problem] : p.errors ?? [];
  return (
    <AriaTextField
      name={p.name}
      value={text}
      onChange={change}
      onFocus={() => (focused.current = true)}
      onBlur={() => {
        focused.current = false;
        // A number as typed is shown the way the language writes it; text that is not stays as typed.
        if (!judge(text).problem) {
          textMarks.current = marks;
          setText(format(shown.current));
        }
        commit();
      }}
      onKeyDown={(e: KeyboardEvent) => {
        if (p.isReadOnly) return;
        if (e.key === "Enter") commit();
        if (e.key === "ArrowUp" || e.key === "ArrowDown") {
          e.preventDefault();
          step(e.key === "ArrowUp" ? 1 : -1);
        }
      }}
      isRequired={p.isRequired}
      isReadOnly={p.isReadOnly}
      isInvalid={messages.length > 0}
      validationBehavior="aria"
      inputMode="decimal"
      autoComplete="off"
      className={s.field}
    >
      <Label className={p.hideLabel ? s.visuallyHidden : s.label}>{p.label}</Label>
      <Group className={s.numberGroup}>
        <Input ref={input} className={s.numberInput} data-number-input="" />
        {p.unit ? <Text slot="description" className={s.suffix}>{p.unit}</Text> : null}
        {p.isReadOnly ? null : (
          <>
            <AriaButton
              className={s.stepButton}
              aria-label={p.decrementLabel}
              excludeFromTabOrder
              preventFocusOnPress
              onPress={() => stepFrom(-1)}
            >
              −
            </AriaButton>
            <AriaButton
              className={s.stepButton}
              aria-label={p.incrementLabel}
              excludeFromTabOrder
              preventFocusOnPress
              onPress={() => stepFrom(1)}
            >
              +
            </AriaButton>
          </>
        )}
      </Group>
      <FieldError className={s.fieldError}>{messages.join(" ")}</FieldError>
    </AriaTextField>
  );
}
