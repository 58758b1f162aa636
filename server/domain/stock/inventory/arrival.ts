// When a stock line's goods arrived in the warehouse, read from the ledger. A line's stock began with the
// movement that lifted its key from 0; if that was a receipt, that is the arrival. If it was a relocation,
// the goods arrived when the stock they were taken from did (the movement out of the source just before,
// same document and position); if it was a revert giving stock back, when the stock the reverted
// confirmation took had arrived. So FIFO does not count relocated or returned goods as new.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { definitionOf } from "../validators/snapshot.ts";
import { type DocumentRow, wmsDocuments } from "../documents/table.ts";
import { stockMovements } from "../ledger/table.ts";
import { arrays, rowMapper } from "../../../db/prepared.ts";

/** How many relocations and reverts back a line is followed before its own start counts. */
const MAX_HOPS = 16;

type MovementRow = typeof stockMovements.$inferSelect;

/** What a start says of its stock's arrival: the movement's own fields, then its document's type. */
const START = {
  id: stockMovements.id,
  documentId: stockMovements.documentId,
  positionId: stockMovements.positionId,
  lineKey: stockMovements.lineKey,
  productId: stockMovements.productId,
  delta: stockMovements.delta,
  reason: stockMovements.reason,
  createdAt: stockMovements.createdAt,
};
/** A start's row (START's columns, then the type) as an object, each value decoded by its column. */
const startRows = rowMapper({ ...START, typeCode: wmsDocuments.typeCode });
type Start = Pick<MovementRow, keyof typeof START> & { typeCode: DocumentRow["typeCode"] | null };

/**
 * The movement that started the stock the key held just before movement `beforeId` (its balance left 0),
 * with its document's type: the last one before it whose balance after is its own positive delta, one seek
 * in the partial index of such starts (`stock_movements_starts`) however long the key's history.
 */
async function startOf(db: Db, lineKey: string, beforeId: number): Promise<Start | undefined> {
  // Prepared once (a release scan looks up the arrival of every line it may take from). The terms after
  // the key repeat the index's own condition, which is what lets SQLite use a partial index. The type is a
  // scalar subquery on the document's key: joined, under statistics of a tenant with few documents, SQLite
  // walked the documents' type index for the one row (tests/integration/hot_plans.test.ts).
  const rows = await arrays(
    db,
    "arrival.start",
    (on) =>
      on.select({
        ...START,
        typeCode: sql`(SELECT ${wmsDocuments.typeCode} FROM ${wmsDocuments}
          WHERE ${wmsDocuments.id} = ${stockMovements.documentId})`,
      }).from(stockMovements).where(and(
        eq(stockMovements.lineKey, sql.placeholder("lineKey")),
        lt(stockMovements.id, sql.placeholder("beforeId")),
        sql`${stockMovements.balanceAfter} = ${stockMovements.delta} AND ${stockMovements.delta} > 0`,
      )).orderBy(desc(stockMovements.id)).limit(1),
    { lineKey, beforeId },
  );
  return startRows(rows)[0] as Start | undefined;
}

/** When the stock key `lineKey` held just before movement `beforeId` arrived (ISO time), or null. */
export async function arrivalOf(db: Db, lineKey: string, beforeId: number, hops = 0): Promise<string | null> {
  const start = await startOf(db, lineKey, beforeId);
  if (!start) return null;
  if (hops >= MAX_HOPS) return start.createdAt;
  const direction = start.typeCode ? definitionOf(start.typeCode).direction : "in";
  let source: MovementRow | undefined;
  if (start.reason === "confirm" && direction === "relocation") {
    // The take out of the source that this movement put down (they are written one after the other).
    [source] = await db.select().from(stockMovements).where(and(
      eq(stockMovements.documentId, start.documentId),
      eq(stockMovements.reason, "confirm"),
      lt(stockMovements.id, start.id),
      eq(stockMovements.delta, -start.delta),
      eq(stockMovements.productId, start.productId),
      sql`${stockMovements.positionId} IS ${start.positionId}`,
    )).orderBy(desc(stockMovements.id)).limit(1);
  } else if (start.reason === "revert") {
    // The reverted confirmation's take from this same key.
    [source] = await db.select().from(stockMovements).where(and(
      eq(stockMovements.documentId, start.documentId),
      eq(stockMovements.reason, "confirm"),
      eq(stockMovements.lineKey, start.lineKey),
      lt(stockMovements.delta, 0),
    )).orderBy(desc(stockMovements.id)).limit(1);
  }
  if (!source) return start.createdAt;
  return (await arrivalOf(db, source.lineKey, source.id, hops + 1)) ?? start.createdAt;
}

/** The arrival of each current line (by line key): what its stock was started by, followed back. */
export async function arrivalsOf(db: Db, lineKeys: string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const key of lineKeys) out.set(key, await arrivalOf(db, key, Number.MAX_SAFE_INTEGER));
  return out;
}
