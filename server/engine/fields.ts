// Zod building blocks of the entities' input shapes: the declaration (declare.ts) picks one by the field's
// kind and column, so each entity states its rules (length, capitals, colour) the same way. Texts are
// trimmed; an emptied optional text is stored as null.
import { z } from "zod";
import { email, EMAIL_MAX, phoneNumber } from "../kernel/contact.ts";

/** A line break or tab inside a single-line text (a name, a code) is refused; multi-line texts keep them. */
const oneLine = (v: string) => !/[\t\n\r]/.test(v);
const forbidden = { params: { code: "validation.forbiddenCharacter" } };

/**
 * A text of one line, for schemas written by hand: a name, a code, and every text that becomes a header of a
 * message (an e-mail's subject, a sender's name, an attachment's name), where a line break would start a
 * header of the sender's choosing.
 */
export const singleLine = <S extends z.ZodType<string, string>>(schema: S) =>
  schema.refine(oneLine, forbidden);

/** An optional text of at most `max` characters on one line; "" and whitespace become null. */
export const optText = (max: number) =>
  z.string().trim().max(max).refine(oneLine, forbidden).transform((v) => (v === "" ? null : v)).nullish()
    .transform((v) => v ?? null);

/** A required text of 1..`max` characters on one line. */
export const reqText = (max: number) => z.string().trim().min(1).max(max).refine(oneLine, forbidden);

/** An optional text of at most `max` characters that may run over several lines (a comment). */
export const optLines = (max: number) =>
  z.string().trim().max(max).transform((v) => (v === "" ? null : v)).nullish()
    .transform((v) => v ?? null);

/** A required text of 1..`max` characters that may run over several lines (an e-mail's body). */
export const reqLines = (max: number) => z.string().trim().min(1).max(max);

/** A text the product saves in capitals (codes, labels, indexes). */
export const upperText = (max: number) => reqText(max).transform((v) => v.toUpperCase());

const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** "#rrggbb" stored in lower case, or null. */
export const colour = z.string().trim()
  .refine((v) => v === "" || COLOUR_PATTERN.test(v), { params: { code: "validation.invalidValue" } })
  .transform((v) => (v === "" ? null : v.toLowerCase())).nullish().transform((v) => v ?? null);

/** A link to another record by id, or null. */
export const refId = z.number().int().positive().nullish().transform((v) => v ?? null);

/** Links to several records by id (duplicates are dropped). */
export const refIds = z.array(z.number().int().positive()).max(500).default([])
  .transform((ids) => [...new Set(ids)]);

/** A number within bounds, or null. */
export const optNumber = (min: number, max: number) =>
  z.number().min(min).max(max).nullish().transform((v) => v ?? null);

/** What an edit names: the record and the version it was read at. */
export const editBase = { id: z.number().int().positive(), version: z.number().int().positive() };

/** An optional text the product saves in capitals (tax ids, SWIFT codes), or null. */
export const optUpperText = (max: number) => optText(max).transform((v) => v?.toUpperCase() ?? null);

/** An optional http(s) address of at most 2048 characters, or null. */
export const optUrl = optText(2048).refine((v) => v === null || URL.canParse(v) && /^https?:\/\//i.test(v), {
  params: { code: "validation.invalidValue" },
});

/** An optional e-mail address (as `email`), or null; an emptied field is null. */
export const optEmail = z.string().max(EMAIL_MAX).transform((v) => (v.trim() === "" ? null : v))
  .pipe(email.nullable()).nullish().transform((v) => v ?? null);

/** An optional phone number with its country code (as `phoneNumber`), or null. */
export const optPhone = phoneNumber.nullish().transform((v) => v ?? null);

/** The day exists (not 2026-02-30) and the time is one (not 25:00). */
function realDateTime(v: string): boolean {
  const day = Date.parse(`${v.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day) || !new Date(day).toISOString().startsWith(v.slice(0, 10))) return false;
  return !Number.isNaN(Date.parse(v.length === 10 || /(Z|[+-]\d{2}:\d{2})$/.test(v) ? v : `${v}Z`));
}

/** A date (YYYY-MM-DD) or a date and time (ISO 8601), or null. */
export const optDateTime = z.string().trim()
  .refine(
    (v) =>
      v === "" ||
      (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(v) &&
        realDateTime(v)),
    {
      params: { code: "validation.invalidValue" },
    },
  )
  .transform((v) => (v === "" ? null : v)).nullish().transform((v) => v ?? null);

/** A calendar date (YYYY-MM-DD) that exists, or null. */
export const optDate = z.string().trim()
  .refine((v) =>
    v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)), {
    params: { code: "validation.invalidValue" },
  })
  .transform((v) => (v === "" ? null : v)).nullish().transform((v) => v ?? null);
