// The portal's orders as resources: a contractor user (and an API key of their contractor) reads their
// contractor's external orders and positions, never another's (404) nor positions of products hidden from
// the portal; staff read all of them. They are written only by the portal's own verbs (cart.ts, submit.ts, direct.ts): the
// generic writes answer 405.
import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/connection.ts";
import { Resource } from "../../engine/engine.ts";
import { milli } from "../stock/quantity.ts";
import { readNames } from "../stock/names.ts";
import { products } from "../assortment/products/entity.ts";
import { wmsOrders } from "../orders/entity.ts";
import { wmsOrderPositions } from "../orders/positions/entity.ts";
import {
  externalOrderPositions,
  externalOrders,
  externalOrderStatuses,
  externalOrderTypes,
} from "./table.ts";

const listed = "sort filter show" as const;
const name = z.string().nullable();
const quantity = { output: z.number(), codec: milli } as const;

type OrderRow = typeof externalOrders.$inferSelect;
type PositionRow = typeof externalOrderPositions.$inferSelect;

/** The warehouse order's number, progress and how it was closed, for each external order. */
async function orderExtras(db: Db, rows: OrderRow[]) {
  const ids = rows.flatMap((r) => (r.wmsOrderId === null ? [] : [r.wmsOrderId]));
  const orders = new Map(
    ids.length
      ? (await db.select({
        id: wmsOrders.id,
        processStatusCode: wmsOrders.processStatusCode,
        progressPercent: wmsOrders.progressPercent,
        quantityDoneSum: wmsOrders.quantityDoneSum,
        closedManuallyReason: wmsOrders.closedManuallyReason,
        statusCode: wmsOrders.statusCode,
      }).from(wmsOrders).where(inArray(wmsOrders.id, ids))).map((o) => [o.id, o] as const)
      : [],
  );
  return new Map(rows.map((r) => {
    const o = r.wmsOrderId === null ? undefined : orders.get(r.wmsOrderId);
    return [r.id, {
      progressPercent: o?.progressPercent ?? 0,
      quantityDone: (o?.quantityDoneSum ?? 0) / 1000,
      closedManually: o?.statusCode === "closedManually",
      closedManuallyReason: o?.closedManuallyReason ?? null,
    }];
  }));
}

export const externalOrder = new Resource({
  resource: "ExternalOrder",
  path: "/contractororders/orders",
  table: externalOrders,
  title: ["orderNumber"],
  sort: "-createdAt",
  keyColumns: ["orderNumber", "typeCode", "statusCode", "deliveryDate", "quantitySum"],
  readOnly: true,
  // A warehouse order made from the portal is closed, never deleted, by staff.
  refusedAs: "externalOrder",
  fields: {
    orderNumber: { input: false, list: "sort filter show" },
    typeCode: { options: externalOrderTypes, list: listed },
    statusCode: { options: externalOrderStatuses, list: listed },
    contractorId: { display: "contractorName", only: { keyRole: "contractor" }, list: "filter show" },
    deliveryDate: { kind: "date", day: true, list: listed },
    positionsCount: { list: "sort show" },
    quantitySum: { ...quantity, list: "show" },
    quantityDone: { output: z.number(), input: false, meta: false },
    progressPercent: { kind: "number", output: z.number(), input: false, unit: "%" },
    comment: { kind: "textarea", max: 2000 },
    submittedAt: { kind: "date", list: listed },
    createdByName: { list: "show" },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter" },
    wmsOrderId: { meta: false },
    closedManually: { output: z.boolean(), input: false, meta: false },
    closedManuallyReason: { output: name, input: false, meta: false },
    createdByUserId: { output: false, input: false, meta: false },
  },
  readAccess: "user",
  // A cart is its user's own, read through the cart's calls: never an order in these lists.
  scope: (actor) =>
    actor.contractorId === null
      ? ne(externalOrders.statusCode, "cart")
      : and(ne(externalOrders.statusCode, "cart"), eq(externalOrders.contractorId, actor.contractorId)),
  readExtra: (db, rows) => orderExtras(db, rows as unknown as OrderRow[]),
});

/** Each position's product and what the warehouse's documents have done of it (`quantityDone`). */
async function positionExtras(db: Db, rows: PositionRow[]) {
  const names = await readNames(db, { products: rows.map((r) => r.productId) });
  const wmsIds = rows.flatMap((r) => (r.wmsOrderPositionId === null ? [] : [r.wmsOrderPositionId]));
  const done = new Map(
    wmsIds.length
      ? (await db.select({ id: wmsOrderPositions.id, done: wmsOrderPositions.quantityReal })
        .from(wmsOrderPositions).where(inArray(wmsOrderPositions.id, wmsIds))).map((p) => [p.id, p.done ?? 0])
      : [],
  );
  return new Map(rows.map((r) => [r.id, {
    productIndex: names.product(r.productId)?.index ?? null,
    productName: names.product(r.productId)?.name ?? null,
    quantityDone: (r.wmsOrderPositionId === null ? 0 : done.get(r.wmsOrderPositionId) ?? 0) / 1000,
  }]));
}

export const externalOrderPosition = new Resource({
  resource: "ExternalOrderPosition",
  path: "/contractororders/positions",
  // Listed within its order by the portal's own routes, never by the generic ones.
  exported: false,
  table: externalOrderPositions,
  title: ["productIndex", "productName"],
  sort: "id",
  readOnly: true,
  fields: {
    externalOrderId: { list: "filter" },
    productId: { display: "productName", list: listed },
    productIndex: { output: name, input: false },
    quantity: { ...quantity, list: "sort show" },
    quantityDone: { output: z.number(), input: false },
    quantityReceived: { ...quantity, output: z.number().nullable(), list: "show" },
    receivedAt: { kind: "date", list: "show" },
    wmsOrderPositionId: { output: false, input: false, meta: false },
    createdAt: { list: "sort filter" },
  },
  readAccess: "user",
  scope: (actor) =>
    actor.contractorId === null ? undefined : and(
      inArray(
        externalOrderPositions.externalOrderId,
        sql`(SELECT ${externalOrders.id} FROM ${externalOrders} WHERE ${externalOrders.contractorId} = ${actor.contractorId})`,
      ),
      notInArray(
        externalOrderPositions.productId,
        sql`(SELECT ${products.id} FROM ${products} WHERE ${products.contractorPortalHide} = 1)`,
      ),
    ),
  readExtra: (db, rows) => positionExtras(db, rows as unknown as PositionRow[]),
});

export const externalOrderMeta = externalOrder.meta;
