// Rules from the product: required dates and serial numbers, expiry, and the product's own locks.
import type { Allocation } from "../ledger/allocate.ts";
import {
  daysBetween,
  definitionOf,
  type Direction,
  type Issue,
  issue,
  type PositionSnap,
  type Rule,
  severityOf,
  type Snapshot,
} from "./snapshot.ts";

/** A receipt gives the expiry date, production date and serial number the product requires. */
export function checkRequiredAttributes(s: Snapshot): Issue[] {
  if (definitionOf(s.document.typeCode).direction !== "in") return [];
  const out: Issue[] = [];
  for (const p of s.positions) {
    const product = s.products.get(p.productId);
    if (!product) continue;
    if (product.expiryDateRequired && p.expiryDate === null) {
      out.push(issue(p.id, "expiryDateRequired", { product: product.index }));
    }
    if (product.productionDateRequired && p.productionDate === null) {
      out.push(issue(p.id, "productionDateRequired", { product: product.index }));
    }
    if (product.serialNumberRequired && p.serialNumber === null) {
      out.push(issue(p.id, "serialNumberRequired", { product: product.index }));
    }
  }
  return out;
}

/** The expiry dates a position brings in (its own) or takes out (of the lines it takes). */
function expiriesOf(s: Snapshot, p: PositionSnap, allocations: Map<number, Allocation>): string[] {
  const dir = definitionOf(s.document.typeCode).direction;
  if (dir === "in") return p.expiryDate === null ? [] : [p.expiryDate];
  const taken = allocations.get(p.id)?.takes.map((t) => t.line.expiryDate) ?? [];
  return [...new Set(taken.filter((d): d is string => d !== null))].sort();
}

/**
 * Expired goods (rules expiredOnReceipt / expiredOnRelease) and a short expiry (shortExpiryOnReceipt /
 * shortExpiryOnRelease): fewer days left than the product's minimalExpDays, else the rules' shortExpiryDays.
 * Relocations keep goods in the house and are not judged.
 */
export function checkExpiry(s: Snapshot, allocations: Map<number, Allocation>): Issue[] {
  const dir = definitionOf(s.document.typeCode).direction;
  if (dir === "relocation") return [];
  const expired = severityOf((dir === "in" ? s.rules.expiredOnReceipt : s.rules.expiredOnRelease) as Rule);
  const short = severityOf(
    (dir === "in" ? s.rules.shortExpiryOnReceipt : s.rules.shortExpiryOnRelease) as Rule,
  );
  const out: Issue[] = [];
  for (const p of s.positions) {
    const product = s.products.get(p.productId);
    const minimumDays = product?.minimalExpDays ?? s.rules.shortExpiryDays;
    for (const expiryDate of expiriesOf(s, p, allocations)) {
      const days = daysBetween(s.today, expiryDate);
      if (days < 0) {
        if (expired) {
          out.push(issue(p.id, "productExpired", { product: product?.index ?? "", expiryDate }, expired));
        }
      } else if (days < minimumDays && short) {
        out.push(
          issue(p.id, "shortExpiry", { product: product?.index ?? "", expiryDate, days, minimumDays }, short),
        );
      }
    }
  }
  return out;
}

/** The finding of a product locked for this direction (receipt, release or relocation), else null. */
export function productLockIssue(
  positionId: number | null,
  dir: Direction,
  product: { index: string; lockIn: boolean; lockOut: boolean; lockRelocate: boolean },
): Issue | null {
  const name = dir === "in"
    ? product.lockIn && "productLockedIn"
    : dir === "out"
    ? product.lockOut && "productLockedOut"
    : product.lockRelocate && "productLockedRelocate";
  return name ? issue(positionId, name, { product: product.index }) : null;
}

/** A product locked for receipt, release or relocation is not received, released or relocated. */
export function checkProductLocks(s: Snapshot): Issue[] {
  const dir = definitionOf(s.document.typeCode).direction;
  const out: Issue[] = [];
  for (const p of s.positions) {
    const product = s.products.get(p.productId);
    const found = product && productLockIssue(p.id, dir, product);
    if (found) out.push(found);
  }
  return out;
}
