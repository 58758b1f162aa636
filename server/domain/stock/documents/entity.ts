// Warehouse documents. Logistics staff create and edit working copies; every staff user reads; a contractor
// user reads only their contractor's documents (another's is 404). Only a working copy is edited or deleted;
// its positions go with it. Confirm and revert are verbs of their own (confirm.ts, revert.ts). A working copy
// carries a draft number (draft prefix + the draft counter); the confirmation gives it its number from the
// type's numbering schema. The position counts and sums (thousandths) are kept by every position change, so
// lists show progress without a join. What a document carries out (an order) is told of it through the
// lifecycle hooks (./hooks.ts); stock imports nothing of orders.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { AppError, fieldError } from "../../../kernel/errors.ts";
import { documentTypeCodes } from "../../../../shared/config/contract.ts";
import { Resource } from "../../../engine/engine.ts";
import { readLogisticsConfig } from "../config.ts";
import { demand } from "../../../kernel/access.ts";
import { milli } from "../quantity.ts";
import { takeDraftNumber } from "./draft_number.ts";
import { documentExtras } from "./extras.ts";
import { type DocumentRow, wmsDocuments } from "./table.ts";
import { refuseOtherContractors, wmsDocumentPositions } from "../positions/entity.ts";
import { productBarcodeField } from "../inventory/scope.ts";
import { callHooks } from "./hooks.ts";

const listed = "sort filter show";
const name = z.string().nullable();
/** Kept off the screens' metadata: the API takes or answers it, no generic screen shows it. */
const apiOnly = { meta: false } as const;

export const wmsDocument = new Resource({
  resource: "WmsDocument",
  table: wmsDocuments,
  title: ["documentNumber"],
  sort: "-createdAt",
  keyColumns: ["documentNumber", "typeCode", "statusCode", "contractorId"],
  fields: {
    documentNumber: { input: false, list: "sort filter search show" },
    typeCode: { input: "add", list: listed },
    statusCode: { input: false, list: listed },
    contractorId: { display: "contractorName", only: { keyRole: "contractor" }, list: listed },
    plannedDate: { kind: "date", list: listed },
    executedAt: { kind: "date", input: false, list: listed },
    deadline: { kind: "date", list: "sort filter" },
    sourceLocationId: { display: "sourceLocationLabel", list: listed },
    destinationLocationId: { display: "destinationLocationLabel", list: listed },
    precedingDocumentId: { display: "precedingDocumentNumber", form: false, list: "filter" },
    // Set when the document is made; the order's own rules are checked in validate and at confirmation.
    orderId: { input: "add", check: false, display: "orderNumber", form: false, list: "filter" },
    assignedUserId: { list: "filter" },
    comment: { kind: "textarea", max: 4000, list: "search" },
    progressPercent: { input: false, unit: "%", list: listed },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter" },
    reportedDate: { kind: "date", ...apiOnly },
    sourceContainerId: apiOnly,
    sourceContainerNumber: { output: name, input: false, ...apiOnly },
    destinationContainerId: apiOnly,
    destinationContainerNumber: { output: name, input: false, ...apiOnly },
    precedingDocumentNumber: { max: 64, ...apiOnly },
    transportDocumentId: apiOnly,
    transportDocumentNumber: { max: 64, ...apiOnly },
    assignedUserName: { output: name, input: false, ...apiOnly },
    systemComments: { input: false, ...apiOnly },
    generated: { input: false, ...apiOnly },
    positionsCount: { input: false, ...apiOnly },
    confirmedPositionsCount: { input: false, ...apiOnly },
    unconfirmedPositionsCount: { output: z.number(), input: false, ...apiOnly },
    quantitySum: { input: false, output: z.number(), codec: milli, ...apiOnly },
    quantityRealSum: { input: false, output: z.number(), codec: milli, ...apiOnly },
    createdByUserId: { input: false, output: false, ...apiOnly },
  },
  readAccess: "user",
  writeAccess: "operations",
  // A barcode scanned into the list's search finds the documents with that product on them.
  listExtras: () => ({
    productBarcode: productBarcodeField(
      wmsDocumentPositions.productId,
      (onPosition) =>
        sql`${wmsDocuments.id} IN (SELECT ${wmsDocumentPositions.documentId} FROM ${wmsDocumentPositions} WHERE ${onPosition})`,
    ),
  }),
  scope: (
    actor,
  ) => (actor.contractorId === null ? undefined : eq(wmsDocuments.contractorId, actor.contractorId)),
  toRecord: (row, record) => ({
    ...record,
    unconfirmedPositionsCount: row.positionsCount - row.confirmedPositionsCount,
  }),
  toRow: (_input, row, ctx, old) =>
    old ? row : { ...row, statusCode: "workingCopy", generated: false, createdByUserId: ctx.actor.userId },
  validate: async (tx, ctx, values, old) => {
    if (old && old.statusCode !== "workingCopy") throw new AppError("document.notWorkingCopy");
    // An order's generated documents are changed by logistics staff; the terminal carries them out.
    if (old?.generated) demand("logistics", ctx.actor);
    if (!old) {
      // A document made for an order: the order's own rules (orders/stock_hooks.ts).
      if (values.orderId != null) await callHooks(ctx, "adding", tx, ctx, values);
      const config = await readLogisticsConfig(tx);
      if (config.documentTypesEnabled[values.typeCode as (typeof documentTypeCodes)[number]] === false) {
        throw fieldError({ typeCode: ["validation.invalidValue"] });
      }
    }
  },
  afterWrite: async (tx, row, old) => {
    // A working copy given to another contractor may not carry the first one's products.
    if (old && old.contractorId !== row.contractorId) {
      await refuseOtherContractors(tx, row.id, null, false);
    }
  },
  derive: async (tx, _values, old) => {
    if (old) return {};
    const config = await readLogisticsConfig(tx);
    // Working copies carry a draft number of their own counter; confirmation gives the real one.
    return { documentNumber: await takeDraftNumber(tx, config) };
  },
  beforeDelete: async (tx, ctx, old) => {
    if (old.generated) demand("logistics", ctx.actor);
    if (old.statusCode !== "workingCopy") throw new AppError("record.statusForbidsDelete");
    // A production's documents stay together with it (orders/production.ts, by its guard).
    await callHooks(ctx, "guard", tx, old as DocumentRow, "delete");
  },
  // Its reservations went with it (ON DELETE CASCADE); its order's progress follows.
  afterDelete: async (tx, old, ctx) => {
    if (old.orderId !== null) await callHooks(ctx, "changed", tx, old.orderId);
  },
  readExtra: (db, rows) => documentExtras(db, rows as unknown as DocumentRow[]),
});

export const wmsDocumentMeta = wmsDocument.meta;
