// The terminal's rules, pure (issue 15): the five screens' kinds and the documents each carries out, the
// walking order of what is left to pick, and each scan judged against the position it is for, with the
// server's validator codes (document.issue.*), so that the operator hears at once, online or not, what
// the server would say when the step is sent.
// Types only from data.ts: the shell imports this module (kindOfRoute), and must not carry the GS1 reader.
import type { ScanMeaning, TerminalIndex, TerminalProduct } from "./data.ts";

export type Kind = "in" | "out" | "collect" | "relocate" | "check";

export const kindOfRoute: Record<string, Kind> = {
  "wms-terminal-in": "in",
  "wms-terminal-out": "out",
  "wms-terminal-collect": "collect",
  "wms-terminal-relocate": "relocate",
  "wms-terminal-check": "check",
};

/** The document types a screen carries out, and the one it starts from nothing. */
export const documentTypes: Record<Exclude<Kind, "check">, { types: string[]; fresh: string }> = {
  in: { types: ["OIN", "DIN", "IIN"], fresh: "IIN" },
  out: { types: ["OOU", "DOU", "IOU"], fresh: "IOU" },
  collect: { types: ["CRL"], fresh: "CRL" },
  relocate: { types: ["ARL", "PRL"], fresh: "ARL" },
};

/** Whether goods arrive (the scanned location is where they go) or leave (where they come from). */
export const arriving = (kind: Kind) => kind === "in";

/** A document position as the terminal keeps it (quantities in units). */
export interface Position {
  /** The server's id, or a local one (`local-…`) while its adding waits in the queue. */
  id: number | string;
  productId: number;
  productIndex: string;
  productName: string;
  quantity: number;
  quantityReal: number | null;
  sourceLocationId: number | null;
  destinationLocationId: number | null;
  sourceContainerId: number | null;
  destinationContainerId: number | null;
  expiryDate: string | null;
  productionDate: string | null;
  serialNumber: string | null;
  /** The operator reported that the rest cannot be found. */
  short?: boolean;
}

export const left = (p: Position) => Math.max(0, p.quantity - (p.quantityReal ?? 0));

/** The place the operator scans for a position: where goods leave from, or where they arrive. */
export function placeOf(
  kind: Kind,
  p: Position,
  doc: { sourceLocationId: number | null; destinationLocationId: number | null },
): number | null {
  return arriving(kind)
    ? p.destinationLocationId ?? doc.destinationLocationId
    : p.sourceLocationId ?? doc.sourceLocationId;
}

/**
 * What is left to do, in walking order: by the place's pickupOrder (its own or its zone's), then label,
 * then the position's order; done and short positions out, skipped ones last.
 */
export function walk(
  kind: Kind,
  positions: Position[],
  doc: { sourceLocationId: number | null; destinationLocationId: number | null },
  index: TerminalIndex,
  skipped: ReadonlySet<number | string> = new Set(),
): Position[] {
  const label = (id: number | null) => (id === null ? "" : index.locationById.get(id)?.label ?? "");
  return positions.filter((p) => left(p) > 0 && !p.short).map((p, n) => ({
    p,
    n,
    place: placeOf(kind, p, doc),
  }))
    .sort((a, b) =>
      Number(skipped.has(a.p.id)) - Number(skipped.has(b.p.id)) ||
      index.walkOrder(a.place) - index.walkOrder(b.place) ||
      label(a.place).localeCompare(label(b.place)) || a.n - b.n
    ).map((x) => x.p);
}

/** What a scan said, as the operator reads it back: a location's label, a container's number, or the code. */
export function codeOf(scanned: ScanMeaning): string {
  if (scanned.kind === "location") return scanned.location.label;
  if (scanned.kind === "container") return scanned.container.number;
  return scanned.code;
}

/** A finding about a scan, as the server's validators name it. */
export interface Finding {
  code: string;
  params: Record<string, string | number>;
}

const finding = (name: string, params: Record<string, string | number> = {}): Finding => ({
  code: `document.issue.${name}`,
  params,
});

/** The scanned location against the position's place (a bin under a zone fits), and its lock. */
export function judgeLocation(
  kind: Kind,
  expected: number | null,
  scanned: ScanMeaning,
  index: TerminalIndex,
): Finding | null {
  if (scanned.kind !== "location") {
    return finding("wrongLocation", {
      location: codeOf(scanned),
      expected: expected === null ? "" : index.locationById.get(expected)?.label ?? "",
    });
  }
  const at = scanned.location;
  if (expected !== null && !index.covers(expected, at.id)) {
    return finding("wrongLocation", {
      location: at.label,
      expected: index.locationById.get(expected)?.label ?? "",
    });
  }
  if (arriving(kind) ? at.lockedIn : at.lockedOut) {
    return finding("locationLocked", { location: at.label, side: arriving(kind) ? "destination" : "source" });
  }
  return null;
}

/** The scanned product against the position's (and a label's lot against the position's lot). */
export function judgeProduct(p: Position | null, scanned: ScanMeaning, kind: Kind): Finding | null {
  if (scanned.kind === "unknown") {
    return finding(scanned.issue, { code: scanned.code, count: 0, products: "" });
  }
  if (scanned.kind !== "product") {
    return finding("productNotFound", { code: codeOf(scanned) });
  }
  const product = scanned.product;
  if (p && product.id !== p.productId) {
    return finding("wrongProduct", { product: p.productIndex, code: scanned.code });
  }
  const lock = lockOf(kind, product);
  if (lock) return finding(lock, { product: product.index });
  if (p && scanned.gs1) {
    for (const field of ["expiryDate", "productionDate", "serialNumber"] as const) {
      const said = scanned.gs1[field];
      const was = p[field];
      if (said !== null && was !== null && said !== was) {
        return finding("wrongLot", { product: product.index, expected: was, scanned: said });
      }
    }
  }
  return null;
}

function lockOf(kind: Kind, product: TerminalProduct): string | null {
  if (kind === "in" && product.lockIn) return "productLockedIn";
  if ((kind === "out") && product.lockOut) return "productLockedOut";
  if ((kind === "collect" || kind === "relocate") && product.lockRelocate) return "productLockedRelocate";
  return null;
}

/** A quantity the server takes: above 0 (or 0 for a count), at most three decimals. */
export function validQuantity(quantity: number, zeroAllowed = false): boolean {
  if (!Number.isFinite(quantity) || quantity < 0 || (!zeroAllowed && quantity === 0)) return false;
  const milli = quantity * 1000;
  return Math.abs(milli - Math.round(milli)) <= 1e-6 * Math.max(1, milli);
}

/** More than the position has left. */
export function judgeQuantity(p: Position, quantity: number): Finding | null {
  if (!validQuantity(quantity)) return finding("quantityNotPositive");
  if (quantity > left(p) + 1e-9) {
    return finding("quantityAbovePosition", { product: p.productIndex, left: left(p) });
  }
  return null;
}

/** What a receipt of a product still needs from the operator: the lot fields its rules require. */
export function missingLot(
  product: TerminalProduct,
  lot: { expiryDate: string | null; productionDate: string | null; serialNumber: string | null },
): ("expiryDate" | "productionDate" | "serialNumber")[] {
  const out: ("expiryDate" | "productionDate" | "serialNumber")[] = [];
  if (product.expiryDateRequired && !lot.expiryDate) out.push("expiryDate");
  if (product.productionDateRequired && !lot.productionDate) out.push("productionDate");
  if (product.serialNumberRequired && !lot.serialNumber) out.push("serialNumber");
  return out;
}

/**
 * The quantity a GS1 label proposes: its net weight for a product kept in kilograms, else its count of
 * items, else 1.
 */
export function labelQuantity(scanned: ScanMeaning): number {
  if (scanned.kind !== "product" || !scanned.gs1) return 1;
  const unit = scanned.product.unit?.trim().toLowerCase();
  if ((unit === "kg" || unit === "kilogram") && scanned.gs1.netWeightKg) return scanned.gs1.netWeightKg;
  return scanned.gs1.count ?? 1;
}

/** A stock line to take from, as GET WmsInventory/bestsourcematerial answers it: free units, FEFO order. */
export interface SourceLine {
  /** The stock line's id. */
  id: number;
  locationId: number;
  locationLabel: string;
  containerNumber: string | null;
  expiryDate: string | null;
  productionDate: string | null;
  serialNumber: string | null;
  /** Free units (what orders reserved is not among them). */
  quantity: number;
}

/** Where part of a position is to be taken: a bin, how many, the lot's expiry. */
export interface Take {
  locationId: number;
  containerNumber: string | null;
  quantity: number;
  expiryDate: string | null;
}

/** A position's takes in FEFO order, and what no free line covers. */
export interface Guide {
  takes: Take[];
  missing: number;
}

/** The key of the lines asked for a product within a place (a zone, or anywhere: ""). */
export const linesKey = (productId: number, place: number | null) => `${productId}@${place ?? ""}`;

/** Whether a position names its bin itself (not a zone it is to be found in, nor nothing). */
export const namesBin = (place: number | null, index: TerminalIndex) =>
  place !== null && !index.parents.has(place);

/** Quantities are kept to thousandths, so that sums of them stay exact. */
const thousandths = (v: number) => Math.round(v * 1000) / 1000;

const lotFits = (line: SourceLine, lot: Pick<Position, "expiryDate" | "productionDate" | "serialNumber">) =>
  (lot.expiryDate === null || line.expiryDate === lot.expiryDate) &&
  (lot.productionDate === null || line.productionDate === lot.productionDate) &&
  (lot.serialNumber === null || line.serialNumber === lot.serialNumber);

/**
 * Where each position still to be taken is to be taken from (a release or a picking), as the server's
 * FEFO would take it: a position naming a bin takes there, its own lot (an order's positions name the
 * very line their order reserved); one naming a zone, or nothing, takes the free lines under it earliest
 * expiry first, after what the document's positions at bins will take of them (the stock leaves only at
 * the confirmation), and after the positions before it in the walk. `lines` holds the free lines asked
 * for each product and place (linesKey); a position whose lines are not known (offline, not asked yet)
 * has no guide (null).
 */
export function guideTakes(
  kind: Kind,
  positions: readonly Position[],
  todo: readonly Position[],
  doc: { sourceLocationId: number | null; destinationLocationId: number | null },
  index: TerminalIndex,
  lines: Readonly<Record<string, readonly SourceLine[]>>,
): Map<number | string, Guide | null> {
  const free = new Map<number, number>();
  const linesOf = (productId: number) => {
    const out = new Map<number, SourceLine>();
    for (const [key, list] of Object.entries(lines)) {
      if (!key.startsWith(`${productId}@`)) continue;
      for (const l of list) out.set(l.id, l);
    }
    return [...out.values()];
  };
  const freeOf = (l: SourceLine) => free.get(l.id) ?? l.quantity;
  /** Takes `quantity` from the lines in their order (those that fit); answers the takes and what is left. */
  const take = (list: readonly SourceLine[], quantity: number, fits: (l: SourceLine) => boolean) => {
    const takes: Take[] = [];
    let needed = quantity;
    for (const l of list) {
      if (needed <= 1e-9) break;
      if (!fits(l)) continue;
      const n = Math.min(freeOf(l), needed);
      if (n <= 1e-9) continue;
      free.set(l.id, thousandths(freeOf(l) - n));
      needed = thousandths(needed - n);
      takes.push({
        locationId: l.locationId,
        containerNumber: l.containerNumber,
        quantity: n,
        expiryDate: l.expiryDate,
      });
    }
    return { takes, missing: Math.max(0, needed) };
  };
  // What positions at bins will take leaves their bins' lines first (FEFO within the bin, their lot).
  for (const p of positions) {
    const place = placeOf(kind, p, doc);
    if (!namesBin(place, index)) continue;
    const leaving = p.short ? (p.quantityReal ?? 0) : p.quantity;
    take(linesOf(p.productId), leaving, (l) => l.locationId === place && lotFits(l, p));
  }
  const out = new Map<number | string, Guide | null>();
  for (const p of todo) {
    const place = placeOf(kind, p, doc);
    if (namesBin(place, index)) {
      out.set(p.id, {
        takes: [{ locationId: place!, containerNumber: null, quantity: left(p), expiryDate: p.expiryDate }],
        missing: 0,
      });
      continue;
    }
    const list = lines[linesKey(p.productId, place)];
    if (!list) {
      out.set(p.id, null);
      continue;
    }
    out.set(
      p.id,
      take(list, left(p), (l) => (place === null || index.covers(place, l.locationId)) && lotFits(l, p)),
    );
  }
  return out;
}
