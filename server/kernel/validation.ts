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
  return fields;
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // reportInput: the issues carry the offending value, which tells a missing value from a wrong one.
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw new AppError("validation.failed", { fields: toFieldErrors(result.error) });
  return result.data;
}
