// Where to take a product from (FEFO, then FIFO by arrival) and where to put it (put-away suggestions).
import { and, asc, eq, inArray, isNull, notInArray, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { TenantContext } from "../../../kernel/context.ts";
import type { Db } from "../../../db/connection.ts";
import { prepared } from "../../../db/prepared.ts";
import { notFound } from "../../../kernel/errors.ts";
import { coveredBy } from "../../storage/locations/zones.ts";
import type { LogisticsConfigData } from "../../../../shared/config/contract.ts";
import { fromMilli, toMilli } from "../quantity.ts";
import { readNames } from "../names.ts";
import { storageSpaces } from "../../storage/locations/entity.ts";
import { storageSpaceTypes } from "../../storage/location_types/entity.ts";
import { products } from "../../assortment/products/entity.ts";
import { containers } from "../containers/table.ts";
import { stockLines, stockLocationTotals } from "../ledger/table.ts";
import { visibleProduct } from "./scope.ts";
import { readLogisticsConfig } from "../config.ts";
import { type Rule, severityOf } from "../validators/snapshot.ts";
import { arrivalsOf } from "./arrival.ts";
import { freeOnLine } from "../reservations/service.ts";
import type { BestSource, LocationSuggestion, LocationSuggestQuery } from "./contract.ts";
import type { z } from "zod";

/** A stock line to take from, in FEFO order, with when its stock arrived. */
export interface SourceCandidate {
  id: number;
  lineKey: string;
  locationId: number;
  containerId: number | null;
  expiryDate: string | null;
  productionDate: string | null;
  serialNumber: string | null;
  /** Thousandths. */
  quantity: number;
  createdAt: string;
  receivedAt: string;
}

/**
 * The product's lines to take from, earliest expiry first (lines without expiry last), then the oldest
 * arrival, then the line id. A line's arrival comes from the ledger (arrival.ts): the receipt its stock came
 * in with, followed back through relocations and reverts. Quantities are free quantities (what orders
 * reserved is taken off; decision 0008), and wholly reserved lines are left out. Lines at locked-out
 * locations or in locked-out containers are left out, and so are expired lines while the tenant's rule
 * blocks releasing expired goods.
 * `within`: only lines at these locations (a zone's); `containerId`: only lines in it; a lot's expiry,
 * production date or serial number: only lines of that lot. `enough` (thousandths): the arrivals are read
 * only for the expiry groups needed to cover it.
 */
export async function fefoCandidates(
  db: Db,
  productId: number,
  opts: {
    within?: ReadonlySet<number>;
    containerId?: number | null;
    lot?: { expiryDate: string | null; productionDate: string | null; serialNumber: string | null };
    enough?: number;
    /** At most this many lines (the first in FEFO order). */
    maxLines?: number;
  } = {},
): Promise<SourceCandidate[]> {
  const today = new Date().toISOString().slice(0, 10);
  const rules = (await readLogisticsConfig(db)).rules;
  const lot = opts.lot;
  // One statement per shape (which filters are given, whether expired lines are left out), prepared once per
  // connection: a release scan runs this for every scan.
  const given = {
    within: opts.within !== undefined,
    container: !!opts.containerId,
    expiry: !!lot?.expiryDate,
    production: !!lot?.productionDate,
    serial: !!lot?.serialNumber,
  };
  const shape = Object.entries({ blocked: blocksExpired(rules), ...given }).filter(([, on]) => on).map((
    [k],
  ) => k).join(",");
  const p = sql.placeholder;
  const found = await prepared<Record<string, unknown>, Omit<SourceCandidate, "receivedAt">>(
    db,
    `fefoCandidates:${shape}`,
    (on) =>
      on.select({
        id: stockLines.id,
        lineKey: stockLines.lineKey,
        locationId: stockLines.locationId,
        containerId: stockLines.containerId,
        expiryDate: stockLines.expiryDate,
        productionDate: stockLines.productionDate,
        serialNumber: stockLines.serialNumber,
        quantity: stockLines.quantity,
        createdAt: stockLines.createdAt,
      }).from(stockLines)
        .innerJoin(storageSpaces, eq(storageSpaces.id, stockLines.locationId))
        .leftJoin(containers, eq(containers.id, stockLines.containerId))
        .where(and(
          eq(stockLines.productId, p("productId")),
          eq(storageSpaces.lockedOut, false),
          releasable(rules, p("today")),
          given.within
            ? sql`${stockLines.locationId} IN (SELECT value FROM json_each(${p("within")}))`
            : undefined,
          given.container ? eq(stockLines.containerId, p("containerId")) : undefined,
          given.expiry ? eq(stockLines.expiryDate, p("expiryDate")) : undefined,
          given.production ? eq(stockLines.productionDate, p("productionDate")) : undefined,
          given.serial ? eq(stockLines.serialNumber, p("serialNumber")) : undefined,
        )).prepare(),
  ).all({
    productId,
    today,
    within: JSON.stringify([...(opts.within ?? [])]),
    containerId: opts.containerId ?? null,
    expiryDate: lot?.expiryDate ?? null,
    productionDate: lot?.productionDate ?? null,
    serialNumber: lot?.serialNumber ?? null,
  });
  // Only what orders have not reserved: a line wholly reserved is not a source.
  const free = (await freeOnLine(db, found)).filter((l) => l.quantity > 0);
  // Expiry first; the arrivals (a few ledger reads per line) only for the expiry groups the quantity reaches.
  const byExpiry = new Map<string | null, typeof found>();
  for (const l of free) {
    const group = byExpiry.get(l.expiryDate);
    if (group) group.push(l);
    else byExpiry.set(l.expiryDate, [l]);
  }
  const expiries = [...byExpiry.keys()].sort((
    a,
    b,
  ) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1));
  let needed = opts.enough ?? Infinity;
  const out: SourceCandidate[] = [];
  const most = opts.maxLines ?? Infinity;
  for (const expiry of expiries) {
    if (needed <= 0 || out.length >= most) break;
    const group = byExpiry.get(expiry)!;
    const arrivals = await arrivalsOf(db, group.map((l) => l.lineKey));
    const ordered = group.map((l) => ({ ...l, receivedAt: arrivals.get(l.lineKey) ?? l.createdAt }))
      .sort((a, b) => (a.receivedAt !== b.receivedAt ? (a.receivedAt < b.receivedAt ? -1 : 1) : a.id - b.id));
    for (const line of ordered) {
      out.push(line);
      needed -= line.quantity;
    }
  }
  return out.slice(0, most);
}

/**
 * GET WmsInventory/bestsourcematerial/{productId}: the product's lines to take from, in FEFO order
 * (fefoCandidates); expired lines keep their FEFO place, marked `expired`, while the tenant's rule only
 * warns or allows. `locationId`: only within that location and those below it (a zone). With `quantity`,
 * only the lines that together cover it, the last one partly; with `limit`, at most that many lines.
 */
export async function bestSourceMaterial(
  ctx: TenantContext,
  productId: number,
  quantity: number | undefined,
  locationId?: number,
  limit?: number,
): Promise<z.output<typeof BestSource>> {
  const db = ctx.conn.db;
  await visibleProduct(db, ctx.actor, productId);
  const today = new Date().toISOString().slice(0, 10);
  const wanted = quantity === undefined ? undefined : toMilli(quantity)!;
  const within = locationId === undefined ? undefined : await zoneOf(db, locationId);
  const lines = await fefoCandidates(db, productId, { within, enough: wanted, maxLines: limit });
  let needed = wanted ?? Infinity;
  const picked: (SourceCandidate & { take: number })[] = [];
  for (const line of lines) {
    if (needed <= 0) break;
    const take = Math.min(line.quantity, needed);
    picked.push({ ...line, take: wanted === undefined ? line.quantity : take });
    if (wanted !== undefined) needed -= take;
  }
  const names = await readNames(db, {
    locations: picked.map((l) => l.locationId),
    containers: picked.map((l) => l.containerId),
  });
  const available = picked.reduce((s, l) => s + l.quantity, 0);
  return {
    results: picked.map((l) => ({
      id: l.id,
      productId,
      locationId: l.locationId,
      locationLabel: names.location(l.locationId) ?? "",
      containerId: l.containerId,
      containerNumber: names.container(l.containerId),
      expiryDate: l.expiryDate,
      productionDate: l.productionDate,
      serialNumber: l.serialNumber,
      quantity: fromMilli(l.quantity),
      receivedAt: l.receivedAt,
      take: fromMilli(l.take),
      expired: l.expiryDate !== null && l.expiryDate < today,
    })),
    available: fromMilli(available),
    shortfall: wanted === undefined ? 0 : fromMilli(Math.max(0, wanted - available)),
  };
}

/** The locations a source covers (zones.ts); a location that does not exist is 404. */
async function zoneOf(db: Db, locationId: number): Promise<ReadonlySet<number>> {
  const [exists] = await db.select({ id: storageSpaces.id }).from(storageSpaces)
    .where(eq(storageSpaces.id, locationId)).limit(1);
  if (!exists) throw notFound();
  return await coveredBy(db, locationId);
}

/**
 * Stock lines a release may take (joined with their containers): not in a container locked out, and not
 * expired while the tenant's rule blocks releasing expired goods. bestsourcematerial offers only these,
 * and a zone at confirmation allocates only among them.
 */
export function releasable(
  rules: LogisticsConfigData["rules"],
  today: string | Placeholder,
): SQL | undefined {
  return and(
    or(isNull(stockLines.containerId), eq(containers.lockedOut, false)),
    // One comparison rather than an OR, so that the planner never reaches for the expiry index and walks
    // the whole table for it (a zone's lines are found by location and product).
    blocksExpired(rules) ? sql`coalesce(${stockLines.expiryDate}, '9999-12-31') >= ${today}` : undefined,
  );
}

/** Whether the tenant's rules keep expired goods from being released (the statement's shape follows it). */
const blocksExpired = (rules: LogisticsConfigData["rules"]) =>
  severityOf(rules.expiredOnRelease as Rule) === "error";

type Suggestion = z.output<typeof LocationSuggestion>;

/**
 * GET WmsInventory/locationsuggestin: where to put `quantity` of a product away, in this order: its default
 * location; then locations already holding it (most of it first); then free locations (holding nothing)
 * whose type handles stock, by pickupOrder. Every suggestion is not locked for receipt, has room for the
 * weight (capacity in kg against what is stored there plus the incoming weight; no capacity means no
 * limit) and a suitable temperature (within the product's range, as the storageTemperature validator
 * judges it: a location without a temperature suits every product).
 */
export async function suggestLocations(
  ctx: TenantContext,
  query: z.output<typeof LocationSuggestQuery>,
): Promise<Suggestion[]> {
  const db = ctx.conn.db;
  const product = await visibleProduct(db, ctx.actor, query.productId);
  const incomingKg = product.weight === null ? 0 : round3(query.quantity * product.weight);
  // As the storageTemperature validator judges it: a location without a temperature suits any product.
  const fitsTemperature = (t: number | null) =>
    t === null ||
    ((product.minTemperature === null || t >= product.minTemperature) &&
      (product.maxTemperature === null || t <= product.maxTemperature));
  const out: Suggestion[] = [];
  const seen = new Set<number>();

  const consider = async (ids: number[], reason: Suggestion["reason"]) => {
    const fresh = ids.filter((id) => !seen.has(id));
    if (!fresh.length) return;
    const locs = await db.select({
      id: storageSpaces.id,
      label: storageSpaces.label,
      path: storageSpaces.path,
      capacityKg: storageSpaces.capacityKg,
      temperature: storageSpaces.temperature,
      pickupOrder: storageSpaces.pickupOrder,
      lockedIn: storageSpaces.lockedIn,
    }).from(storageSpaces).where(inArray(storageSpaces.id, fresh));
    const byId = new Map(locs.map((l) => [l.id, l]));
    const stored = await storedWeights(ctx, fresh);
    const held = await db.select().from(stockLocationTotals).where(and(
      eq(stockLocationTotals.productId, product.id),
      inArray(stockLocationTotals.locationId, fresh),
    ));
    const heldAt = new Map(held.map((h) => [h.locationId, h.quantity]));
    for (const id of fresh) {
      const l = byId.get(id);
      if (!l || l.lockedIn || !fitsTemperature(l.temperature)) continue;
      const storedKg = stored.get(id) ?? 0;
      if (l.capacityKg !== null && storedKg + incomingKg > l.capacityKg) continue;
      seen.add(id);
      out.push({
        locationId: id,
        label: l.label,
        path: l.path,
        reason,
        pickupOrder: l.pickupOrder,
        capacityKg: l.capacityKg,
        storedKg,
        incomingKg,
        temperature: l.temperature,
        productQuantity: fromMilli(heldAt.get(id) ?? 0),
      });
      if (out.length >= query.limit) return;
    }
  };

  if (product.defaultLocationId !== null) await consider([product.defaultLocationId], "defaultLocation");
  if (out.length < query.limit) {
    const holding = await db.select({ id: stockLocationTotals.locationId }).from(stockLocationTotals)
      .where(eq(stockLocationTotals.productId, product.id))
      .orderBy(sql`${stockLocationTotals.quantity} DESC`, asc(stockLocationTotals.locationId));
    // A chunk at a time: the weights stored at a location are summed over all its products.
    const ids = holding.map((h) => h.id);
    for (let i = 0; i < ids.length && out.length < query.limit; i += query.limit) {
      await consider(ids.slice(i, i + query.limit), "holdsProduct");
    }
  }
  // Free locations hold nothing, so their checks are on the location alone and run in the query.
  if (out.length < query.limit) {
    const { minTemperature: min, maxTemperature: max } = product;
    const order = sql`coalesce(${storageSpaces.pickupOrder}, 9007199254740991)`;
    const free = await db.select({ id: storageSpaces.id }).from(storageSpaces)
      .leftJoin(storageSpaceTypes, eq(storageSpaceTypes.id, storageSpaces.typeId))
      .where(and(
        eq(storageSpaces.lockedIn, false),
        or(isNull(storageSpaces.typeId), eq(storageSpaceTypes.handleStock, true)),
        or(isNull(storageSpaces.capacityKg), sql`${storageSpaces.capacityKg} >= ${incomingKg}`),
        min === null
          ? undefined
          : or(isNull(storageSpaces.temperature), sql`${storageSpaces.temperature} >= ${min}`),
        max === null
          ? undefined
          : or(isNull(storageSpaces.temperature), sql`${storageSpaces.temperature} <= ${max}`),
        sql`NOT EXISTS (SELECT 1 FROM ${stockLocationTotals}
          WHERE ${stockLocationTotals.locationId} = ${storageSpaces.id})`,
        seen.size ? notInArray(storageSpaces.id, [...seen]) : undefined,
      ))
      .orderBy(asc(order), asc(storageSpaces.id)).limit(query.limit - out.length);
    await consider(free.map((f) => f.id), "freeLocation");
  }
  return out;
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** The weight (kg) stored at each location: its products' quantities times their weights. */
async function storedWeights(ctx: TenantContext, ids: number[]): Promise<Map<number, number>> {
  const rows = await ctx.conn.db.select({
    locationId: stockLocationTotals.locationId,
    kg: sql<number>`sum(${stockLocationTotals.quantity} * coalesce(${products.weight}, 0)) / 1000.0`,
  }).from(stockLocationTotals).innerJoin(products, eq(products.id, stockLocationTotals.productId))
    .where(inArray(stockLocationTotals.locationId, ids)).groupBy(stockLocationTotals.locationId);
  return new Map(rows.map((r) => [r.locationId, round3(Number(r.kg))]));
}
