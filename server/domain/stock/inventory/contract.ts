// The inventory and stock reports (WmsInventory/...): query and answer shapes, shared by the server, the
// OpenAPI document and the client. Quantities are units (JSON numbers), stored as thousandths.
import { z } from "zod";
import { paramDecimal, paramId, paramInt } from "../../../kernel/params.ts";
import { listQuerySchema } from "../../../kernel/list.ts";
import { MAX_QUANTITY, toMilli } from "../quantity.ts";

const id = paramId;
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const flag = z.enum(["true", "false"]).optional().transform((
  v,
) => (v === undefined ? undefined : v === "true"));
/** A comma-separated list of ids in a query (`locationIds=3,5,8`). */
const idList = z.string().max(10_000).regex(/^\d+(,\d+)*$/)
  .transform((v) => [...new Set(v.split(",").map(Number))]).optional();

export const StockFlags = {
  /** The product's total stock is at or below its warningStock. */
  belowWarning: z.boolean(),
  /** The product's total stock is at or below its criticalStock. */
  belowCritical: z.boolean(),
};

export const InventoryLine = z.object({
  id: z.number(),
  productId: z.number(),
  productIndex: z.string(),
  productName: z.string(),
  unit: z.string().nullable(),
  locationId: z.number(),
  locationLabel: z.string(),
  containerId: z.number().nullable(),
  containerNumber: z.string().nullable(),
  expiryDate: z.string().nullable(),
  productionDate: z.string().nullable(),
  serialNumber: z.string().nullable(),
  quantity: z.number(),
  /** quantity × the product's cashValue (null without a price). */
  overallValue: z.number().nullable(),
  /** quantity × the product's weight (null without a weight). */
  overallWeight: z.number().nullable(),
  /** When the line was made: the first ledger movement into it. */
  createdAt: z.string(),
  productTotal: z.number(),
  ...StockFlags,
});
export type InventoryLine = z.infer<typeof InventoryLine>;

export const ContainerStock = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.string(),
  locationId: z.number(),
  locationLabel: z.string(),
  lockedIn: z.boolean(),
  lockedOut: z.boolean(),
  linesCount: z.number(),
  totalQuantity: z.number(),
  lines: z.array(InventoryLine.pick({
    id: true,
    productId: true,
    productIndex: true,
    productName: true,
    expiryDate: true,
    productionDate: true,
    serialNumber: true,
    quantity: true,
  })),
});
export type ContainerStock = z.infer<typeof ContainerStock>;

export const ContainerStockQuery = listQuerySchema.extend({
  /** Only containers holding this product. */
  productId: id.optional(),
});

export const ProductStock = z.object({
  /** The product's id (one row per product). */
  id: z.number(),
  productId: z.number(),
  productIndex: z.string(),
  productName: z.string(),
  unit: z.string().nullable(),
  contractorId: z.number().nullable(),
  mainGroupId: z.number().nullable(),
  /** The product's stock within the report's restriction (its whole stock in productStock). */
  quantity: z.number(),
  /** The product's whole stock, which the flags are judged on. */
  productTotal: z.number(),
  warningStock: z.number().nullable(),
  criticalStock: z.number().nullable(),
  overallValue: z.number().nullable(),
  overallWeight: z.number().nullable(),
  ...StockFlags,
});
export type ProductStock = z.infer<typeof ProductStock>;

export const ProductStockQuery = listQuerySchema.extend({
  /** Also the products without stock (at 0); the list is then sorted by product fields, not quantity. */
  includeZero: flag,
  belowWarning: flag,
  belowCritical: flag,
});

export const CustomProductStockQuery = listQuerySchema.extend({
  /** Only stock at these locations (exactly these, not their children). */
  locationIds: idList,
  /** Only stock at this location and every location under it. */
  locationTreeId: id.optional(),
  /** Only products of this contractor. */
  contractorId: id.optional(),
  /** Only products whose main group or further groups include this group. */
  groupId: id.optional(),
});

/** A quantity of one lot at one place: bin, container, expiry, production date, serial number. */
export const LotAt = InventoryLine.pick({
  locationId: true,
  locationLabel: true,
  containerId: true,
  containerNumber: true,
  expiryDate: true,
  productionDate: true,
  serialNumber: true,
  quantity: true,
});

export const SourceLine = LotAt.extend({
  id: z.number(),
  productId: z.number(),
  /** When the line's stock arrived (its first ledger movement). */
  receivedAt: z.string(),
  /** What to take from this line to cover the asked quantity (the whole line without `quantity`). */
  take: z.number(),
  /** Past its expiry date (listed only while the tenant's rule does not block releasing expired goods). */
  expired: z.boolean(),
});

/** A quantity in a query: positive, at most three decimals (as every stock quantity). */
const queryQuantity = paramDecimal(z.number().positive().max(MAX_QUANTITY))
  .refine((v) => toMilli(v) !== undefined, { params: { code: "validation.invalidValue" } });

export const BestSourceQuery = z.object({
  quantity: queryQuantity.optional(),
  /** Only within this location and those below it (a zone, an aisle). */
  locationId: id.optional(),
  /** At most this many lines, the first in FEFO order. */
  limit: paramInt(1, 1000).optional(),
});

export const BestSource = z.object({
  results: z.array(SourceLine),
  /** Units on the listed lines. */
  available: z.number(),
  /** Units of the asked quantity the lines cannot cover (0 when covered or nothing asked). */
  shortfall: z.number(),
});

export const LocationSuggestQuery = z.object({
  productId: id,
  quantity: queryQuantity,
  /** How many suggestions at most. */
  limit: paramInt(1, 100, 10),
});

export const suggestionReasons = ["defaultLocation", "holdsProduct", "freeLocation"] as const;

export const LocationSuggestion = z.object({
  locationId: z.number(),
  label: z.string(),
  path: z.string(),
  reason: z.enum(suggestionReasons),
  pickupOrder: z.number().nullable(),
  capacityKg: z.number().nullable(),
  /** Weight already stored there (kg, from the products' weights). */
  storedKg: z.number(),
  /** The weight of the quantity to put away (kg). */
  incomingKg: z.number(),
  temperature: z.number().nullable(),
  /** Units of this product already there. */
  productQuantity: z.number(),
});

export const MovementsQuery = listQuerySchema.extend({
  productId: id.optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
});

/** A ledger row: the stock line's key and names as the inventory shows them, with what moved. */
export const ProductMovement = InventoryLine.pick({
  productId: true,
  productIndex: true,
  productName: true,
  locationId: true,
  locationLabel: true,
  containerId: true,
  containerNumber: true,
  expiryDate: true,
  productionDate: true,
  serialNumber: true,
}).extend({
  id: z.number(),
  createdAt: z.string(),
  documentId: z.number(),
  documentNumber: z.string().nullable(),
  documentTypeCode: z.string().nullable(),
  reason: z.enum(["confirm", "revert"]),
  quantityIn: z.number(),
  quantityOut: z.number(),
});

export const DateRangeQuery = z.object({
  dateFrom: date,
  dateTo: date,
});

export const GroupMovementsQuery = DateRangeQuery.extend({ groupId: id.optional() });

export const GroupMovement = z.object({
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  day: z.string(),
  quantityIn: z.number(),
  quantityOut: z.number(),
});

export const OutOrdersChartRow = z.object({
  productId: z.number(),
  productIndex: z.string(),
  productName: z.string(),
  quantity: z.number(),
});

export function paged<T extends z.ZodType>(row: T) {
  return z.object({ results: z.array(row), allFilteredRowCount: z.number() });
}
