// Turns zod's findings into the contract's field codes, so every form error has a stable code that the
// client translates. Schemas attach a specific code with `params: { code }` on custom refinements.
import { z } from "zod";
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

/** How many sets of given fields a `manyParser` keeps a schema for; past them, a whole parse. */
const MANY_SHAPES = 32;

/** What a field of an object schema answers when an input leaves it out: its value, if one of its own. */
type Absent = { value: unknown } | "parse" | "required";

/**
 * `parseInput` for many inputs of one object schema that each give a few of its fields (an import's rows):
 * a field an input leaves out whose schema answers a plain value for nothing (null, false, a default text or
 * number) takes that value, found once, instead of being parsed again for every input; the given fields and
 * the others are parsed by a schema of just them, and the object's own checks (a range's ends in order) run
 * over the whole. It answers what `parseInput` answers: the same object, its keys in the same order; an
 * input it would refuse, and every schema that is not a plain object, goes to `parseInput` itself, whose
 * refusal is the answer. (A product's 40 fields, 4 given: 10 µs of a warm parse of 12 µs were those left out.)
 */
export function manyParser<S extends z.ZodType>(schema: S): (input: Record<string, unknown>) => z.output<S> {
  const whole = (input: Record<string, unknown>) => parseInput(schema, input);
  const def =
    (schema as unknown as { _zod: { def: { type: string; catchall?: unknown; checks?: unknown[] } } })
      ._zod.def;
  if (def.type !== "object" || def.catchall !== undefined) return whole;
  const shape = (schema as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
  const keys = Object.keys(shape);
  const absent = new Map<string, Absent>();
  const absentOf = (k: string): Absent => {
    let a = absent.get(k);
    if (a === undefined) {
      const r = shape[k].safeParse(undefined);
      const v = r.success ? r.data : undefined;
      a = !r.success
        ? "required"
        : v === undefined || v === null || ["string", "number", "boolean"].includes(typeof v)
        ? { value: v }
        : "parse";
      absent.set(k, a);
    }
    return a;
  };
  const checks = (def.checks ?? []) as z.core.$ZodCheck<Record<string, unknown>>[];
  const overAll = checks.length ? z.looseObject({}).check(...checks) : undefined;
  // Per set of given fields: the schema of those (and of the fields that must be parsed anyway), and where
  // each key of the answer comes from, in the schema's order (a value found once, or the part's answer).
  const parts = new Map<string, { part: z.ZodType; from: [string, { value: unknown } | null][] } | null>();
  return (input) => {
    let signature = "";
    for (const k of keys) if (Object.hasOwn(input, k)) signature += k + ",";
    let entry = parts.get(signature);
    if (entry === undefined) {
      if (parts.size >= MANY_SHAPES) return whole(input);
      const given = keys.filter((k) => Object.hasOwn(input, k) || absentOf(k) === "parse");
      entry = keys.some((k) => !given.includes(k) && absentOf(k) === "required") ? null : {
        part: z.object(Object.fromEntries(given.map((k) => [k, shape[k]]))),
        from: keys.map((k) => [k, given.includes(k) ? null : absentOf(k) as { value: unknown }]),
      };
      parts.set(signature, entry);
    }
    if (entry === null || controlCharacterFields(input).length) return whole(input);
    const parsed = entry.part.safeParse(input, { reportInput: true });
    if (!parsed.success) return whole(input);
    const data = parsed.data as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, fixed] of entry.from) {
      if (fixed === null) {
        if (Object.hasOwn(data, k)) out[k] = data[k];
      } else if (fixed.value !== undefined) out[k] = fixed.value;
    }
    if (!overAll) return out as z.output<S>;
    const checked = overAll.safeParse(out);
    return checked.success ? checked.data as z.output<S> : whole(input);
  };
}
