// PrintLayout shapes, shared by server validation and the OpenAPI document.
import { z } from "zod";
import { editBase, recordBase, reqText } from "../../resource/fields.ts";
import { PRINT_LAYOUT_MAX, printLayoutTypes } from "./meta.ts";

const fields = {
  name: reqText(100),
  type: z.enum(printLayoutTypes),
  content: z.string().min(1).max(PRINT_LAYOUT_MAX),
  isDefault: z.boolean().default(false),
};

export const PrintLayoutCreate = z.object(fields);
export type PrintLayoutCreate = z.output<typeof PrintLayoutCreate>;
export const PrintLayoutUpdate = z.object({ ...editBase, ...fields });
export type PrintLayoutUpdate = z.output<typeof PrintLayoutUpdate>;

export const PrintLayout = z.object({
  ...recordBase,
  name: z.string(),
  type: z.enum(printLayoutTypes),
  content: z.string(),
  isDefault: z.boolean(),
});
export type PrintLayout = z.output<typeof PrintLayout>;
