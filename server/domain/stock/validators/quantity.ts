// Quantities: above zero, and not above what the source holds (all positions of the document together).
import { allocate, type Allocation, type TakeRequest } from "../ledger/allocate.ts";
import { fromMilli } from "../quantity.ts";
import {
  definitionOf,
  type DocumentSnap,
  type Issue,
  issue,
  placesOf,
  type PositionSnap,
  type Snapshot,
  type StockLineSnap,
  takes,
} from "./snapshot.ts";

export function checkQuantityPositive(s: Snapshot): Issue[] {
  return s.positions.filter((p) => p.quantity <= 0).map((p) => issue(p.id, "quantityNotPositive"));
}

/**
 * What each taking position would take, in position order, FEFO within each: the same allocation the
 * confirmation makes. Positions without a source or with a quantity below 1 take nothing. A source that is
 * a zone or parent location gives from every location it covers.
 */
export function allocateAll(s: Snapshot): Map<number, Allocation> {
  const out = new Map<number, Allocation>();
  if (!takes(definitionOf(s.document.typeCode).direction)) return out;
  const left = new Map<number, number>();
  // Lines by product and location, so a document of a thousand positions does not scan every line each time.
  const byPlace = new Map<string, StockLineSnap[]>();
  const byProduct = new Map<number, StockLineSnap[]>();
  for (const line of s.stock) {
    const k = `${line.productId}/${line.locationId}`;
    const list = byPlace.get(k);
    if (list) list.push(line);
    else byPlace.set(k, [line]);
    const all = byProduct.get(line.productId);
    if (all) all.push(line);
    else byProduct.set(line.productId, [line]);
  }
  for (const p of inAllocationOrder(s.positions)) {
    const request = takeRequestOf(s.document, p, s.zones);
    if (!request) continue;
    const lines = request.within
      ? byProduct.get(p.productId)
      : byPlace.get(`${p.productId}/${request.locationId}`);
    out.set(p.id, allocate(lines ?? [], request, left));
  }
  return out;
}

/**
 * The order the confirmation allocates in: positions naming an expiry date, production date or serial
 * number take first (one naming none takes FEFO from what is left, rather than from the very line another
 * names), then by id.
 */
export function inAllocationOrder<P extends PositionSnap>(positions: readonly P[]): P[] {
  const named = (p: P) =>
    Number(p.expiryDate !== null) + Number(p.productionDate !== null) + Number(p.serialNumber !== null);
  return [...positions].sort((a, b) => named(b) - named(a) || a.id - b.id);
}

/**
 * What a position asks of its source (its own, else the document's), within the locations a zone source
 * covers; null for a position without a source or a quantity.
 */
export function takeRequestOf(
  doc: DocumentSnap,
  p: PositionSnap,
  zones: ReadonlyMap<number, ReadonlySet<number>>,
): TakeRequest | null {
  const at = placesOf(doc, p);
  if (at.sourceLocationId === null || p.quantity <= 0) return null;
  const zone = zones.get(at.sourceLocationId);
  return {
    productId: p.productId,
    locationId: at.sourceLocationId,
    within: zone,
    // A release from a zone takes from pallets too; a relocation keeps loose and boxed stock apart.
    anyContainer: zone !== undefined && definitionOf(doc.typeCode).direction === "out",
    containerId: at.sourceContainerId,
    expiryDate: p.expiryDate,
    productionDate: p.productionDate,
    serialNumber: p.serialNumber,
    quantity: p.quantity,
    exactLot: doc.generated === true,
  };
}

/**
 * A container relocation moves whole containers: what it takes from each container at its source must be
 * all that container holds there (else the container would stand in two places), reserved stock included,
 * which it may not take: a container holding an order's reservation stays until the order takes it.
 */
export function checkWholeContainers(s: Snapshot, allocations: Map<number, Allocation>): Issue[] {
  if (s.document.typeCode !== "PRL") return [];
  const taken = new Map<string, number>();
  for (const a of allocations.values()) {
    for (const t of a.takes) {
      if (t.line.containerId === null) continue;
      const k = `${t.line.containerId}/${t.line.locationId}`;
      taken.set(k, (taken.get(k) ?? 0) + t.quantity);
    }
  }
  const out: Issue[] = [];
  for (const [k, quantity] of taken) {
    const [containerId, locationId] = k.split("/").map(Number);
    const holds = s.stock.filter((l) => l.containerId === containerId && l.locationId === locationId)
      .reduce((sum, l) => sum + (l.held ?? l.quantity), 0);
    if (quantity < holds) {
      const container = s.containers.get(containerId)?.number ?? `#${containerId}`;
      out.push(issue(null, "containerNotWhole", { container, left: fromMilli(holds - quantity) }));
    }
  }
  return out;
}

export function checkAvailable(s: Snapshot, allocations: Map<number, Allocation>): Issue[] {
  const out: Issue[] = [];
  for (const p of s.positions) {
    const a = allocations.get(p.id);
    if (a && a.shortfall > 0) {
      out.push(issue(p.id, "quantityAboveAvailable", {
        requested: fromMilli(p.quantity),
        available: fromMilli(p.quantity - a.shortfall),
      }));
    }
  }
  return out;
}
