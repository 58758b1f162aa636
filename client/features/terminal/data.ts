// What the terminal knows without the network (decision 0009): the products of the user's scope with
// their barcodes, lot rules and locks, the locations with their labels, parents and walking order, and
// the containers; fetched when online, kept in IndexedDB per tenant and user, and read from there when
// the network is gone. Lookups of a scan are pure functions over it, so the flows judge a scan the same
// way online and offline (the server judges again when the step is sent).
import { type Gs1Read, gtinForms, isGs1, readGs1 } from "../../../shared/gs1/read.ts";

export interface TerminalProduct {
  id: number;
  index: string;
  name: string;
  unit: string | null;
  barcodes: string[];
  expiryDateRequired: boolean;
  productionDateRequired: boolean;
  serialNumberRequired: boolean;
  lockIn: boolean;
  lockOut: boolean;
  lockRelocate: boolean;
}

export interface TerminalLocation {
  id: number;
  label: string;
  parentId: number | null;
  pickupOrder: number | null;
  lockedIn: boolean;
  lockedOut: boolean;
}

export interface TerminalContainer {
  id: number;
  number: string;
  locationId: number;
}

export interface TerminalData {
  products: TerminalProduct[];
  locations: TerminalLocation[];
  containers: TerminalContainer[];
  /** When it was fetched (ISO). */
  savedAt: string;
}

/** Indexes over the data for lookups by what a label says. */
export class TerminalIndex {
  readonly byBarcode = new Map<string, TerminalProduct[]>();
  readonly byIndex = new Map<string, TerminalProduct>();
  readonly productById = new Map<number, TerminalProduct>();
  readonly locationByLabel = new Map<string, TerminalLocation>();
  readonly locationById = new Map<number, TerminalLocation>();
  readonly containerByNumber = new Map<string, TerminalContainer>();
  readonly containerById = new Map<number, TerminalContainer>();
  /** Locations that others lie in (zones, racks): a position naming one is taken from a bin below it. */
  readonly parents = new Set<number>();

  constructor(readonly data: TerminalData) {
    for (const p of data.products) {
      this.productById.set(p.id, p);
      this.byIndex.set(p.index.toUpperCase(), p);
      for (const b of p.barcodes) {
        const list = this.byBarcode.get(b) ?? [];
        list.push(p);
        this.byBarcode.set(b, list);
      }
    }
    for (const l of data.locations) {
      this.locationById.set(l.id, l);
      this.locationByLabel.set(l.label.toUpperCase(), l);
      if (l.parentId !== null) this.parents.add(l.parentId);
    }
    for (const c of data.containers) {
      this.containerById.set(c.id, c);
      this.containerByNumber.set(c.number.toUpperCase(), c);
    }
  }

  /** Every location at or under `id` (by parent links): a zone and what lies in it. */
  covers(id: number, candidate: number): boolean {
    for (let at: number | null = candidate, steps = 0; at !== null && steps < 64; steps++) {
      if (at === id) return true;
      at = this.locationById.get(at)?.parentId ?? null;
    }
    return false;
  }

  /** The place's position in the picking walk: its own pickupOrder, else its nearest parent's. */
  walkOrder(id: number | null): number {
    for (let at = id, steps = 0; at !== null && steps < 64; steps++) {
      const l = this.locationById.get(at);
      if (!l) break;
      if (l.pickupOrder !== null) return l.pickupOrder;
      at = l.parentId;
    }
    return Number.MAX_SAFE_INTEGER;
  }
}

/** What a scanned code names. */
export type ScanMeaning =
  | { kind: "product"; product: TerminalProduct; gs1: Gs1Read | null; code: string }
  | { kind: "location"; location: TerminalLocation }
  | { kind: "container"; container: TerminalContainer }
  | { kind: "unknown"; code: string; issue: "productNotFound" | "productAmbiguous" | "gs1Unreadable" };

/**
 * Reads a scan as the server would: a GS1 label by its GTIN (in any stored form), else a location label,
 * a container number, a product index (any case) or a barcode. A code naming several products is
 * ambiguous; none, not found.
 */
export function readScan(index: TerminalIndex, raw: string): ScanMeaning {
  const code = raw.trim();
  if (isGs1(code)) {
    const gs1 = readGs1(code);
    if (!gs1) return { kind: "unknown", code, issue: "gs1Unreadable" };
    const found = gs1.gtin === null
      ? []
      : [...new Set(gtinForms(gs1.gtin).flatMap((f) => index.byBarcode.get(f) ?? []))];
    if (found.length === 1) return { kind: "product", product: found[0], gs1, code };
    return { kind: "unknown", code, issue: found.length ? "productAmbiguous" : "productNotFound" };
  }
  const upper = code.toUpperCase();
  const location = index.locationByLabel.get(upper);
  if (location) return { kind: "location", location };
  const container = index.containerByNumber.get(upper);
  if (container) return { kind: "container", container };
  const byIndex = index.byIndex.get(upper);
  const byBarcode = index.byBarcode.get(code) ?? [];
  const found = [...new Set([...(byIndex ? [byIndex] : []), ...byBarcode])];
  if (found.length === 1) return { kind: "product", product: found[0], gs1: null, code };
  return { kind: "unknown", code, issue: found.length ? "productAmbiguous" : "productNotFound" };
}

/** Plain rows of the list calls, as the terminal keeps them. */
export function productOf(r: Record<string, unknown>): TerminalProduct {
  return {
    id: r.id as number,
    index: r.index as string,
    name: r.name as string,
    unit: (r.unit as string | null) ?? null,
    barcodes: (r.barcodes as string[] | undefined) ?? [],
    expiryDateRequired: Boolean(r.expiryDateRequired),
    productionDateRequired: Boolean(r.productionDateRequired),
    serialNumberRequired: Boolean(r.serialNumberRequired),
    lockIn: Boolean(r.lockIn),
    lockOut: Boolean(r.lockOut),
    lockRelocate: Boolean(r.lockRelocate),
  };
}

export function locationOf(r: Record<string, unknown>): TerminalLocation {
  return {
    id: r.id as number,
    label: r.label as string,
    parentId: (r.parentId as number | null) ?? null,
    pickupOrder: (r.pickupOrder as number | null) ?? null,
    lockedIn: Boolean(r.lockedIn),
    lockedOut: Boolean(r.lockedOut),
  };
}

export function containerOf(r: Record<string, unknown>): TerminalContainer {
  return { id: r.id as number, number: r.number as string, locationId: r.locationId as number };
}
