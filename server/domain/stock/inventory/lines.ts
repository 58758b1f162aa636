// The detailed inventory (one row per stock line) and the stock of each container, paged, sorted and
// filtered like every list (kernel/list.ts: the page's ids from an indexed order, then only those rows).
import { and, inArray, type SQL, sql } from "drizzle-orm";
import type { TenantContext } from "../../../kernel/context.ts";
import { type ListField, listPage, type ListQuery, walkList, type WalkQuery } from "../../../kernel/list.ts";
import { fromMilli } from "../quantity.ts";
import { readNames } from "../names.ts";
import { overIds, rowsOf } from "../../../db/prepared.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { containers } from "../containers/table.ts";
import { stockLines } from "../ledger/table.ts";
import {
  productBarcodeField,
  productListFields,
  productScope,
  readProductFacts,
  stockFlags,
  times,
  visibleProduct,
} from "./scope.ts";
import type { z } from "zod";
import type { ContainerStock, ContainerStockQuery, InventoryLine } from "./contract.ts";

const onLocation = { owner: storageSpaces.id, id: stockLines.locationId };
const onContainer = { owner: containers.id, id: stockLines.containerId };

/** The inventory's fields; the product's, location's and container's text is filtered (not sorted) through them. */
export const inventoryFields: Record<string, ListField> = {
  id: { column: stockLines.id, type: "number", sortable: true, filterable: true },
  productId: { column: stockLines.productId, type: "number", sortable: true, filterable: true },
  locationId: { column: stockLines.locationId, type: "number", sortable: true, filterable: true },
  containerId: { column: stockLines.containerId, type: "number", sortable: true, filterable: true },
  expiryDate: { column: stockLines.expiryDate, type: "date", sortable: true, filterable: true },
  productionDate: { column: stockLines.productionDate, type: "date", sortable: true, filterable: true },
  serialNumber: {
    column: stockLines.serialNumber,
    type: "text",
    sortable: true,
    filterable: true,
    searchable: true,
  },
  /** In units (translated to thousandths before the list kernel sees it). */
  quantity: { column: stockLines.quantity, type: "number", sortable: true, filterable: true },
  createdAt: { column: stockLines.createdAt, type: "date", sortable: true, filterable: true },
  ...productListFields(stockLines.productId),
  locationLabel: {
    column: storageSpaces.label,
    type: "text",
    filterable: true,
    searchable: true,
    through: onLocation,
  },
  containerNumber: {
    column: containers.number,
    type: "text",
    filterable: true,
    searchable: true,
    through: onContainer,
  },
};

/**
 * Quantities are thousandths in the table and units in the API: a filter on `quantity` is given in units.
 * The list kernel compares the column as given, so quantity filters are translated here before it runs.
 */
export function unitsToMilli(serialized: string | undefined): string | undefined {
  if (!serialized) return serialized;
  let parsed: unknown;
  try {
    parsed = JSON.parse(serialized);
  } catch {
    return serialized; // the kernel answers the malformed JSON
  }
  if (!Array.isArray(parsed)) return serialized;
  const scale = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(scale);
    const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
    return Number.isFinite(n) ? Math.round(n * 1000) : v;
  };
  return JSON.stringify(
    parsed.map((f) =>
      f && typeof f === "object" && (f as { field?: unknown }).field === "quantity"
        ? { ...f, value: scale((f as { value?: unknown }).value) }
        : f
    ),
  );
}

type Line = typeof stockLines.$inferSelect;

async function inventoryRows(ctx: TenantContext, lines: Line[]): Promise<InventoryLine[]> {
  const db = ctx.conn.db;
  const facts = await readProductFacts(db, lines.map((l) => l.productId));
  const names = await readNames(db, {
    locations: lines.map((l) => l.locationId),
    containers: lines.map((l) => l.containerId),
  });
  return lines.map((l) => {
    const p = facts.get(l.productId)!;
    return {
      id: l.id,
      productId: l.productId,
      productIndex: p.index,
      productName: p.name,
      unit: p.unit,
      locationId: l.locationId,
      locationLabel: names.location(l.locationId) ?? "",
      containerId: l.containerId,
      containerNumber: names.container(l.containerId),
      expiryDate: l.expiryDate,
      productionDate: l.productionDate,
      serialNumber: l.serialNumber,
      quantity: fromMilli(l.quantity),
      overallValue: times(l.quantity, p.cashValue),
      overallWeight: times(l.quantity, p.weight),
      createdAt: l.createdAt,
      productTotal: fromMilli(p.total),
      ...stockFlags(p.total, p),
    };
  });
}

/** The detailed inventory's list: its fields, the caller's scope, and how a page of ids becomes rows. */
function inventoryList(ctx: TenantContext) {
  const scope = productScope(ctx.actor, stockLines.productId);
  return {
    spec: {
      table: stockLines,
      id: stockLines.id,
      fields: inventoryFields,
      defaultSort: "id",
      scope: scope ? [scope] : [],
    },
    rows: async (ids: number[]) => {
      const lines = rowsOf(stockLines)(
        await overIds(
          ctx.conn.db,
          "inventory.lines",
          (on, list) => on.select().from(stockLines).where(sql`${stockLines.id} IN ${list}`),
        ).values({ ids: JSON.stringify(ids) }),
      );
      return await inventoryRows(ctx, lines);
    },
  };
}

/** GET WmsInventory/inventory: one row per stock line. */
export async function listInventory(ctx: TenantContext, query: ListQuery) {
  const { spec, rows } = inventoryList(ctx);
  return await listPage(
    ctx.conn.db,
    spec,
    { ...query, BasicFiltersSerialized: unitsToMilli(query.BasicFiltersSerialized) },
    rows,
  );
}

/** Every stock line the filter finds, in the list's order, a chunk at a time (the export). */
export function walkInventory(ctx: TenantContext, query: WalkQuery) {
  const { spec, rows } = inventoryList(ctx);
  return walkList(
    ctx.conn.db,
    spec,
    { ...query, BasicFiltersSerialized: unitsToMilli(query.BasicFiltersSerialized) },
    rows,
  );
}

/** Containers holding a product with the barcode, by their lines (only the lines within `lineScope`). */
function containerBarcode(lineScope?: SQL): ListField {
  return productBarcodeField(
    stockLines.productId,
    (onLine) =>
      sql`${containers.id} IN (SELECT ${stockLines.containerId} FROM ${stockLines} WHERE ${
        lineScope ? and(onLine, lineScope) : onLine
      })`,
  );
}

export const containerFields: Record<string, ListField> = {
  id: { column: containers.id, type: "number", sortable: true, filterable: true },
  number: { column: containers.number, type: "text", sortable: true, filterable: true, searchable: true },
  kind: { column: containers.kind, type: "text", sortable: true, filterable: true },
  locationId: { column: containers.locationId, type: "number", sortable: true, filterable: true },
  lockedIn: { column: containers.lockedIn, type: "boolean", sortable: true, filterable: true },
  lockedOut: { column: containers.lockedOut, type: "boolean", sortable: true, filterable: true },
  createdAt: { column: containers.createdAt, type: "date", sortable: true, filterable: true },
  locationLabel: {
    column: storageSpaces.label,
    type: "text",
    filterable: true,
    searchable: true,
    through: { owner: storageSpaces.id, id: containers.locationId },
  },
  /** Containers holding a product with this barcode (a scan finds its pallet). */
  productBarcode: containerBarcode(),
};

/**
 * GET WmsInventory/containerStock: each container with its lines and total. Staff see every container
 * (empty ones too); a contractor user only containers holding their products, and only those lines.
 * `productId` keeps the containers holding that product (a query parameter, not a list filter, so that
 * it is judged within the caller's products: another contractor's product is 404, not a probe).
 */
/** A contractor's container fields, made once per contractor: the list's shape is then the same every call. */
const scopedFieldsOf = new Map<number, Record<string, ListField>>();

/**
 * For a contractor user: a barcode finds a container by their own lines in it only (not by another's). The
 * line scope is the contractor's alone (productScope), so the fields made for its first call serve the rest
 * (kernel/list.ts prepares a list's statements once per fields object and scope).
 */
function scopedFields(contractorId: number, lineScope: SQL): Record<string, ListField> {
  let fields = scopedFieldsOf.get(contractorId);
  if (!fields) {
    scopedFieldsOf.set(
      contractorId,
      fields = { ...containerFields, productBarcode: containerBarcode(lineScope) },
    );
  }
  return fields;
}

export async function listContainerStock(ctx: TenantContext, query: z.output<typeof ContainerStockQuery>) {
  const lineScope = productScope(ctx.actor, stockLines.productId);
  const scope = lineScope
    ? [sql`${containers.id} IN (SELECT ${stockLines.containerId} FROM ${stockLines} WHERE ${lineScope})`]
    : [];
  if (query.productId !== undefined) {
    await visibleProduct(ctx.conn.db, ctx.actor, query.productId);
    scope.push(sql`${containers.id} IN (SELECT ${stockLines.containerId} FROM ${stockLines}
      WHERE ${stockLines.productId} = ${query.productId})`);
  }
  return await listPage(
    ctx.conn.db,
    {
      table: containers,
      id: containers.id,
      fields: lineScope && ctx.actor.contractorId !== null
        ? scopedFields(ctx.actor.contractorId, lineScope)
        : containerFields,
      defaultSort: "number",
      scope,
    },
    query,
    async (ids): Promise<ContainerStock[]> => {
      const db = ctx.conn.db;
      const rows = await db.select().from(containers).where(inArray(containers.id, ids));
      const lines = await db.select().from(stockLines)
        .where(and(inArray(stockLines.containerId, ids), lineScope)).orderBy(stockLines.id);
      const facts = await readProductFacts(db, lines.map((l) => l.productId));
      const names = await readNames(db, { locations: rows.map((r) => r.locationId) });
      return rows.map((c) => {
        const own = lines.filter((l) => l.containerId === c.id);
        return {
          id: c.id,
          number: c.number,
          kind: c.kind,
          locationId: c.locationId,
          locationLabel: names.location(c.locationId) ?? "",
          lockedIn: c.lockedIn,
          lockedOut: c.lockedOut,
          linesCount: own.length,
          totalQuantity: fromMilli(own.reduce((s, l) => s + l.quantity, 0)),
          lines: own.map((l) => ({
            id: l.id,
            productId: l.productId,
            productIndex: facts.get(l.productId)!.index,
            productName: facts.get(l.productId)!.name,
            expiryDate: l.expiryDate,
            productionDate: l.productionDate,
            serialNumber: l.serialNumber,
            quantity: fromMilli(l.quantity),
          })),
        };
      });
    },
  );
}
