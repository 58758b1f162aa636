// An order's documents (api-contract.md, Orders; decision 0008): generating them for what is not yet on a
// document (OIN → OIN receipt, OOU → OOU release, OPI → CRL picking) with the reservations of the stock
// they will take, and the order's process status and done quantities, which follow its documents.
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { insertMany } from "../../db/bulk.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, type DocumentIssue } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import type { Outbox } from "../../hub/outbox.ts";
import { wmsOrderDefinitions } from "../config/definitions.ts";
import { coveredLocations } from "../storage/locations/zones.ts";
import { wmsDocuments } from "../stock/documents/table.ts";
import { createWorkingCopy, type NewPosition } from "../stock/documents/working_copy.ts";
import { wmsDocumentPositions } from "../stock/positions/entity.ts";
import { releasable } from "../stock/inventory/source.ts";
import { fefo } from "../stock/ledger/allocate.ts";
import { stockLineColumns, stockLines } from "../stock/ledger/table.ts";
import { freeOnLine } from "../stock/reservations/service.ts";
import { readLogisticsConfig } from "../stock/config.ts";
import { storageSpaces } from "../storage/locations/entity.ts";
import { containers } from "../stock/containers/table.ts";
import { stockReservations } from "./reservations.ts";
import { issue } from "../stock/validators/snapshot.ts";
import { fromMilli } from "../stock/quantity.ts";
import { wmsOrders } from "./entity.ts";
import { wmsOrderPositions } from "./positions/entity.ts";
import { rowById } from "../../db/prepared.ts";

type OrderRow = typeof wmsOrders.$inferSelect;
type OrderPositionRow = typeof wmsOrderPositions.$inferSelect;

/** Thousandths of each product on the order's documents that are not reverted: all, and confirmed only. */
async function onDocuments(tx: Db, orderId: number) {
  const rows = await tx.all<[number, string, number]>(sql`
    SELECT p.product_id, d.status_code, sum(p.quantity) FROM wms_document_positions p
    JOIN wms_documents d ON d.id = p.document_id
    WHERE d.order_id = ${orderId} AND d.status_code <> 'reverted'
    GROUP BY p.product_id, d.status_code`);
  const planned = new Map<number, number>();
  const done = new Map<number, number>();
  for (const [productId, status, quantity] of rows) {
    const p = Number(productId), q = Number(quantity);
    planned.set(p, (planned.get(p) ?? 0) + q);
    if (status === "confirmed") done.set(p, (done.get(p) ?? 0) + q);
  }
  return { planned, done };
}

/**
 * Shares each product's quantity out over the order's positions of that product, in position order: what
 * each position gets of it (a position gets at most its own quantity).
 */
function shareOut(positions: OrderPositionRow[], byProduct: Map<number, number>): Map<number, number> {
  const left = new Map(byProduct);
  const out = new Map<number, number>();
  for (const p of positions) {
    const has = left.get(p.productId) ?? 0;
    const take = Math.min(has, p.quantity);
    out.set(p.id, take);
    left.set(p.productId, has - take);
  }
  return out;
}

/** What of each of the order's positions is on its documents (not reverted), thousandths by position id. */
export async function coveredShares(db: Db, orderId: number): Promise<Map<number, number>> {
  const positions = await db.select().from(wmsOrderPositions)
    .where(eq(wmsOrderPositions.orderId, orderId)).orderBy(wmsOrderPositions.id);
  return shareOut(positions, (await onDocuments(db, orderId)).planned);
}

/** What of each order position is on no document yet (thousandths), for the positions with something left. */
export async function notYetOnDocuments(tx: Db, order: OrderRow) {
  const positions = await tx.select().from(wmsOrderPositions)
    .where(eq(wmsOrderPositions.orderId, order.id)).orderBy(wmsOrderPositions.id);
  const covered = shareOut(positions, (await onDocuments(tx, order.id)).planned);
  return positions.map((p) => ({ position: p, quantity: p.quantity - (covered.get(p.id) ?? 0) }))
    .filter((x) => x.quantity > 0);
}

/**
 * Makes the order's documents for what is not yet on one, as one generated working copy linked by
 * `orderId`, inside `tx`. A release or picking takes FEFO over free stock (at the position's source, or
 * the order's, and everything under it; else anywhere), one document position per stock line taken, and
 * reserves each. Stock that is not there refuses the whole change: 422 document.validation with a
 * quantityAboveAvailable issue at the order position. Answers the document's id, or null when everything
 * is already on documents.
 */
export async function generateOrderDocuments(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  order: OrderRow,
): Promise<number | null> {
  const def = wmsOrderDefinitions.find((d) => d.typeCode === order.typeCode)!;
  if (def.kind === "verification" || def.kind === "production") {
    throw new Error("counts and productions make their own documents (counts.ts, production.ts)");
  }
  const wanted = await notYetOnDocuments(tx, order);
  if (wanted.length === 0) return null;
  const typeCode = def.generates[0] as "OIN" | "OOU" | "CRL";
  const header = {
    typeCode,
    orderId: order.id,
    generated: true,
    // Picking is internal (the company's own move): no contractor on it.
    contractorId: typeCode === "CRL" ? null : order.contractorId,
    plannedDate: order.plannedDate,
    deadline: order.deadline,
    sourceLocationId: typeCode === "OIN" ? null : order.sourceLocationId,
    destinationLocationId: typeCode === "OOU" ? null : order.destinationLocationId,
    assignedUserId: order.assignedUserId,
    systemComments: `Order ${order.orderNumber}`,
  };
  if (typeCode === "OIN") {
    const positions: NewPosition[] = wanted.map(({ position: p, quantity }) => ({
      productId: p.productId,
      quantity,
      quantityLeft: quantity,
      destinationLocationId: p.destinationLocationId ?? order.destinationLocationId,
      destinationContainerId: p.destinationContainerId,
    }));
    return (await createWorkingCopy(tx, outbox, ctx, header, positions)).id;
  }
  // Releases and picking: the lines to take, FEFO over what no other order reserved.
  const taken = await takeFreeStock(
    tx,
    wanted.map(({ position: p, quantity }) => ({
      issueAt: p.id,
      productId: p.productId,
      quantity,
      sourceLocationId: p.sourceLocationId ?? order.sourceLocationId,
      sourceContainerId: p.sourceContainerId,
      destinationLocationId: typeCode === "CRL"
        ? p.destinationLocationId ?? order.destinationLocationId
        : null,
      destinationContainerId: typeCode === "CRL" ? p.destinationContainerId : null,
    })),
  );
  const doc = await createWorkingCopy(tx, outbox, ctx, header, taken.map((t) => t.position));
  await reserve(tx, order.id, doc.id, taken);
  return doc.id;
}

/** What to take from free stock: a product, how much (thousandths), from where (null: anywhere), to where. */
export interface Wanted {
  /** The positionId a shortfall's issue names. */
  issueAt: number | null;
  productId: number;
  quantity: number;
  sourceLocationId: number | null;
  sourceContainerId: number | null;
  destinationLocationId: number | null;
  destinationContainerId: number | null;
}

export interface Taken {
  position: NewPosition;
  lineKey: string;
}

/** Wanted items whose candidate lines one statement reads. */
const WANTED_PER_READ = 200;

/**
 * The stock lines that give what is wanted, FEFO over free stock (what no order reserved: earliest expiry
 * first, lines without one last, then the oldest line) at the source and everything under it, or
 * anywhere; lines at locations locked for release, in locked containers, or expired while the tenant
 * blocks releasing expired goods are left out, as bestsourcematerial leaves them. One document position
 * per line taken, naming it (place, container, lot). The lines are read for many items per statement and
 * allocated here, so a thousand-position order costs a few reads. A shortfall refuses the whole: 422
 * document.validation with a quantityAboveAvailable issue per wanted item that is short.
 */
export async function takeFreeStock(tx: Db, wanted: Wanted[]): Promise<Taken[]> {
  const sources = [
    ...new Set(wanted.map((w) => w.sourceLocationId).filter((id): id is number => id !== null)),
  ];
  const zones = await coveredLocations(tx, sources);
  const config = await readLogisticsConfig(tx);
  const today = new Date().toISOString().slice(0, 10);
  // Each wanted item's places: its source and what it covers, or null for anywhere.
  const placesOf = (w: Wanted) =>
    w.sourceLocationId === null ? null : zones.get(w.sourceLocationId) ?? new Set([w.sourceLocationId]);
  const pairs = new Map<string, [number, number]>();
  const anywhere = new Set<number>();
  for (const w of wanted) {
    // A zone or parent source (it may cover thousands of bins): the product's lines, kept to the zone below.
    if (w.sourceLocationId === null || zones.has(w.sourceLocationId)) anywhere.add(w.productId);
    else pairs.set(`${w.productId}/${w.sourceLocationId}`, [w.productId, w.sourceLocationId]);
  }
  const read = (where: SQL) =>
    tx.select(stockLineColumns).from(stockLines)
      .innerJoin(storageSpaces, eq(storageSpaces.id, stockLines.locationId))
      .leftJoin(containers, eq(containers.id, stockLines.containerId))
      .where(and(where, eq(storageSpaces.lockedOut, false), releasable(config.rules, today)));
  const found = new Map<number, Awaited<ReturnType<typeof read>>[number]>();
  const pairList = [...pairs.values()];
  for (let i = 0; i < pairList.length; i += WANTED_PER_READ) {
    const slice = JSON.stringify(pairList.slice(i, i + WANTED_PER_READ));
    for (
      const l of await read(
        sql`(${stockLines.productId}, ${stockLines.locationId}) IN (SELECT value ->> 0, value ->> 1 FROM json_each(${slice}))`,
      )
    ) found.set(l.id, l);
  }
  const everywhere = [...anywhere];
  for (let i = 0; i < everywhere.length; i += WANTED_PER_READ) {
    const slice = JSON.stringify(everywhere.slice(i, i + WANTED_PER_READ));
    for (const l of await read(sql`${stockLines.productId} IN (SELECT value FROM json_each(${slice}))`)) {
      found.set(l.id, l);
    }
  }
  const free = (await freeOnLine(tx, [...found.values()])).filter((l) => l.quantity > 0).sort(fefo);
  const byProduct = new Map<number, typeof free>();
  for (const l of free) {
    const list = byProduct.get(l.productId);
    if (list) list.push(l);
    else byProduct.set(l.productId, [l]);
  }
  const used = new Map<string, number>();
  const issues: DocumentIssue[] = [];
  const out: Taken[] = [];
  for (const w of wanted) {
    const places = placesOf(w);
    let needed = w.quantity;
    for (const line of byProduct.get(w.productId) ?? []) {
      if (needed === 0) break;
      if (places !== null && !places.has(line.locationId)) continue;
      if (w.sourceContainerId !== null && line.containerId !== w.sourceContainerId) continue;
      const has = line.quantity - (used.get(line.lineKey) ?? 0);
      if (has <= 0) continue;
      const take = Math.min(has, needed);
      used.set(line.lineKey, (used.get(line.lineKey) ?? 0) + take);
      needed -= take;
      out.push({
        lineKey: line.lineKey,
        position: {
          productId: w.productId,
          quantity: take,
          quantityLeft: take,
          // The very line: its place, container and lot, so the confirmation takes what was reserved.
          sourceLocationId: line.locationId,
          sourceContainerId: line.containerId,
          expiryDate: line.expiryDate,
          productionDate: line.productionDate,
          serialNumber: line.serialNumber,
          destinationLocationId: w.destinationLocationId,
          destinationContainerId: w.destinationContainerId,
        },
      });
    }
    if (needed > 0) {
      issues.push(issue(w.issueAt, "quantityAboveAvailable", {
        requested: fromMilli(w.quantity),
        available: fromMilli(w.quantity - needed),
      }));
    }
  }
  if (issues.length) throw new AppError("document.validation", { issues });
  return out;
}

/** Reserves what document `documentId` (made from `taken`, in that order) will take, for order `orderId`. */
export async function reserve(tx: Db, orderId: number, documentId: number, taken: Taken[]): Promise<void> {
  const ids = await tx.select({ id: wmsDocumentPositions.id }).from(wmsDocumentPositions)
    .where(eq(wmsDocumentPositions.documentId, documentId)).orderBy(wmsDocumentPositions.id);
  const now = nowIso();
  await insertMany(
    tx,
    stockReservations,
    taken.map((t, i) => ({
      orderId,
      documentId,
      documentPositionId: ids[i].id,
      lineKey: t.lineKey,
      productId: t.position.productId,
      locationId: t.position.sourceLocationId!,
      quantity: t.position.quantity,
      createdAt: now,
    })),
  );
}

/** Gives back everything the order reserved. */
export async function releaseReservations(tx: Db, orderId: number): Promise<void> {
  await tx.delete(stockReservations).where(eq(stockReservations.orderId, orderId));
}

/** Whether any document of the order is confirmed (then it may not go back to a working copy). */
export async function hasConfirmedDocuments(tx: Db, orderId: number): Promise<boolean> {
  const [hit] = await tx.select({ id: wmsDocuments.id }).from(wmsDocuments)
    .where(and(eq(wmsDocuments.orderId, orderId), eq(wmsDocuments.statusCode, "confirmed"))).limit(1);
  return hit !== undefined;
}

/** Deletes the order's working copies (their reservations go with them); answers their ids. */
export async function deleteWorkingCopies(tx: Db, orderId: number): Promise<number[]> {
  const gone = await tx.delete(wmsDocuments)
    .where(and(eq(wmsDocuments.orderId, orderId), eq(wmsDocuments.statusCode, "workingCopy")))
    .returning({ id: wmsDocuments.id });
  return gone.map((d) => d.id);
}

/**
 * The process status a confirmed receipt, release or picking order has from its documents (those not
 * reverted): everything ordered confirmed on documents → closedFully; documents left to confirm whose
 * goods are all counted (progress 100%) and that cover the order → doneUnconfirmed; all documents
 * confirmed but part of the order on none → doneConfirmed; anything confirmed or counted → inProgress;
 * else waitingToProcess.
 */
export function processStatusOf(
  ordered: Map<number, number>,
  planned: Map<number, number>,
  done: Map<number, number>,
  open: { progressPercent: number }[],
  confirmedCount: number,
): OrderRow["processStatusCode"] {
  const covers = (m: Map<number, number>) => [...ordered].every(([p, q]) => (m.get(p) ?? 0) >= q);
  if (ordered.size > 0 && covers(done)) return "closedFully";
  if (open.length > 0 && covers(planned) && open.every((d) => d.progressPercent >= 100)) {
    return "doneUnconfirmed";
  }
  if (open.length === 0 && confirmedCount > 0) return "doneConfirmed";
  if (confirmedCount > 0 || open.some((d) => d.progressPercent > 0)) return "inProgress";
  return "waitingToProcess";
}

/**
 * After a change of one of its documents: the order's done quantity per position (`quantityReal`, shared
 * out by product in position order), its done sums and progress, and, while it is confirmed, its process
 * status. Answers whether the order changed.
 */
export async function followDocuments(tx: Db, orderId: number): Promise<boolean> {
  const order = await rowById(tx, wmsOrders, orderId);
  if (!order) return false;
  const def = wmsOrderDefinitions.find((d) => d.typeCode === order.typeCode)!;
  // Counts follow their counts (counts.ts), productions their own steps (production.ts).
  if (def.kind === "verification" || def.kind === "production") return false;
  const positions = await tx.select().from(wmsOrderPositions)
    .where(eq(wmsOrderPositions.orderId, orderId)).orderBy(wmsOrderPositions.id);
  const { planned, done } = await onDocuments(tx, orderId);
  const doneOf = shareOut(positions, done);
  let changed = false;
  for (const p of positions) {
    const real = doneOf.get(p.id) ?? 0;
    if (p.quantityReal !== real) {
      await tx.update(wmsOrderPositions).set({ quantityReal: real }).where(eq(wmsOrderPositions.id, p.id));
      changed = true;
    }
  }
  const doneSum = positions.reduce((sum, p) => sum + (doneOf.get(p.id) ?? 0), 0);
  const doneCount = positions.filter((p) => (doneOf.get(p.id) ?? 0) >= p.quantity).length;
  const progress = order.quantitySum > 0 ? Math.floor((doneSum * 100) / order.quantitySum) : 0;
  if (
    order.quantityDoneSum !== doneSum || order.positionsDoneCount !== doneCount ||
    order.progressPercent !== progress
  ) {
    await tx.update(wmsOrders).set({
      quantityDoneSum: doneSum,
      positionsDoneCount: doneCount,
      progressPercent: progress,
    }).where(eq(wmsOrders.id, orderId));
    changed = true;
  }
  if (order.statusCode !== "confirmed") return changed;
  const ordered = new Map<number, number>();
  for (const p of positions) ordered.set(p.productId, (ordered.get(p.productId) ?? 0) + p.quantity);
  const docs = await tx.select({
    statusCode: wmsDocuments.statusCode,
    progressPercent: wmsDocuments.progressPercent,
  })
    .from(wmsDocuments).where(
      and(eq(wmsDocuments.orderId, orderId), ne(wmsDocuments.statusCode, "reverted")),
    );
  const status = processStatusOf(
    ordered,
    planned,
    done,
    docs.filter((d) => d.statusCode === "workingCopy"),
    docs.filter((d) => d.statusCode === "confirmed").length,
  );
  if (status !== order.processStatusCode) {
    await tx.update(wmsOrders).set({
      processStatusCode: status,
      updatedAt: nowIso(),
      version: order.version + 1,
    })
      .where(eq(wmsOrders.id, orderId));
    changed = true;
  }
  return changed;
}
