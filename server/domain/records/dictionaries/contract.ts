// Dictionary shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { editBase, optText, recordBase, refIds, reqText, upperText } from "../../resource/fields.ts";

const fields = {
  code: upperText(50),
  value: reqText(255),
  group: reqText(100),
  description: optText(2000),
  tagIds: refIds,
};

export const DictionaryCreate = z.object(fields);
export type DictionaryCreate = z.output<typeof DictionaryCreate>;
export const DictionaryUpdate = z.object({ ...editBase, ...fields });
export type DictionaryUpdate = z.output<typeof DictionaryUpdate>;

export const Dictionary = z.object({
  ...recordBase,
  code: z.string(),
  value: z.string(),
  group: z.string(),
  description: z.string().nullable(),
  tagIds: z.array(z.number()),
  /** The linked tags' names, in the order of tagIds. */
  tagNames: z.array(z.string()),
});
export type Dictionary = z.output<typeof Dictionary>;
