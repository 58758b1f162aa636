// A calendar day typed in the interface language's own order and separators (react-aria's DateField under
// the app's I18nProvider): 24.11.2026 for a Polish or German clerk, 11/24/2026 in English, whatever the
// browser's own locale. The value is the API's "YYYY-MM-DD" (or null), as a native date input's was.
import { type CalendarDate, parseDate } from "@internationalized/date";
import {
  DateField as AriaDateField,
  DateInput as AriaDateInput,
  DateSegment,
} from "react-aria-components/DateField";
import { FieldError } from "react-aria-components/FieldError";
import { Label } from "react-aria-components/Label";
import { Text } from "react-aria-components/Text";
import * as s from "./ui.css.ts";

function calendarDay(value: string | null): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value.slice(0, 10));
  } catch {
    return null;
  }
}

export function DateField(p: {
  name: string;
  label: string;
  /** "YYYY-MM-DD", or null/"" for none. */
  value: string | null;
  onChange: (v: string | null) => void;
  isRequired?: boolean;
  isReadOnly?: boolean;
  /** The label is for screen readers only (a table cell under its column heading). */
  hideLabel?: boolean;
  description?: string;
  /** Messages for this field (already translated). */
  errors?: string[];
}) {
  return (
    <AriaDateField
      name={p.name}
      value={calendarDay(p.value)}
      onChange={(d) => p.onChange(d ? d.toString() : null)}
      granularity="day"
      isRequired={p.isRequired}
      isReadOnly={p.isReadOnly}
      isInvalid={!!p.errors?.length}
      validationBehavior="aria"
      className={s.field}
    >
      <Label className={p.hideLabel ? s.visuallyHidden : s.label}>{p.label}</Label>
      <AriaDateInput className={s.dateInput}>
        {(segment) => <DateSegment segment={segment} className={s.dateSegment} />}
      </AriaDateInput>
      {p.description ? <Text slot="description" className={s.description}>{p.description}</Text> : null}
      <FieldError className={s.fieldError}>{p.errors?.join(" ")}</FieldError>
    </AriaDateField>
  );
}
