// The demo tenant's stock history: half a year of warehouse documents confirmed day by day through the
// stock engine itself (the same working copies, validators, numbering, ledger and summaries as the API's),
// each confirmed at its own moment in the past, so the documents, stock and movement screens show a
// warehouse that has been working: deliveries of the contractors' goods into the racks that suit them,
// releases that take the earliest expiry first, relocations between racks and a few reverted mistakes.
import { and, eq } from "drizzle-orm";
import type { Db } from "../server/db/connection.ts";
import type { TenantContext } from "../server/kernel/context.ts";
import { Outbox } from "../server/hub/outbox.ts";
import { products } from "../server/domain/assortment/products/entity.ts";
import { createWorkingCopy, type NewPosition } from "../server/domain/stock/documents/working_copy.ts";
import { confirmInTransaction } from "../server/domain/stock/documents/confirm.ts";
import { revertInTransaction } from "../server/domain/stock/documents/revert.ts";
import { wmsDocuments } from "../server/domain/stock/documents/table.ts";
import { QUANTITY_SCALE } from "../server/domain/stock/quantity.ts";

export type Climate = "ambient" | "chilled" | "frozen";

/** Days of history, and documents per working day of each kind (on average). */
export const HISTORY_DAYS = 182;
const RECEIPTS_PER_DAY = 6;
const RELEASES_PER_DAY = 8;
const RELOCATIONS_PER_DAY = 2;

interface StockedProduct {
  id: number;
  contractorId: number;
  climate: Climate;
  expiryRequired: boolean;
  minimalExpDays: number;
  palQuantity: number;
  cashValue: number | null;
}

/** One lot the history has put somewhere and not yet taken away entirely (whole units). */
interface Lot {
  product: StockedProduct;
  locationId: number;
  expiryDate: string | null;
  quantity: number;
}

function climateOf(maxTemperature: number | null): Climate {
  if (maxTemperature !== null && maxTemperature < 0) return "frozen";
  if (maxTemperature !== null && maxTemperature <= 8) return "chilled";
  return "ambient";
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/**
 * Confirms the history inside `tx` (the demo seed's one transaction), from HISTORY_DAYS ago up to
 * yesterday. Answers how many documents it confirmed and reverted.
 */
export async function seedStockHistory(
  ctx: TenantContext,
  tx: Db,
  random: () => number,
  places: Record<Climate, number[]>,
  today = new Date(),
): Promise<{ confirmed: number; reverted: number }> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const rows = await tx.select({
    id: products.id,
    contractorId: products.contractorId,
    maxTemperature: products.maxTemperature,
    expiryRequired: products.expiryDateRequired,
    minimalExpDays: products.minimalExpDays,
    palQuantity: products.palQuantity,
    cashValue: products.cashValue,
  }).from(products).where(and(
    eq(products.disabled, false),
    eq(products.lockIn, false),
    eq(products.lockOut, false),
    eq(products.lockRelocate, false),
  ));
  // A third of the assortment moves through the warehouse; the rest is listed but never delivered.
  const stocked: StockedProduct[] = rows.filter((r) => r.contractorId !== null && random() < 0.33).map((
    r,
  ) => ({
    id: r.id,
    contractorId: r.contractorId!,
    climate: climateOf(r.maxTemperature),
    expiryRequired: r.expiryRequired,
    minimalExpDays: r.minimalExpDays ?? 0,
    palQuantity: Math.max(1, r.palQuantity ?? 24),
    cashValue: r.cashValue,
  })).filter((p) => places[p.climate].length > 0);
  const byContractor = new Map<number, StockedProduct[]>();
  for (const p of stocked) byContractor.set(p.contractorId, [...(byContractor.get(p.contractorId) ?? []), p]);
  const contractorIds = [...byContractor.keys()];
  let lots: Lot[] = [];
  const outbox = new Outbox(); // nobody listens while the tenant is being made
  let confirmed = 0;
  let reverted = 0;

  const confirmAt = async (
    at: Date,
    header: Parameters<typeof createWorkingCopy>[3],
    positions: NewPosition[],
  ): Promise<number> => {
    const doc = await createWorkingCopy(tx, outbox, ctx, header, positions);
    await tx.update(wmsDocuments).set({ createdAt: at.toISOString(), plannedDate: day(at) })
      .where(eq(wmsDocuments.id, doc.id));
    const [row] = await tx.select().from(wmsDocuments).where(eq(wmsDocuments.id, doc.id));
    const result = await confirmInTransaction(tx, outbox, ctx, row, true, new Date(at.getTime() + 1_800_000));
    if (result.collision) throw new Error(`demo history: number collision on document ${doc.id}`);
    confirmed++;
    return doc.id;
  };
  const position = (p: StockedProduct, units: number, extra: Partial<NewPosition>): NewPosition => ({
    productId: p.id,
    quantity: units * QUANTITY_SCALE,
    quantityLeft: units * QUANTITY_SCALE,
    unitPrice: p.cashValue,
    value: p.cashValue === null ? null : Math.round(p.cashValue * units * 100) / 100,
    ...extra,
  });

  for (let d = HISTORY_DAYS; d >= 1; d--) {
    const date = addDays(today, -d);
    const weekday = date.getUTCDay();
    if (weekday === 0) continue; // closed on Sundays
    lots = lots.filter((l) => l.quantity > 0);
    const busy = weekday === 6 ? 0.4 : 1;
    const moment = (hour: number) =>
      new Date(
        Date.UTC(
          date.getUTCFullYear(),
          date.getUTCMonth(),
          date.getUTCDate(),
          hour,
          Math.floor(random() * 60),
        ),
      );

    // Deliveries in the morning: one contractor's goods per truck, each product to a rack of its climate.
    for (let n = 0; n < Math.round(RECEIPTS_PER_DAY * busy * (0.6 + random() * 0.8)); n++) {
      const contractorId = pick(contractorIds);
      const range = byContractor.get(contractorId)!;
      const chosen = new Set<StockedProduct>();
      const count = 1 + Math.floor(random() * 6);
      for (let i = 0; i < count; i++) chosen.add(pick(range));
      const incoming: Lot[] = [...chosen].map((product) => ({
        product,
        locationId: pick(places[product.climate]),
        expiryDate: product.expiryRequired
          ? day(addDays(date, product.minimalExpDays + 20 + Math.floor(random() * 160)))
          : null,
        quantity: product.palQuantity * (1 + Math.floor(random() * 3)),
      }));
      await confirmAt(
        moment(6 + Math.floor(random() * 5)),
        { typeCode: "DIN", contractorId, comment: random() < 0.2 ? "Delivery checked, seals intact" : null },
        incoming.map((l) =>
          position(l.product, l.quantity, { destinationLocationId: l.locationId, expiryDate: l.expiryDate })
        ),
      );
      lots.push(...incoming);
    }

    // Orders go out in the afternoon: the lots of one contractor that have not expired, earliest expiry first.
    for (let n = 0; n < Math.round(RELEASES_PER_DAY * busy * (0.6 + random() * 0.8)); n++) {
      const contractorId = pick(contractorIds);
      const safe = day(addDays(date, 31));
      const open = lots.filter((l) =>
        l.product.contractorId === contractorId && l.quantity > 0 &&
        (l.expiryDate === null || l.expiryDate > safe)
      ).sort((a, b) => (a.expiryDate ?? "9999").localeCompare(b.expiryDate ?? "9999"));
      if (open.length === 0) continue;
      const taken = new Map<Lot, number>();
      const count = 1 + Math.floor(random() * 5);
      for (let i = 0; i < count; i++) {
        const lot = open[Math.floor(random() * Math.min(open.length, 8))];
        const left = lot.quantity - (taken.get(lot) ?? 0);
        if (left <= 0) continue;
        taken.set(lot, (taken.get(lot) ?? 0) + Math.max(1, Math.min(left, Math.ceil(left * random()))));
      }
      await confirmAt(
        moment(12 + Math.floor(random() * 6)),
        { typeCode: "DOU", contractorId },
        [...taken].map(([lot, units]) =>
          position(lot.product, units, { sourceLocationId: lot.locationId, expiryDate: lot.expiryDate })
        ),
      );
      for (const [lot, units] of taken) lot.quantity -= units;
    }

    // Now and then a lot is moved to another rack of its climate; once in a while that was a mistake.
    for (let n = 0; n < Math.round(RELOCATIONS_PER_DAY * busy * random() * 2); n++) {
      const open = lots.filter((l) => l.quantity > 0);
      if (open.length === 0) break;
      const lot = pick(open);
      const to = pick(places[lot.product.climate]);
      if (to === lot.locationId) continue;
      const id = await confirmAt(moment(19), { typeCode: "ARL" }, [
        position(lot.product, lot.quantity, {
          sourceLocationId: lot.locationId,
          destinationLocationId: to,
          expiryDate: lot.expiryDate,
        }),
      ]);
      if (random() < 0.08) {
        await revertInTransaction(tx, outbox, ctx, id, new Date(moment(20).getTime()));
        reverted++;
      } else {
        lots.push({ ...lot, locationId: to });
        lot.quantity = 0;
      }
    }
  }
  return { confirmed, reverted };
}
