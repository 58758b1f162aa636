// The building blocks of a favorite's shapes (declared in entity.ts) and the patterns the client's editor
// checks as it is typed.
import { z } from "zod";

/** An application path: one leading "/", no scheme or host, no query or fragment (those are parameters). */
export const FAVORITE_LINK_PATTERN = /^\/(?!\/)[^\s?#\\\p{Cc}]*$/u;
export const FAVORITE_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const MAX_FAVORITE_PARAMETERS = 20;

const invalid = { params: { code: "validation.invalidValue" } };

export const title = z.string().trim().min(1).max(100);
// An empty link is "required"; anything else that is not an application path is "invalid value".
export const link = z.string().trim().min(1).max(500)
  .refine((v) => v === "" || FAVORITE_LINK_PATTERN.test(v), invalid);
export const parameters = z.record(z.string().trim().min(1).max(64), z.string().max(500))
  .refine((p) => Object.keys(p).length <= MAX_FAVORITE_PARAMETERS, {
    params: { code: "validation.tooLong" },
  });
export const colour = z.string().trim()
  .refine((v) => v === "" || FAVORITE_COLOUR_PATTERN.test(v), invalid)
  .transform((v) => (v === "" ? null : v.toLowerCase()));
export const description = z.string().trim().max(500).transform((v) => (v === "" ? null : v));
