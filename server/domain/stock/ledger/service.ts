// Moving stock: every change of a stock line writes its ledger row and keeps the summaries (each product's
// total, each product's at each location, each location's load, each product's flows), inside the caller's
// transaction. A line never goes below zero (the UPDATE is guarded) and is deleted at zero.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { runEach } from "../../../db/bulk.ts";
import { AppError } from "../../../kernel/errors.ts";
import { MAX_STOCK, QUANTITY_SCALE } from "../quantity.ts";
import { documentTypesOf } from "../../config/definitions.ts";

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

/** A refusal at the position that made movement `m`: 422 document.validation with one issue. */
function refusedAt(m: Movement, issue: string, params: Record<string, unknown>): AppError {
  return new AppError("document.validation", {
    issues: [{ positionId: m.positionId, code: `document.issue.${issue}`, severity: "error", params }],
  });
}

const shortfall = (m: Movement) =>
  refusedAt(m, "quantityAboveAvailable", { productId: m.key.productId, locationId: m.key.locationId });

const aboveLimit = (m: Movement) =>
  refusedAt(m, "stockAboveLimit", { productId: m.key.productId, max: MAX_STOCK });

/**
 * Applies a document's movements as one change: each stock line by its net delta, a ledger row per movement
 * with its key's balance after it (from the quantities the lines' statements return), then each summary by
 * its net delta, one prepared statement stepped per row (`runEach`). A line that would go below
 * zero refuses the whole change (422 quantityAboveAvailable at the position that took from it), as does a
 * product's total above MAX_STOCK (422 stockAboveLimit); the caller's transaction rolls back. Lines and
 * summaries that come to zero are deleted.
 */
export async function applyMovements(
  tx: Db,
  movements: Movement[],
  /** The type of the document whose movements these are (all of them one document's). */
  documentType: string,
  now: string,
): Promise<void> {
  if (movements.length === 0) return;
  for (const m of movements) {
    if (!Number.isSafeInteger(m.delta) || m.delta === 0) throw new Error(`bad movement delta ${m.delta}`);
  }
  const keys = new Map(movements.map((m) => [m, lineKeyOf(m.key)]));
  const lines = netBy(movements, (m) => keys.get(m)!, (m) => m.key);
  // Each key's quantity as the ledger's rows are written: first its quantity before the change (what the
  // lines' statements answer, less the key's net delta), then the balance after each of its movements.
  const balances = new Map<string, number>();
  const took = (rows: unknown[][]) => {
    for (const [key, quantity] of rows) {
      balances.set(String(key), Number(quantity) - lines.get(String(key))!.delta);
    }
  };
  const taken = [...lines.entries()].filter(([, e]) => e.delta < 0);
  if (taken.length) {
    const left = await runEach(
      tx,
      `UPDATE stock_lines SET quantity = quantity + ?1, updated_at = ?2
       WHERE line_key = ?3 AND quantity + ?1 >= 0 RETURNING line_key, quantity`,
      taken.map(([k, e]) => [e.delta, now, k]),
    );
    if (left.length !== taken.length) {
      const done = new Set(left.map((r) => r[0]));
      throw shortfall(taken.find(([k]) => !done.has(k))![1].first);
    }
    took(left);
    const emptied = left.filter((r) => Number(r[1]) === 0).map((r) => [r[0]]);
    if (emptied.length) await runEach(tx, `DELETE FROM stock_lines WHERE line_key = ?`, emptied);
  }
  const added = [...lines.entries()].filter(([, e]) => e.delta > 0);
  if (added.length) {
    took(
      await runEach(
        tx,
        `INSERT INTO stock_lines (line_key, product_id, location_id, container_id, expiry_date, production_date,
         serial_number, quantity, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?9, ?9)
       ON CONFLICT (line_key) DO UPDATE SET quantity = quantity + excluded.quantity, updated_at = excluded.updated_at
       RETURNING line_key, quantity`,
        added.map(([k, { value: key, delta }]) => [
          k,
          key.productId,
          key.locationId,
          key.containerId,
          key.expiryDate,
          key.productionDate,
          key.serialNumber,
          delta,
          now,
        ]),
      ),
    );
  }
  // A key whose movements in this change come to 0 was neither taken from nor added to: read its quantity.
  const unmoved = [...new Set(keys.values())].filter((k) => !balances.has(k));
  if (unmoved.length) {
    for (const k of unmoved) balances.set(k, 0);
    const held = await runEach(
      tx,
      `SELECT line_key, quantity FROM stock_lines WHERE line_key = ?`,
      unmoved.map((k) => [k]),
    );
    for (const [k, quantity] of held) balances.set(String(k), Number(quantity));
  }
  await runEach(
    tx,
    `INSERT INTO stock_movements (document_id, position_id, line_key, product_id, location_id, container_id,
       expiry_date, production_date, serial_number, delta, balance_after, reason, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    movements.map((m) => {
      const key = keys.get(m)!;
      const balance = balances.get(key)! + m.delta;
      balances.set(key, balance);
      return [
        m.documentId,
        m.positionId,
        key,
        m.key.productId,
        m.key.locationId,
        m.key.containerId,
        m.key.expiryDate,
        m.key.productionDate,
        m.key.serialNumber,
        m.delta,
        balance,
        m.reason,
        now,
      ];
    }),
  );

  const products = netBy(movements, (m) => String(m.key.productId), (m) => m.key.productId);
  const productsLeft = await runEach(
    tx,
    `INSERT INTO stock_product_totals (product_id, quantity) VALUES (?, ?)
     ON CONFLICT (product_id) DO UPDATE SET quantity = quantity + excluded.quantity
     RETURNING product_id, quantity`,
    [...products.values()].map((e) => [e.value, e.delta]),
  );
  // A product's total holds each of its lines: at most MAX_STOCK, so that every sum stays exact.
  const overfull = productsLeft.find((r) => Number(r[1]) > MAX_STOCK * QUANTITY_SCALE);
  if (overfull) throw aboveLimit(products.get(String(overfull[0]))!.first);
  const noProduct = productsLeft.filter((r) => Number(r[1]) === 0).map((r) => [r[0]]);
  if (noProduct.length) {
    await runEach(tx, `DELETE FROM stock_product_totals WHERE product_id = ? AND quantity = 0`, noProduct);
  }
  await followFlows(tx, movements, documentType, now.slice(0, 10));
  const places = netBy(
    movements,
    (m) => `${m.key.productId}/${m.key.locationId}`,
    (m) => [m.key.productId, m.key.locationId],
  );
  const placesLeft = await runEach(
    tx,
    `INSERT INTO stock_location_totals (product_id, location_id, quantity) VALUES (?, ?, ?)
     ON CONFLICT (product_id, location_id) DO UPDATE SET quantity = quantity + excluded.quantity
     RETURNING product_id, location_id, quantity`,
    [...places.values()].map((e) => [...e.value, e.delta]),
  );
  // The weight at each location (the warehouse map's occupancy): a movement's quantity times the product's
  // weight per unit, in grams (kg per unit times thousandths of a unit); rounded half away from zero, so a
  // revert takes off what it put on. Grams keep the largest stock a location may hold within 64 bits.
  // One statement for all of them (a release of a thousand positions must not pay a thousand more).
  await tx.run(sql`
    INSERT INTO stock_location_loads (location_id, weight_g)
    SELECT j.value ->> 0, sum(CAST(round(coalesce(p.weight, 0) * (j.value ->> 1)) AS INTEGER))
    FROM json_each(${JSON.stringify([...places.values()].map((e) => [e.value[1], e.delta, e.value[0]]))}) j
    JOIN products p ON p.id = j.value ->> 2
    WHERE true
    GROUP BY j.value ->> 0
    ON CONFLICT (location_id) DO UPDATE SET weight_g = weight_g + excluded.weight_g`);
  const noPlace = placesLeft.filter((r) => Number(r[2]) === 0).map((r) => [r[0], r[1]]);
  if (noPlace.length) {
    await runEach(
      tx,
      `DELETE FROM stock_location_totals WHERE product_id = ? AND location_id = ? AND quantity = 0`,
      noPlace,
    );
  }
}

/** The document types whose movements the flows sum: receipts and releases. */
const RECEIPTS = new Set(documentTypesOf("in"));
const RELEASES = new Set(documentTypesOf("out"));
/** The same as SQL lists of literals (the stock invariant's check of the flows: invariant.ts). */
const quoted = (codes: Set<string>) => [...codes].map((c) => `'${c}'`).join(", ");
export const FLOW_TYPES = { receipts: quoted(RECEIPTS), releases: quoted(RELEASES) };

/**
 * The statements that keep the flows, stepped once per product moved (`runEach`) over `?1` the product, `?2`
 * the day, and what the change adds: `?3` received, `?4` released, `?5` movements. A change's movements are
 * one document's, whose type says which of received and released they count in (flowRows), so the
 * statements need neither the document nor the movements themselves. Written over the movements as JSON,
 * joined to their documents and grouped, the two took 148 µs of a one-position confirmation in place; these
 * take 29 µs (2,700 confirmations at 1,000,000 stock lines, 2026-12-03).
 */
export const FLOW_STATEMENTS = {
  /** The day's row of the product: its last row on or before the day, plus the change. */
  day: `INSERT INTO stock_product_flows (product_id, day, received, released, movements)
     SELECT ?1, ?2, coalesce(f.received, 0) + ?3, coalesce(f.released, 0) + ?4, coalesce(f.movements, 0) + ?5
     FROM (SELECT 1) LEFT JOIN stock_product_flows f ON f.product_id = ?1
       AND f.day = (SELECT max(day) FROM stock_product_flows WHERE product_id = ?1 AND day <= ?2)
     WHERE true
     ON CONFLICT (product_id, day) DO UPDATE SET received = excluded.received, released = excluded.released,
       movements = excluded.movements`,
  /** Rows of later days (a document confirmed in the past: the demo's history) take the change too. */
  later: `UPDATE stock_product_flows SET received = received + ?3, released = released + ?4,
       movements = movements + ?5
     WHERE product_id = ?1 AND day > ?2`,
};

/**
 * Each product's part of a change for the flows: a receipt's signed deltas count as received, a release's
 * negated as released, every movement once; another type's movements (a relocation, a count) none.
 */
function flowRows(
  movements: Movement[],
  documentType: string,
  day: string,
): [number, string, number, number, number][] {
  const receipt = RECEIPTS.has(documentType);
  if (!receipt && !RELEASES.has(documentType)) return [];
  const byProduct = new Map<number, [number, string, number, number, number]>();
  for (const m of movements) {
    let row = byProduct.get(m.key.productId);
    if (!row) byProduct.set(m.key.productId, row = [m.key.productId, day, 0, 0, 0]);
    if (receipt) row[2] += m.delta;
    else row[3] -= m.delta;
    row[4]++;
  }
  return [...byProduct.values()];
}

/**
 * Keeps the products' flows (stock_product_flows), so that each row stays the sum up to its day
 * (FLOW_STATEMENTS).
 */
async function followFlows(tx: Db, movements: Movement[], documentType: string, day: string): Promise<void> {
  const rows = flowRows(movements, documentType, day);
  if (!rows.length) return;
  await runEach(tx, FLOW_STATEMENTS.day, rows);
  await runEach(tx, FLOW_STATEMENTS.later, rows);
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
