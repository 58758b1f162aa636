// Tags shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { colour, editBase, optText, recordBase, upperText } from "../../resource/fields.ts";

const fields = {
  name: upperText(50),
  colour,
  description: optText(2000),
};

export const TagCreate = z.object(fields);
export type TagCreate = z.output<typeof TagCreate>;
export const TagUpdate = z.object({ ...editBase, ...fields });
export type TagUpdate = z.output<typeof TagUpdate>;

export const Tag = z.object({
  ...recordBase,
  name: z.string(),
  colour: z.string().nullable(),
  description: z.string().nullable(),
});
export type Tag = z.output<typeof Tag>;
