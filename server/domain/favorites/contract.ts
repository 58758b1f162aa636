// FavoriteAction shapes, shared by server validation, the OpenAPI document and the client's editor.
import { z } from "zod";

/** An application path: one leading "/", no scheme or host, no query or fragment (those are parameters). */
export const FAVORITE_LINK_PATTERN = /^\/(?!\/)[^\s?#\\\p{Cc}]*$/u;
export const FAVORITE_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const MAX_FAVORITE_PARAMETERS = 20;

const invalid = { params: { code: "validation.invalidValue" } };

const title = z.string().trim().min(1).max(100);
// An empty link is "required"; anything else that is not an application path is "invalid value".
const link = z.string().trim().min(1).max(500)
  .refine((v) => v === "" || FAVORITE_LINK_PATTERN.test(v), invalid);
const parameters = z.record(z.string().trim().min(1).max(64), z.string().max(500))
  .refine((p) => Object.keys(p).length <= MAX_FAVORITE_PARAMETERS, {
    params: { code: "validation.tooLong" },
  });
const colour = z.string().trim()
  .refine((v) => v === "" || FAVORITE_COLOUR_PATTERN.test(v), invalid)
  .transform((v) => (v === "" ? null : v.toLowerCase()));
const description = z.string().trim().max(500).transform((v) => (v === "" ? null : v));

const fields = {
  title,
  link,
  parameters: parameters.default({}),
  colour: colour.nullish(),
  description: description.nullish(),
};

export const FavoriteActionCreate = z.object(fields);
export type FavoriteActionCreate = z.output<typeof FavoriteActionCreate>;

export const FavoriteActionUpdate = z.object({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  ...fields,
});
export type FavoriteActionUpdate = z.output<typeof FavoriteActionUpdate>;

export const FavoriteAction = z.object({
  id: z.number(),
  title: z.string(),
  link: z.string(),
  parameters: z.record(z.string(), z.string()),
  colour: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type FavoriteAction = z.output<typeof FavoriteAction>;

export const FavoriteActionPage = z.object({
  results: z.array(FavoriteAction),
  allFilteredRowCount: z.number(),
});
