// StorageSpaceType shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { colour, editBase, optText, recordBase, refId, upperText } from "../../resource/fields.ts";

const fields = {
  code: upperText(50),
  colour,
  icon: optText(50),
  description: optText(1000),
  parentId: refId,
  handleStock: z.boolean().default(true),
};

export const StorageSpaceTypeCreate = z.object(fields);
export type StorageSpaceTypeCreate = z.output<typeof StorageSpaceTypeCreate>;
export const StorageSpaceTypeUpdate = z.object({ ...editBase, ...fields });
export type StorageSpaceTypeUpdate = z.output<typeof StorageSpaceTypeUpdate>;

export const StorageSpaceType = z.object({
  ...recordBase,
  code: z.string(),
  colour: z.string().nullable(),
  icon: z.string().nullable(),
  description: z.string().nullable(),
  parentId: z.number().nullable(),
  /** The parent type's code, for display. */
  parentCode: z.string().nullable(),
  handleStock: z.boolean(),
});
export type StorageSpaceType = z.output<typeof StorageSpaceType>;
