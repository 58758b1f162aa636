// Warehouse document position shapes. A position names its product by `productId`, or by `productCode`
// (an index or a barcode, as scanned) which the server resolves.
import { z } from "zod";
import { editBase, optNumber, optText, recordBase, refId } from "../../resource/fields.ts";
import { optDate } from "../documents/contract.ts";
import { optQuantityMilli, quantityMilli } from "../quantity.ts";

const fields = {
  productId: refId,
  /** An index or a barcode, used when productId is absent. */
  productCode: optText(200),
  quantity: quantityMilli,
  quantityReal: optQuantityMilli,
  unitPrice: optNumber(0, 1e12),
  expiryDate: optDate,
  productionDate: optDate,
  serialNumber: optText(100),
  sourceLocationId: refId,
  sourceContainerId: refId,
  destinationLocationId: refId,
  destinationContainerId: refId,
  productComment: optText(2000),
};

export const WmsDocumentPositionCreate = z.object({ documentId: z.number().int().positive(), ...fields });
export type WmsDocumentPositionCreate = z.output<typeof WmsDocumentPositionCreate>;

export const WmsDocumentPositionUpdate = z.object({ ...editBase, ...fields });
export type WmsDocumentPositionUpdate = z.output<typeof WmsDocumentPositionUpdate>;

export const WmsDocumentPosition = z.object({
  ...recordBase,
  documentId: z.number(),
  /** The document's number (its draft number while a working copy). */
  documentNumber: z.string().nullable(),
  productId: z.number(),
  productIndex: z.string().nullable(),
  productName: z.string().nullable(),
  quantity: z.number(),
  quantityReal: z.number().nullable(),
  quantityLeft: z.number(),
  unitPrice: z.number().nullable(),
  value: z.number().nullable(),
  expiryDate: z.string().nullable(),
  productionDate: z.string().nullable(),
  serialNumber: z.string().nullable(),
  sourceLocationId: z.number().nullable(),
  sourceLocationLabel: z.string().nullable(),
  sourceContainerId: z.number().nullable(),
  sourceContainerNumber: z.string().nullable(),
  destinationLocationId: z.number().nullable(),
  destinationLocationLabel: z.string().nullable(),
  destinationContainerId: z.number().nullable(),
  destinationContainerNumber: z.string().nullable(),
  productComment: z.string().nullable(),
});
export type WmsDocumentPosition = z.output<typeof WmsDocumentPosition>;

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
