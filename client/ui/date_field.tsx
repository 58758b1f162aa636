// A calendar day typed in the interface language's own order and separators (react-aria's DateField under
// the app's I18nProvider): 24.11.2026 for a Polish or German clerk, 11/24/2026 in English, whatever the
// browser's own locale; day and month always two digits, as the one date format writes them
// (shared/i18n/dates.ts). The value is the API's "YYYY-MM-DD" (or null), as a native date input's was.
import {
  type CalendarDate,
  type CalendarDateTime,
  fromDate,
  getLocalTimeZone,
  parseDate,
  toCalendarDateTime,
  type ZonedDateTime,
} from "@internationalized/date";
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
      shouldForceLeadingZeros
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

/** An instant as the user's clock shows it (react-aria's ZonedDateTime in the browser's time zone). */
function zoned(value: string | null): ZonedDateTime | CalendarDateTime | null {
  if (!value) return null;
  try {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return toCalendarDateTime(parseDate(value));
    const iso = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`;
    return fromDate(new Date(iso), getLocalTimeZone());
  } catch {
    return null;
  }
}

/**
 * A date and time typed in the interface language's order and clock (24 h, or 12 h in American English), in
 * the browser's time zone; the value is the API's ISO instant in UTC (or null).
 */
export function DateTimeField(p: {
  name: string;
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  isRequired?: boolean;
  isReadOnly?: boolean;
  errors?: string[];
}) {
  return (
    <AriaDateField
      name={p.name}
      value={zoned(p.value)}
      onChange={(d) =>
        p.onChange(d ? ("timeZone" in d ? d.toDate() : d.toDate(getLocalTimeZone())).toISOString() : null)}
      granularity="minute"
      shouldForceLeadingZeros
      hideTimeZone
      isRequired={p.isRequired}
      isReadOnly={p.isReadOnly}
      isInvalid={!!p.errors?.length}
      validationBehavior="aria"
      className={s.field}
    >
      <Label className={s.label}>{p.label}</Label>
      <AriaDateInput className={s.dateInput}>
        {(segment) => <DateSegment segment={segment} className={s.dateSegment} />}
      </AriaDateInput>
      <FieldError className={s.fieldError}>{p.errors?.join(" ")}</FieldError>
    </AriaDateField>
  );
}
