// Which stock lines a quantity is taken from: pure, shared by the availability validator and the mover,
// so what the validator promises is what the confirmation does.
import type { StockLineSnap } from "../validators/snapshot.ts";

/** What a position asks of its source. A null expiry, production date or serial number means "any". */
export interface TakeRequest {
  productId: number;
  locationId: number;
  /** Exact: null takes only stock that is not in a container (unless `anyContainer`). */
  containerId: number | null;
  /**
   * A zone or parent location as the source: the locations it covers (itself and those below it that are
   * not locked out), any of which may give.
   */
  within?: ReadonlySet<number>;
  /** A release from a zone with no container named: stock in any container gives too. */
  anyContainer?: boolean;
  expiryDate: string | null;
  productionDate: string | null;
  serialNumber: string | null;
  /** Thousandths. */
  quantity: number;
  /**
   * The lot as named, a null one too (a generated document's position names its very line, and a line
   * without an expiry date is not another line's): null then takes only stock without it.
   */
  exactLot?: boolean;
}

export interface Allocation {
  takes: { line: StockLineSnap; quantity: number }[];
  /** Thousandths that no line could give (0 when the request is covered). */
  shortfall: number;
  /** Thousandths the matching lines held before this request. */
  available: number;
}

export function matches(line: StockLineSnap, r: TakeRequest): boolean {
  const place = (r.within ? r.within.has(line.locationId) : line.locationId === r.locationId) &&
    (line.containerId === r.containerId || (r.anyContainer === true && r.containerId === null));
  const lot = (asked: string | null, held: string | null) =>
    (asked === null && !r.exactLot) || held === asked;
  return line.productId === r.productId && place &&
    lot(r.expiryDate, line.expiryDate) && lot(r.productionDate, line.productionDate) &&
    lot(r.serialNumber, line.serialNumber);
}

/** FEFO: the earliest expiry first (lines without expiry last), then the oldest line. */
export function fefo(a: StockLineSnap, b: StockLineSnap): number {
  if (a.expiryDate !== b.expiryDate) {
    if (a.expiryDate === null) return 1;
    if (b.expiryDate === null) return -1;
    return a.expiryDate < b.expiryDate ? -1 : 1;
  }
  return a.id - b.id;
}

/**
 * Takes `request.quantity` from the matching lines in FEFO order. `left` holds what each line still has
 * after earlier requests of the same document (by line id) and is updated.
 */
export function allocate(
  lines: StockLineSnap[],
  request: TakeRequest,
  left: Map<number, number>,
): Allocation {
  const candidates = lines.filter((l) => matches(l, request)).sort(fefo);
  let needed = request.quantity;
  let available = 0;
  const takes: Allocation["takes"] = [];
  for (const line of candidates) {
    const has = left.get(line.id) ?? line.quantity;
    available += has;
    if (needed === 0 || has === 0) continue;
    const take = Math.min(has, needed);
    takes.push({ line, quantity: take });
    left.set(line.id, has - take);
    needed -= take;
  }
  return { takes, shortfall: needed, available };
}
