// Turns zod's findings into the contract's field codes, so every form error has a stable code that the
// client translates. Schemas attach a specific code with `params: { code }` on custom refinements.
import type { z } from "zod";
import { AppError, type FieldCode } from "./errors.ts";

function codeOf(issue: z.core.$ZodIssue): FieldCode {
  const custom = (issue as { params?: { code?: FieldCode } }).params?.code;
  if (custom) return custom;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null || issue.input === ""
        ? "validation.required"
        : "validation.invalidValue";
    case "too_small":
      if (issue.origin === "string") {
        return issue.minimum === 1 || issue.input === "" ? "validation.required" : "validation.tooShort";
      }
      if (issue.origin === "array") {
        return issue.minimum === 1 ? "validation.required" : "validation.tooShort";
      }
      return "validation.tooSmall";
    case "too_big":
      return issue.origin === "string" || issue.origin === "array"
        ? "validation.tooLong"
        : "validation.tooLarge";
    case "invalid_format":
      return issue.format === "email" ? "validation.invalidEmail" : "validation.forbiddenCharacter";
    case "invalid_value":
      // A choice left out (an enum's value) is missing, not wrong.
      return issue.input === undefined ? "validation.required" : "validation.invalidValue";
    default:
      return "validation.invalidValue";
  }
}

export function toFieldErrors(error: z.ZodError): Record<string, FieldCode[]> {
  const fields: Record<string, FieldCode[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    const code = codeOf(issue);
    const list = (fields[key] ??= []);
    if (!list.includes(code)) list.push(code);
  }
  // An empty field is only that: not also "forbidden character" or "too short" for the nothing in it.
  for (const [key, list] of Object.entries(fields)) {
    if (list.includes("validation.required")) fields[key] = ["validation.required"];
  }
  return fields;
}

/**
 * Control characters no text of the API may hold: C0 but tab, line feed and carriage return, DEL and C1
 * (and no lone surrogate: controlCharacterFields).
 * A NUL would be stored whole and shown cut at it (two "unique" values would look alike), the others are
 * invisible. Single-line fields refuse tab and line breaks too (fields.ts).
 */
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Fields that take a scan as it is read: a GS1 label's group separator (FNC1, U+001D) belongs to it. */
const SCANNED = new Set(["productCode"]);
// deno-lint-ignore no-control-regex
const GS = /\u001d/g;

/**
 * Whether a text is well-formed UTF-16: a lone surrogate ("\ud800" escaped in JSON) names no character, and
 * SQLite would store it as U+FFFD, so that what was saved is not what was sent.
 */
const wellFormed = (text: string): boolean => text.isWellFormed();

const key = (path: (string | number)[]) => (path.length ? path.join(".") : "_");

/**
 * The paths of the input's texts that hold a control character or a lone surrogate, as field keys
 * ("customFields.0.code"); an object's key that holds one is reported at its own path.
 */
export function controlCharacterFields(value: unknown, path: (string | number)[] = []): string[] {
  if (typeof value === "string") {
    const last = path[path.length - 1];
    const text = typeof last === "string" && SCANNED.has(last) ? value.replace(GS, "") : value;
    return CONTROL.test(text) || !wellFormed(value) ? [key(path)] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => controlCharacterFields(v, [...path, i]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) =>
      CONTROL.test(k) || !wellFormed(k) ? [key([...path, k])] : controlCharacterFields(v, [...path, k])
    );
  }
  return [];
}

/** The paths of the input's texts (and keys) for which `test` holds, as field keys. */
export function textPaths(
  value: unknown,
  test: (text: string) => boolean,
  path: (string | number)[] = [],
): string[] {
  if (typeof value === "string") return test(value) ? [key(path)] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => textPaths(v, test, [...path, i]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) =>
      test(k) ? [key([...path, k])] : textPaths(v, test, [...path, k])
    );
  }
  return [];
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // reportInput: the issues carry the offending value, which tells a missing value from a wrong one.
  const result = schema.safeParse(input, { reportInput: true });
  const forbidden = controlCharacterFields(input);
  if (result.success && forbidden.length === 0) return result.data;
  const fields = result.success ? {} : toFieldErrors(result.error);
  for (const key of forbidden) {
    const list = (fields[key] ??= []);
    if (!list.includes("validation.forbiddenCharacter")) list.push("validation.forbiddenCharacter");
  }
  throw new AppError("validation.failed", { fields });
}
