// ProductGroup shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { colour, editBase, optText, recordBase, refId, reqText } from "../../resource/fields.ts";

const fields = {
  name: reqText(100),
  colour,
  icon: optText(50),
  assignedUserId: refId,
};

export const ProductGroupCreate = z.object(fields);
export type ProductGroupCreate = z.output<typeof ProductGroupCreate>;
export const ProductGroupUpdate = z.object({ ...editBase, ...fields });
export type ProductGroupUpdate = z.output<typeof ProductGroupUpdate>;

export const ProductGroup = z.object({
  ...recordBase,
  name: z.string(),
  colour: z.string().nullable(),
  icon: z.string().nullable(),
  assignedUserId: z.number().nullable(),
});
export type ProductGroup = z.output<typeof ProductGroup>;
