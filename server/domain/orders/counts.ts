// Cycle counts: verification orders (VER-A all stock, VER-P products, VER-C a contractor's goods, VER-L a
// location and everything under it). Decision 0008: counting starts with a mark (the ledger's highest
// movement id) and one position per stock line in scope holding its quantity at the mark; the warehouse keeps
// working meanwhile. A count records what the books held of its line at that moment, so the difference is
// counted − book then, and the adjustment moves stock by exactly that: goods that moved before or after the
// counter saw them are booked once, by their own document. Positions are made in slices of a few thousand
// lines per transaction (a count over a million lines never holds the write lock for long), the rest after
// the confirming request has answered, with progress on the order (`countPreparing`, `positionsCount` of
// `countLinesTotal`).
import { turn } from "../../kernel/turn.ts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, notFound } from "../../kernel/errors.ts";
import { nowIso } from "../../kernel/time.ts";
import { demand } from "../../kernel/access.ts";
import { Outbox, transactionWithEvents } from "../../hub/outbox.ts";
import type { CountReply, CountRequest, CountStop } from "./count_messages.ts";
import { workStayedHere as stayedHere, workStillHere as stillHere } from "../../cluster/placement.ts";
import { reservedOn } from "../stock/reservations/service.ts";
import { recordChange } from "../../engine/record_change.ts";
import { wmsOrderDefinitions } from "../config/definitions.ts";
import { createWorkingCopy, type NewPosition } from "../stock/documents/working_copy.ts";
import { confirmInTransaction } from "../stock/documents/confirm.ts";
import { wmsDocuments } from "../stock/documents/table.ts";
import { wmsOrders } from "./entity.ts";
import { wmsOrderPosition, wmsOrderPositions } from "./positions/entity.ts";
import { rowById } from "../../db/prepared.ts";
import { shareGate } from "../../db/writer_gate.ts";
import { filePathOf, walResetsLeftToReplication } from "../../db/local.ts";

type OrderRow = typeof wmsOrders.$inferSelect;
type PositionRow = typeof wmsOrderPositions.$inferSelect;

/**
 * Stock lines made into positions per transaction (COUNT_SLICE_LINES in the environment; 1,000): the
 * confirmation's first slice, the count worker's (in chunks: below) and the slices of a tenant on a libSQL
 * server. A request's write to the tenant waits one slice at most. Measured at a million lines (`deno task bench
 * orders`, 2026-12-01): slices of 2,000 lines kept the tenant's writes waiting up to p99 56-70 ms; of 1,500,
 * 46-48 ms; of 1,000, 32-36 ms, the count taking 2.5-2.7 times one raw INSERT … SELECT (1.9-2.3 with 2,000).
 */
export const sliceLines = () => Math.max(1, Number(Deno.env.get("COUNT_SLICE_LINES") ?? 1000) || 1000);

/**
 * The count worker's slices (count_worker.ts) are made in chunks of an eighth of `sliceLines()` (125 lines),
 * one after the other in the same transaction, up to four times `sliceLines()` while no write of the tenant
 * waits for the lock, and end after the chunk under way as soon as one does: a write waits one chunk at most,
 * where it waited one whole slice. 2026-12-02, slow hours, a write every 100 ms beside a count over a million
 * lines: p99 121.7-129.7 ms with slices of 1,000 lines; 51.1-64.1 ms with chunks of 250 (the count 110.6-131.7
 * s against 116.2); 48.9-49.3 ms with chunks of 125, the count 131.6 / 134.3 s against 131.7 / 117.2 with 250
 * (two pairs alternated, the order swapped: bench/README.md, orders).
 */
export const chunkLines = () => Math.max(1, Math.ceil(sliceLines() / 8));
export const workerSliceLines = () => sliceLines() * 4;

export const isCount = (typeCode: string) =>
  wmsOrderDefinitions.find((d) => d.typeCode === typeCode)?.kind === "verification";

/** The count's scope as a condition on a table with product_id and location_id (`alias`). */
function scopeOf(order: OrderRow, alias: "l" | "m"): SQL {
  const t = sql.raw(alias);
  switch (order.typeCode) {
    case "VER-P":
      return sql`${t}.product_id IN (SELECT product_id FROM wms_order_scope_products WHERE order_id = ${order.id})`;
    case "VER-C":
      return sql`${t}.product_id IN (SELECT id FROM products WHERE contractor_id = ${order.contractorId})`;
    case "VER-L":
      // The location and everything under it, locked or not: a count counts what is there.
      return sql`${t}.location_id IN (WITH RECURSIVE below(id) AS (
        SELECT ${order.scopeLocationId} UNION SELECT s.id FROM storage_spaces s JOIN below ON s.parent_id = below.id
      ) SELECT id FROM below)`;
    default:
      return sql`1`;
  }
}

/**
 * Starts counting inside the confirming transaction: the mark, the number of lines in scope, and the first
 * slice of positions. Answers whether slices are left (to be made after the request: continueCount).
 */
export async function startCount(tx: Db, order: OrderRow): Promise<boolean> {
  const [[mark]] = await tx.all<[number]>(sql`SELECT coalesce(max(id), 0) FROM stock_movements`);
  const [[total]] = await tx.all<[number]>(
    sql`SELECT count(*) FROM stock_lines l WHERE ${scopeOf(order, "l")}`,
  );
  await tx.update(wmsOrders).set({
    countMark: Number(mark),
    countCursor: null,
    countPreparing: true,
    countLinesTotal: Number(total),
  }).where(eq(wmsOrders.id, order.id));
  return await prepareSlice(tx, order.id);
}

/**
 * One slice of a count's positions: the next lines in scope by key, each at its quantity at the mark (its
 * movements since taken off); a line already made is not made again. When the lines are done, the lines in
 * scope that held stock at the mark but are gone now are made from the ledger, and preparing ends.
 * Answers whether slices are left. `limit`: lines read (sliceLines() but in a worker's chunks).
 *
 * A count of all stock (VER-A) walks its lines by key, not by id: a line's key begins with its product and
 * its place, so one slice's positions fall together at the end of the positions' unique (order, line) index
 * and close together in their product index, where lines in id order scattered them over every page of
 * both (each slice rewrote thousands of index pages: 62 µs a line against 21 µs by key, at a million lines;
 * bench/README.md, orders). A count of part of the stock walks them by id, which its scope's own index
 * (product or place, then the line's id) seeks to: by key it would read and sort its whole scope in every
 * slice (a scope of 200,000 lines: 190 ms a slice against 5).
 */
export async function prepareSlice(tx: Db, orderId: number, limit = sliceLines()): Promise<boolean> {
  return (await prepareChunks(tx, orderId, { chunk: limit, atMost: 1 })).more;
}

/** Where a count's walk stands within one transaction: its order read once, its progress written once. */
interface Walk {
  order: OrderRow;
  cursor: string | number;
  made: number;
  sum: number;
  last: boolean;
}

/** The next `limit` lines of the walk made into positions (and, after the last line, the gone ones). */
async function makeChunk(tx: Db, w: Walk, limit: number, now: string): Promise<void> {
  const { order } = w;
  const mark = order.countMark ?? 0;
  const walk = order.typeCode === "VER-A" ? sql`l.line_key` : sql`l.id`;
  const [[upper, read]] = await tx.all<[string | number | null, number]>(sql`
    SELECT max(k), count(*) FROM (SELECT ${walk} AS k FROM stock_lines l
      WHERE ${walk} > ${w.cursor} AND ${scopeOf(order, "l")} ORDER BY ${walk} LIMIT ${limit})`);
  const made: [number][] = [];
  if (upper !== null) {
    // The inner LIMIT (at most `limit` lines are in the range anyway) keeps SQLite from flattening the
    // subquery into the outer WHERE, which evaluated the movements' sum twice a line (13.4 against 11.9 µs).
    made.push(
      ...await tx.all<[number]>(sql`
      INSERT INTO wms_order_positions (order_id, product_id, quantity, source_location_id, source_container_id,
        expiry_date, production_date, serial_number, line_key, created_at, updated_at, version)
      SELECT * FROM (
        SELECT ${order.id}, l.product_id,
          l.quantity - coalesce((SELECT sum(delta) FROM stock_movements m
            WHERE m.line_key = l.line_key AND m.id > ${mark}), 0) AS at_mark,
          l.location_id, l.container_id, l.expiry_date, l.production_date, l.serial_number, l.line_key,
          ${now}, ${now}, 1
        FROM stock_lines l WHERE ${walk} > ${w.cursor} AND ${walk} <= ${upper} AND ${scopeOf(order, "l")}
        ORDER BY ${walk} LIMIT ${limit}
      ) WHERE at_mark > 0
      ON CONFLICT (order_id, line_key) DO NOTHING
      RETURNING quantity`),
    );
    w.cursor = upper;
  }
  // The last slice of lines: then the lines that held stock at the mark and have since gone to 0 (and were
  // deleted), from the ledger; preparing ends.
  w.last = Number(read) < limit;
  if (w.last) {
    made.push(
      ...await tx.all<[number]>(sql`
      INSERT INTO wms_order_positions (order_id, product_id, quantity, source_location_id, source_container_id,
        expiry_date, production_date, serial_number, line_key, created_at, updated_at, version)
      SELECT * FROM (
        SELECT ${order.id}, m.product_id, -sum(m.delta) AS at_mark, m.location_id, m.container_id,
          m.expiry_date, m.production_date, m.serial_number, m.line_key, ${now}, ${now}, 1
        FROM stock_movements m
        WHERE m.id > ${mark} AND ${scopeOf(order, "m")}
          AND NOT EXISTS (SELECT 1 FROM stock_lines l WHERE l.line_key = m.line_key)
        GROUP BY m.line_key ORDER BY min(m.id)
      ) WHERE at_mark > 0
      ON CONFLICT (order_id, line_key) DO NOTHING
      RETURNING quantity`),
    );
  }
  w.made += made.length;
  w.sum += made.reduce((s, [q]) => s + Number(q), 0);
}

/**
 * Slices of a count's positions in the transaction `tx`: chunks of `chunk` lines one after the other, at
 * most `atMost` of them, ending after the chunk under way once `yieldNow()` says a write of the tenant waits
 * (a worker's slice, count_worker.ts; one chunk is `prepareSlice`). The order is read once and its progress
 * written once, whatever the number of chunks (each chunk read and wrote it: 0.9 ms a chunk). Answers whether
 * lines are left, and how many chunks were made.
 */
export async function prepareChunks(
  tx: Db,
  orderId: number,
  {
    chunk = chunkLines(),
    atMost = Math.max(1, Math.floor(workerSliceLines() / chunk)),
    yieldNow = () => false,
  }: {
    chunk?: number;
    atMost?: number;
    yieldNow?: () => boolean;
  } = {},
): Promise<{ more: boolean; chunks: number }> {
  const order = await rowById(tx, wmsOrders, orderId);
  if (!order || !order.countPreparing) return { more: false, chunks: 0 };
  // Closed or archived while preparing: nothing more is made, and it no longer says it is preparing.
  if (order.statusCode !== "confirmed") {
    await tx.update(wmsOrders).set({ countPreparing: false, countCursor: null }).where(
      eq(wmsOrders.id, orderId),
    );
    return { more: false, chunks: 0 };
  }
  const w: Walk = {
    order,
    cursor: order.typeCode === "VER-A" ? order.countCursor ?? "" : Number(order.countCursor ?? 0),
    made: 0,
    sum: 0,
    last: false,
  };
  const now = nowIso();
  let chunks = 0;
  do {
    await makeChunk(tx, w, chunk, now);
    chunks++;
  } while (!w.last && chunks < atMost && !yieldNow());
  await tx.update(wmsOrders).set({
    positionsCount: sql`${wmsOrders.positionsCount} + ${w.made}`,
    quantitySum: sql`${wmsOrders.quantitySum} + ${w.sum}`,
    countCursor: w.last ? null : String(w.cursor),
    countPreparing: !w.last,
  }).where(eq(wmsOrders.id, orderId));
  return { more: !w.last, chunks };
}

const preparing = new Set<string>();

/** How often a running preparation looks whether its tenant has started moving (the directory's cache). */
const WATCH_MS = 100;

/**
 * Makes the rest of a count's positions after the request: for a tenant file, on a worker thread with its
 * own connection (count_worker.ts), so that the thread answering requests is never held; for a tenant on
 * a libSQL server, one slice per transaction here, the event loop turning between them. One runner per
 * count in this process; a count left preparing (the process ended) is taken up again at the next start
 * (messaging/sweep.ts) or by the next call that reads its progress (takeUpCount).
 *
 * A tenant that starts moving (server/tenancy/move.ts) stops the worker after its slice under way, well before the
 * move copies the file (the move waits for every instance's cache of the directory to see it): the count
 * stays preparing from where it stopped, since each slice is one transaction and carries its cursor. When
 * the move ends here (it failed) the preparation goes on; when it has moved, its new owner takes it up on
 * opening the copy (sweep.ts, takeUpOnOpen). Decision 0018.
 */
export function continueCount(ctx: TenantContext, orderId: number): void {
  const key = `${ctx.tenant.dbUrl}#${orderId}`;
  if (preparing.has(key)) return;
  preparing.add(key);
  const done = () => {
    const outbox = new Outbox();
    outbox.add("WmsOrder", "changed", orderId);
    outbox.publish(ctx);
  };
  (async () => {
    try {
      if (ctx.tenant.dbUrl.startsWith("file:")) {
        for (;;) {
          const reply = await stillHere(ctx).catch(() => true)
            ? await inWorker(ctx, { url: ctx.tenant.dbUrl, orderId })
            : { ok: true as const, stopped: true };
          if (!reply.ok) throw new Error(reply.error);
          if (!reply.stopped) break;
          if (!await stayedHere(ctx)) return;
        }
        done();
        return;
      }
      for (;;) {
        const more = await ctx.services.pool.use(
          ctx.tenant.dbUrl,
          (conn) => conn.transaction((tx) => prepareSlice(tx, orderId)),
        );
        if (!more) break;
        await turn();
      }
      done();
    } catch (err) {
      console.error(`count ${orderId} of ${ctx.tenant.slug}: preparing stopped`, err);
    } finally {
      preparing.delete(key);
    }
  })();
}

/**
 * Runs one count's preparation on a worker thread of its own, which ends with it; told to stop as soon as
 * the tenant is no longer served here as it was.
 */
function inWorker(ctx: TenantContext, request: CountRequest): Promise<CountReply> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./count_worker.ts", import.meta.url).href, { type: "module" });
    let told = false;
    const watch = setInterval(() => {
      if (told) return;
      stillHere(ctx).then((here) => {
        if (here || told) return;
        told = true;
        worker.postMessage({ stop: true } satisfies CountStop);
      }, () => {/* the control database busy: the next look */});
    }, WATCH_MS);
    const gate = shareGate(filePathOf(request.url));
    const end = (reply: CountReply) => {
      clearInterval(watch);
      worker.terminate();
      gate.done();
      resolve(reply);
    };
    worker.onmessage = (event: MessageEvent<CountReply>) => end(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      end({ ok: false, error: event.message });
    };
    worker.postMessage(
      {
        ...request,
        gate: gate.buffer,
        workerId: gate.id,
        replicated: walResetsLeftToReplication(),
      } satisfies CountRequest,
    );
  });
}

/** A count left preparing by a process that ended: its preparation starts again here. */
export function takeUpCount(ctx: TenantContext, order: { id: number; countPreparing: unknown }): void {
  // Never from a reader (a read-only connection: server/cluster/): only where the tenant is written.
  if ((ctx.conn as { readOnly?: boolean }).readOnly === true) return;
  if (order.countPreparing === true && !isPreparing(ctx, order.id)) continueCount(ctx, order.id);
}

/** Whether this count is being prepared by a runner of this process. */
export const isPreparing = (ctx: TenantContext, orderId: number) =>
  preparing.has(`${ctx.tenant.dbUrl}#${orderId}`);

/**
 * The verification status from how many positions are counted and whether any counted one differs from
 * the books (a partial index finds one), and whether counting has finished.
 */
async function verificationOf(
  tx: Db,
  orderId: number,
  counted: number,
  finished: boolean,
): Promise<OrderRow["verificationStatusCode"]> {
  const [differing] = await tx.all<[number]>(sql`
    SELECT 1 FROM wms_order_positions
    WHERE order_id = ${orderId} AND quantity_real IS NOT NULL AND quantity_real <> book_quantity LIMIT 1`);
  const d = differing !== undefined;
  if (finished) return d ? "finishedWithDifferences" : "finishedNoDifferences";
  if (counted === 0) return "notStarted";
  return d ? "inProgressWithDifferences" : "inProgressNoDifferences";
}

const finishedStatuses = ["finishedNoDifferences", "finishedWithDifferences"];

/** A position of a count that can take a count now: its order confirmed, prepared and not finished. */
async function countablePosition(tx: Db, ctx: TenantContext, id: number) {
  demand("operations", ctx.actor);
  const position = await rowById(tx, wmsOrderPositions, id);
  if (!position) throw notFound();
  const order = await rowById(tx, wmsOrders, position.orderId);
  if (!order) throw notFound();
  if (
    !isCount(order.typeCode) || order.statusCode !== "confirmed" || order.countPreparing ||
    finishedStatuses.includes(order.verificationStatusCode ?? "")
  ) throw new AppError("order.statusChangeNotAllowed");
  return { position, order };
}

/** Writes a count (or its removal, for a recount) and what follows from it on the order. */
async function setCount(
  ctx: TenantContext,
  id: number,
  change: (tx: Db, position: PositionRow, order: OrderRow) => Promise<Partial<PositionRow>>,
) {
  return await transactionWithEvents(ctx, async (tx, outbox) => {
    const { position, order } = await countablePosition(tx, ctx, id);
    const before = await wmsOrderPosition.getIn(tx, ctx, id);
    const now = nowIso();
    const values = await change(tx, position, order);
    await tx.update(wmsOrderPositions)
      .set({ ...values, updatedAt: now, version: position.version + 1 })
      .where(eq(wmsOrderPositions.id, id));
    // Kept by each count, not recounted: a count may have a million positions.
    const done = order.positionsDoneCount + Number(values.quantityReal != null) -
      Number(position.quantityReal !== null);
    const verification = await verificationOf(tx, order.id, done, false);
    await tx.update(wmsOrders).set({
      positionsDoneCount: done,
      progressPercent: order.positionsCount > 0 ? Math.floor((done * 100) / order.positionsCount) : 0,
      verificationStatusCode: verification,
      processStatusCode: verification === "notStarted" ? "waitingToProcess" : "inProgress",
      updatedAt: now,
      version: order.version + 1,
    }).where(eq(wmsOrders.id, order.id));
    const after = await wmsOrderPosition.getIn(tx, ctx, id);
    await recordChange(tx, outbox, ctx.actor, {
      action: "changed",
      resource: "WmsOrderPosition",
      id,
      title: `${order.orderNumber} ${after.productIndex ?? ""}`.trim(),
      old: before,
      new: after,
    });
    outbox.add("WmsOrder", "changed", order.id);
    return after;
  });
}

/**
 * PATCH WmsOrderPosition/{id}/QuantityReal: what was counted (thousandths, 0 for nothing found), with what
 * the books held of the line at that moment (its quantity at the mark plus its movements since). A count
 * again replaces it.
 */
export function recordCount(ctx: TenantContext, id: number, quantityReal: number) {
  return setCount(ctx, id, async (tx, position, order) => {
    const [[latest, moved]] = await tx.all<[number, number]>(sql`
      SELECT (SELECT coalesce(max(id), 0) FROM stock_movements),
        (SELECT coalesce(sum(delta), 0) FROM stock_movements WHERE line_key = ${position.lineKey}
          AND id > ${order.countMark ?? 0})`);
    return {
      quantityReal,
      bookQuantity: position.quantity + Number(moved),
      countedAtMovementId: Number(latest),
      countedAt: nowIso(),
      countedByUserId: ctx.actor.userId,
    };
  });
}

/** POST WmsOrderPosition/{id}/Recount: the count is taken off, so the position is counted again. */
export function recount(ctx: TenantContext, id: number) {
  return setCount(ctx, id, () =>
    Promise.resolve({
      quantityReal: null,
      bookQuantity: null,
      countedAtMovementId: null,
      countedAt: null,
      countedByUserId: null,
    }));
}

/** Counting ends; positions nobody counted stay as they are. A count still being prepared cannot end. */
export async function finishCount(tx: Db, order: OrderRow): Promise<Partial<OrderRow>> {
  if (
    !isCount(order.typeCode) || order.countPreparing ||
    finishedStatuses.includes(order.verificationStatusCode ?? "")
  ) {
    throw new AppError("order.statusChangeNotAllowed");
  }
  const verification = await verificationOf(tx, order.id, order.positionsDoneCount, true);
  return {
    verificationStatusCode: verification,
    processStatusCode: verification === "finishedWithDifferences" ? "doneUnconfirmed" : "closedFully",
  };
}

/**
 * GenerateDocuments of a finished count: an IIN for what was found above the books and an IOU for what was
 * missing, each position at the counted line (place, container, lot) by the difference counted − book
 * quantity at the moment of counting, both confirmed in the same transaction. A line another count has
 * adjusted since this one counted it is left as that count booked it; a write-off takes at most what the
 * line holds free now. Answers the documents' ids.
 */
export async function adjustCount(
  tx: Db,
  outbox: Outbox,
  ctx: TenantContext,
  order: OrderRow,
): Promise<number[]> {
  if (order.verificationStatusCode !== "finishedWithDifferences") {
    throw new AppError(
      finishedStatuses.includes(order.verificationStatusCode ?? "")
        ? "order.nothingToGenerate"
        : "order.statusChangeNotAllowed",
    );
  }
  const [done] = await tx.select({ id: wmsDocuments.id }).from(wmsDocuments)
    .where(eq(wmsDocuments.orderId, order.id)).limit(1);
  if (done) throw new AppError("order.nothingToGenerate");
  const differing = await tx.select().from(wmsOrderPositions).where(and(
    eq(wmsOrderPositions.orderId, order.id),
    sql`${wmsOrderPositions.quantityReal} IS NOT NULL AND ${wmsOrderPositions.quantityReal} <> ${wmsOrderPositions.bookQuantity}`,
  )).orderBy(wmsOrderPositions.id);
  // A line another count has adjusted since this one counted it: that count booked what was found there
  // (the same shelf, counted twice), so this one leaves it be rather than book the difference again.
  const adjustedSince = new Set(
    (await tx.all<[number]>(sql`
      SELECT p.id FROM wms_order_positions p
      WHERE p.order_id = ${order.id} AND p.quantity_real IS NOT NULL AND p.quantity_real <> p.book_quantity
        AND EXISTS (SELECT 1 FROM stock_movements m JOIN wms_documents d ON d.id = m.document_id
          JOIN wms_orders o ON o.id = d.order_id
          WHERE m.line_key = p.line_key AND m.id > p.counted_at_movement_id AND o.id <> ${order.id}
            AND o.type_code LIKE 'VER-%')`)).map(([id]) => Number(id)),
  );
  // What each short line still holds free now: a write-off takes at most that (goods released after the
  // count already took the shortfall with them; what orders reserved is theirs).
  const shortKeys = differing.filter((p) => p.quantityReal! < p.bookQuantity! && p.lineKey !== null)
    .map((p) => p.lineKey!);
  const heldNow = new Map<string, number>();
  for (let i = 0; i < shortKeys.length; i += 500) {
    const rows = await tx.all<[string, number]>(sql`
      SELECT line_key, quantity FROM stock_lines
      WHERE line_key IN (SELECT value FROM json_each(${JSON.stringify(shortKeys.slice(i, i + 500))}))`);
    for (const [k, q] of rows) heldNow.set(k, Number(q));
  }
  const reserved = await reservedOn(tx, shortKeys);
  const found: NewPosition[] = [];
  const missing: NewPosition[] = [];
  for (const p of differing) {
    if (adjustedSince.has(p.id)) continue;
    let diff = p.quantityReal! - p.bookQuantity!;
    if (diff < 0) {
      const free = Math.max(0, (heldNow.get(p.lineKey ?? "") ?? 0) - (reserved.get(p.lineKey ?? "") ?? 0));
      diff = -Math.min(-diff, free);
      if (diff === 0) continue;
    }
    const lot = { expiryDate: p.expiryDate, productionDate: p.productionDate, serialNumber: p.serialNumber };
    if (diff > 0) {
      found.push({
        productId: p.productId,
        quantity: diff,
        quantityLeft: diff,
        destinationLocationId: p.sourceLocationId,
        destinationContainerId: p.sourceContainerId,
        ...lot,
      });
    } else {
      missing.push({
        productId: p.productId,
        quantity: -diff,
        quantityLeft: -diff,
        sourceLocationId: p.sourceLocationId,
        sourceContainerId: p.sourceContainerId,
        ...lot,
      });
    }
  }
  const ids: number[] = [];
  for (const [typeCode, positions] of [["IIN", found], ["IOU", missing]] as const) {
    if (positions.length === 0) continue;
    const doc = await createWorkingCopy(tx, outbox, ctx, {
      typeCode,
      orderId: order.id,
      generated: true,
      systemComments: `Count ${order.orderNumber}`,
    }, positions);
    const confirmed = await confirmInTransaction(tx, outbox, ctx, doc, true);
    if (confirmed.collision) throw new AppError("document.numberCollision");
    ids.push(doc.id);
  }
  return ids;
}
