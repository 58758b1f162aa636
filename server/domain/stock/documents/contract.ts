// Warehouse document shapes, shared by server validation and the OpenAPI document. Quantities are JSON
// numbers of at most three decimals (stored as thousandths).
import { z } from "zod";
import { editBase, optText, recordBase, refId } from "../../resource/fields.ts";
import { documentTypeCodes } from "../../config/contract.ts";
import { documentStatuses } from "../../config/definitions.ts";

/** A date (YYYY-MM-DD) or a date and time (ISO 8601), or null. */
export const optDateTime = z.string().trim()
  .refine(
    (v) => v === "" || /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(v),
    {
      params: { code: "validation.invalidValue" },
    },
  )
  .transform((v) => (v === "" ? null : v)).nullish().transform((v) => v ?? null);

/** A calendar date (YYYY-MM-DD) that exists, or null. */
export const optDate = z.string().trim()
  .refine((v) =>
    v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)), {
    params: { code: "validation.invalidValue" },
  })
  .transform((v) => (v === "" ? null : v)).nullish().transform((v) => v ?? null);

const editable = {
  contractorId: refId,
  plannedDate: optDateTime,
  reportedDate: optDateTime,
  deadline: optDateTime,
  sourceLocationId: refId,
  sourceContainerId: refId,
  destinationLocationId: refId,
  destinationContainerId: refId,
  precedingDocumentId: refId,
  precedingDocumentNumber: optText(64),
  transportDocumentId: refId,
  transportDocumentNumber: optText(64),
  comment: optText(4000),
  assignedUserId: refId,
};

/** A new working copy; its number, status and counts are the server's. */
export const WmsDocumentCreate = z.object({ typeCode: z.enum(documentTypeCodes), ...editable });
export type WmsDocumentCreate = z.output<typeof WmsDocumentCreate>;

/** An edit of a working copy; the type stays what it was created as. */
export const WmsDocumentUpdate = z.object({ ...editBase, ...editable });
export type WmsDocumentUpdate = z.output<typeof WmsDocumentUpdate>;

export const WmsDocument = z.object({
  ...recordBase,
  documentNumber: z.string(),
  typeCode: z.enum(documentTypeCodes),
  statusCode: z.enum(documentStatuses),
  contractorId: z.number().nullable(),
  contractorName: z.string().nullable(),
  plannedDate: z.string().nullable(),
  executedAt: z.string().nullable(),
  reportedDate: z.string().nullable(),
  deadline: z.string().nullable(),
  sourceLocationId: z.number().nullable(),
  sourceLocationLabel: z.string().nullable(),
  sourceContainerId: z.number().nullable(),
  sourceContainerNumber: z.string().nullable(),
  destinationLocationId: z.number().nullable(),
  destinationLocationLabel: z.string().nullable(),
  destinationContainerId: z.number().nullable(),
  destinationContainerNumber: z.string().nullable(),
  precedingDocumentId: z.number().nullable(),
  precedingDocumentNumber: z.string().nullable(),
  transportDocumentId: z.number().nullable(),
  transportDocumentNumber: z.string().nullable(),
  comment: z.string().nullable(),
  systemComments: z.string().nullable(),
  assignedUserId: z.number().nullable(),
  assignedUserName: z.string().nullable(),
  generated: z.boolean(),
  positionsCount: z.number(),
  confirmedPositionsCount: z.number(),
  unconfirmedPositionsCount: z.number(),
  quantitySum: z.number(),
  quantityRealSum: z.number(),
  progressPercent: z.number(),
});
export type WmsDocument = z.output<typeof WmsDocument>;

/** `acceptWarnings=true` (any letter case: the spec's client writes booleans as `True`). */
export const ConfirmQuery = z.object({
  acceptWarnings: z.string().toLowerCase().pipe(z.enum(["true", "false"])).default("false")
    .transform((v) => v === "true"),
});
