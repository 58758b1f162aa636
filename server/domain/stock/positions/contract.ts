// Shapes of the positions' own verbs (group movement), shared by server validation and the OpenAPI
// document; the WmsDocumentPosition record itself is declared in entity.ts.
import { z } from "zod";
import { optDate, optText, refId } from "../../../engine/fields.ts";
import { MAX_QUANTITY, quantityMilli, toMilli } from "../quantity.ts";
import { wmsDocumentPosition } from "./entity.ts";
import { LotAt } from "../inventory/contract.ts";

export const WmsDocumentPositionCreate = wmsDocumentPosition.entity.create;
export type WmsDocumentPositionCreate = z.output<typeof WmsDocumentPositionCreate>;
export const WmsDocumentPosition = wmsDocumentPosition.entity.record;
export type WmsDocumentPosition = z.output<typeof WmsDocumentPosition>;

/** One stock line a confirmed position took its goods from (the ledger's record of the confirmation). */
export const PositionSource = LotAt;

/**
 * A position in its document's list: on a confirmed or reverted document that took stock, also `sources`,
 * where its goods came from, bin, container and lot (one position may have taken from several).
 */
export const DocumentPosition = z.object({
  ...WmsDocumentPosition.shape,
  sources: z.array(PositionSource).optional(),
}) as unknown as z.ZodType<WmsDocumentPosition & { sources?: z.output<typeof PositionSource>[] }>;

/**
 * Group movement: relocate several stock quantities at once. Each move takes `quantity` of a product from
 * a source location (and container, and exact expiry/production/serial when given) to a destination.
 */
export const GroupMovement = z.object({
  destinationLocationId: z.number().int().positive(),
  destinationContainerId: refId,
  /** Confirm the relocation at once (true), or leave it as a working copy to review (false). */
  confirm: z.boolean().default(true),
  acceptWarnings: z.boolean().default(false),
  comment: optText(4000),
  moves: z.array(z.object({
    productId: z.number().int().positive(),
    quantity: quantityMilli,
    sourceLocationId: z.number().int().positive(),
    sourceContainerId: refId,
    expiryDate: optDate,
    productionDate: optDate,
    serialNumber: optText(100),
  })).min(1).max(1000),
});
export type GroupMovement = z.output<typeof GroupMovement>;

/**
 * Adding by a scan: `productCode` (an index, a barcode or a GS1 label) or `productId` (a product picked by
 * name), and the quantity in units (1 unless said). The line of the same product, expiry, production date
 * and serial number grows instead of a second one being made.
 */
export const ScanRequest = z.object({
  documentId: z.number().int().positive(),
  productCode: optText(200),
  productId: refId,
  quantity: z.number().positive().max(MAX_QUANTITY).default(1).refine((v) => toMilli(v) !== undefined, {
    params: { code: "validation.invalidValue" },
  }),
  /**
   * Where the goods of a release are taken from (a bin, or a zone and what lies below it), within the
   * document's source: the location the operator scanned. Not given: the document's source.
   */
  sourceLocationId: refId,
}).superRefine((v, ctx) => {
  if ((v.productCode === null) === (v.productId === null)) {
    ctx.addIssue({ code: "custom", path: ["productCode"], params: { code: "validation.required" } });
  }
});
export type ScanRequest = z.output<typeof ScanRequest>;

export const ScanResult = z.object({
  /** The line the scan grew or made (of a release split across sources: the first). */
  position: WmsDocumentPosition,
  /** True when the scan raised an existing line's quantity. */
  merged: z.boolean(),
  /**
   * A release's lines the scan grew or made, one per source and lot it takes from (FEFO); a receipt's
   * one line.
   */
  positions: z.array(WmsDocumentPosition),
  /** Units of a release's quantity that no source could give (nothing was added for them). */
  shortfall: z.number(),
});

/**
 * The terminal's pick (or put-away) of part of a position: `quantity` units, with what the operator scanned
 * to be checked against the position: the product's code (index, barcode or GS1 label), the location
 * (where goods leave from, or arrive at) and the tote (a container at the destination, for picking).
 */
export const PickRequest = z.object({
  /** Units, at most three decimals; parsed to thousandths. */
  quantity: quantityMilli.refine((v) => v > 0, { params: { code: "validation.tooSmall" } }),
  productCode: optText(200),
  locationId: refId,
  containerId: refId,
});
export type PickRequest = z.output<typeof PickRequest>;

export const ShortageResult = z.object({
  /** The position lowered to what was picked; null when nothing was and it was removed. */
  position: WmsDocumentPosition.nullable(),
  /** Units reported missing. */
  missing: z.number(),
  /** An order's document left with no position was deleted with the last one. */
  documentDeleted: z.boolean(),
});
