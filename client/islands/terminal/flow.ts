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
