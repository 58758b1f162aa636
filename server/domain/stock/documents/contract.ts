// Shapes of the documents' own verbs (confirm, revert), shared by server validation and the OpenAPI document;
// the WmsDocument record itself is declared in entity.ts. Quantities are JSON numbers of at most three
// decimals (stored as thousandths).
import { z } from "zod";
import { optDate, optDateTime } from "../../../engine/fields.ts";
import { wmsDocument } from "./entity.ts";

export { optDate, optDateTime };

export const WmsDocumentCreate = wmsDocument.entity.create;
export type WmsDocumentCreate = z.output<typeof WmsDocumentCreate>;
export const WmsDocument = wmsDocument.entity.record;
export type WmsDocument = z.output<typeof WmsDocument>;

/** `acceptWarnings=true` (any letter case: the spec's client writes booleans as `True`). */
export const ConfirmQuery = z.object({
  acceptWarnings: z.string().toLowerCase().pipe(z.enum(["true", "false"])).default("false")
    .transform((v) => v === "true"),
});
