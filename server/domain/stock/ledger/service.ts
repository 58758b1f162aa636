// Moving stock: every change of a stock line writes its ledger row and keeps both summaries, inside the
// caller's transaction. A line never goes below zero (the UPDATE is guarded) and is deleted at zero.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { insertMany } from "../../../db/bulk.ts";
import { AppError } from "../../../kernel/errors.ts";
import { stockMovements } from "./table.ts";

export interface LineKey {
  productId: number;
  locationId: number;
  containerId: number | null;
  expiryDate: string | null;
  productionDate: string | null;
  serialNumber: string | null;
}

/** The whole key as one non-null text, for the unique index (NULLs are distinct in SQLite indexes). */
export function lineKeyOf(k: LineKey): string {
  return JSON.stringify([
    k.productId,
    k.locationId,
    k.containerId,
    k.expiryDate,
    k.productionDate,
    k.serialNumber,
  ]);
}

export interface Movement {
  documentId: number;
  positionId: number | null;
  key: LineKey;
  /** Signed thousandths, never 0. */
  delta: number;
  reason: "confirm" | "revert";
}

/** Sums signed deltas by a key, dropping the keys that come to 0. */
function netBy<V>(movements: Movement[], keyOf: (m: Movement) => string, value: (m: Movement) => V) {
  const out = new Map<string, { value: V; delta: number; first: Movement }>();
  for (const m of movements) {
    const k = keyOf(m);
    const entry = out.get(k);
    if (entry) entry.delta += m.delta;
    else out.set(k, { value: value(m), delta: m.delta, first: m });
  }
  for (const [k, e] of out) if (e.delta === 0) out.delete(k);
  return out;
}

function shortfall(m: Movement): AppError {
  return new AppError("document.validation", {
    issues: [{
      positionId: m.positionId,
      code: "document.issue.quantityAboveAvailable",
      severity: "error",
      params: { productId: m.key.productId, locationId: m.key.locationId },
    }],
  });
}

/**
 * Applies a document's movements as one change: a ledger row per movement, then each stock line and each
 * summary by its net delta, each kind by one statement whose rows travel as one JSON parameter (a handful of
 * statements whatever the number of positions). A line that would go below zero refuses the whole change
 * (422 quantityAboveAvailable at the position that took from it); the caller's transaction rolls back.
 */
export async function applyMovements(tx: Db, movements: Movement[], now: string): Promise<void> {
  if (movements.length === 0) return;
  for (const m of movements) {
    if (!Number.isSafeInteger(m.delta) || m.delta === 0) throw new Error(`bad movement delta ${m.delta}`);
  }
  const lines = netBy(movements, (m) => lineKeyOf(m.key), (m) => m.key);
  const taken = [...lines.entries()].filter(([, e]) => e.delta < 0);
  if (taken.length) {
    const payload = JSON.stringify(taken.map(([k, e]) => [k, e.delta]));
    const changed = await tx.all<[string, number]>(sql`
      UPDATE stock_lines SET quantity = stock_lines.quantity + j.delta, updated_at = ${now}
      FROM (SELECT value ->> 0 AS k, value ->> 1 AS delta FROM json_each(${payload})) AS j
      WHERE stock_lines.line_key = j.k AND stock_lines.quantity + j.delta >= 0
      RETURNING stock_lines.line_key, stock_lines.quantity`);
    if (changed.length !== taken.length) {
      const done = new Set(changed.map((r) => r[0]));
      throw shortfall(taken.find(([k]) => !done.has(k))![1].first);
    }
    const emptied = changed.filter((r) => Number(r[1]) === 0).map((r) => r[0]);
    if (emptied.length) {
      await tx.run(
        sql`DELETE FROM stock_lines WHERE line_key IN (SELECT value FROM json_each(${
          JSON.stringify(emptied)
        }))`,
      );
    }
  }
  const added = [...lines.entries()].filter(([, e]) => e.delta > 0);
  if (added.length) {
    const payload = JSON.stringify(added.map(([k, { value: key, delta }]) => [
      k,
      key.productId,
      key.locationId,
      key.containerId,
      key.expiryDate,
      key.productionDate,
      key.serialNumber,
      delta,
    ]));
    // "WHERE true" tells SQLite's parser that ON CONFLICT belongs to the INSERT, not to a join.
    await tx.run(sql`
      INSERT INTO stock_lines (line_key, product_id, location_id, container_id, expiry_date, production_date,
        serial_number, quantity, created_at, updated_at)
      SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6,
        value ->> 7, ${now}, ${now}
      FROM json_each(${payload}) WHERE true
      ON CONFLICT (line_key) DO UPDATE SET quantity = quantity + excluded.quantity, updated_at = excluded.updated_at`);
  }
  await insertMany(
    tx,
    stockMovements,
    movements.map((m) => ({
      documentId: m.documentId,
      positionId: m.positionId,
      lineKey: lineKeyOf(m.key),
      productId: m.key.productId,
      locationId: m.key.locationId,
      containerId: m.key.containerId,
      expiryDate: m.key.expiryDate,
      productionDate: m.key.productionDate,
      serialNumber: m.key.serialNumber,
      delta: m.delta,
      reason: m.reason,
      createdAt: now,
    })),
  );

  const products = netBy(movements, (m) => String(m.key.productId), (m) => m.key.productId);
  if (products.size) {
    const payload = JSON.stringify([...products.values()].map((e) => [e.value, e.delta]));
    await tx.run(sql`
      INSERT INTO stock_product_totals (product_id, quantity)
      SELECT value ->> 0, value ->> 1 FROM json_each(${payload}) WHERE true
      ON CONFLICT (product_id) DO UPDATE SET quantity = quantity + excluded.quantity`);
    await tx.run(sql`
      DELETE FROM stock_product_totals
      WHERE quantity = 0 AND product_id IN (SELECT value ->> 0 FROM json_each(${payload}))`);
  }
  const places = netBy(
    movements,
    (m) => `${m.key.productId}/${m.key.locationId}`,
    (m) => [m.key.productId, m.key.locationId],
  );
  if (places.size) {
    const payload = JSON.stringify([...places.values()].map((e) => [...e.value, e.delta]));
    await tx.run(sql`
      INSERT INTO stock_location_totals (product_id, location_id, quantity)
      SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(${payload}) WHERE true
      ON CONFLICT (product_id, location_id) DO UPDATE SET quantity = quantity + excluded.quantity`);
    await tx.run(sql`
      DELETE FROM stock_location_totals
      WHERE quantity = 0 AND (product_id, location_id) IN (SELECT value ->> 0, value ->> 1 FROM json_each(${payload}))`);
  }
}

/**
 * A container stands where its stock is: when all its lines are at one location, that is its location
 * (a container relocation moves it; reverting moves it back). Answers the containers that moved.
 */
export async function followContainers(
  tx: Db,
  containerIds: Iterable<number>,
  now: string,
): Promise<number[]> {
  const moved: number[] = [];
  for (const id of new Set(containerIds)) {
    const at = await tx.all<[number]>(sql`
      SELECT DISTINCT location_id FROM stock_lines WHERE container_id = ${id} LIMIT 2`);
    if (at.length !== 1) continue;
    const changed = await tx.all<[number]>(sql`
      UPDATE containers SET location_id = ${at[0][0]}, updated_at = ${now}, version = version + 1
      WHERE id = ${id} AND location_id <> ${at[0][0]} RETURNING id`);
    if (changed.length) moved.push(id);
  }
  return moved;
}
