// The WmsDocument resource: logistics staff create and edit working copies; every staff user reads;
// a contractor user reads only their contractor's documents (another's is 404). Only a working copy is
// edited or deleted; its positions go with it. Confirm and revert are verbs of their own (confirm.ts).
import { eq } from "drizzle-orm";
import { AppError, fieldError } from "../../../kernel/errors.ts";
import { Resource } from "../../resource/engine.ts";
import { storageSpaces } from "../../infrastructure/locations/table.ts";
import { companies } from "../../parties/companies/table.ts";
import { users } from "../../access/users/table.ts";
import { isLogistics, readLogisticsConfig } from "../config.ts";
import { takeDraftNumber } from "./draft_number.ts";
import { containers } from "../containers/table.ts";
import { wmsDocuments } from "./table.ts";
import { wmsDocumentMeta } from "./meta.ts";
import type { WmsDocument, WmsDocumentCreate, WmsDocumentUpdate } from "./contract.ts";
import { documentExtras, type DocumentRow, toDocumentDto } from "./dto.ts";

const editable = [
  "contractorId",
  "plannedDate",
  "reportedDate",
  "deadline",
  "sourceLocationId",
  "sourceContainerId",
  "destinationLocationId",
  "destinationContainerId",
  "precedingDocumentId",
  "precedingDocumentNumber",
  "transportDocumentId",
  "transportDocumentNumber",
  "comment",
  "assignedUserId",
] as const;

export const wmsDocumentResource = new Resource<WmsDocument, WmsDocumentCreate, WmsDocumentUpdate>({
  meta: wmsDocumentMeta,
  hub: "WmsDocument",
  table: wmsDocuments,
  toDto: (row, _links, extra) => toDocumentDto(row as unknown as DocumentRow, extra),
  toRow: (input, ctx, old) => ({
    ...Object.fromEntries(editable.map((k) => [k, input[k]])),
    ...(old ? {} : {
      typeCode: (input as WmsDocumentCreate).typeCode,
      statusCode: "workingCopy",
      generated: false,
      createdByUserId: ctx.actor.userId,
    }),
  }),
  canRead: () => true,
  canWrite: isLogistics,
  scope: (
    actor,
  ) => (actor.contractorId === null ? undefined : eq(wmsDocuments.contractorId, actor.contractorId)),
  references: {
    contractorId: {
      column: wmsDocuments.contractorId,
      table: companies,
      id: companies.id,
      where: eq(companies.keyRole, "contractor"),
    },
    sourceLocationId: { column: wmsDocuments.sourceLocationId, table: storageSpaces, id: storageSpaces.id },
    destinationLocationId: {
      column: wmsDocuments.destinationLocationId,
      table: storageSpaces,
      id: storageSpaces.id,
    },
    sourceContainerId: { column: wmsDocuments.sourceContainerId, table: containers, id: containers.id },
    destinationContainerId: {
      column: wmsDocuments.destinationContainerId,
      table: containers,
      id: containers.id,
    },
    precedingDocumentId: {
      column: wmsDocuments.precedingDocumentId,
      table: wmsDocuments,
      id: wmsDocuments.id,
    },
    assignedUserId: { column: wmsDocuments.assignedUserId, table: users, id: users.id },
  },
  validate: async (tx, _ctx, values, old) => {
    if (old && old.statusCode !== "workingCopy") throw new AppError("document.notWorkingCopy");
    if (!old) {
      const config = await readLogisticsConfig(tx);
      if (config.documentTypesEnabled[values.typeCode as WmsDocumentCreate["typeCode"]] === false) {
        throw fieldError({ typeCode: ["validation.invalidValue"] });
      }
    }
  },
  derive: async (tx, _values, old) => {
    if (old) return {};
    const config = await readLogisticsConfig(tx);
    // Working copies carry a draft number of their own counter; confirmation gives the real one.
    return { documentNumber: await takeDraftNumber(tx, config) };
  },
  beforeDelete: (_tx, _ctx, old) => {
    if (old.statusCode !== "workingCopy") throw new AppError("record.statusForbidsDelete");
    return Promise.resolve();
  },
  readExtra: (db, rows) => documentExtras(db, rows as unknown as DocumentRow[]),
});
