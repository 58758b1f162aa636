// Rules on the document as a whole: its status, its contractor, that it has positions, and its order.
import { fromMilli } from "../quantity.ts";
import { definitionOf, type Issue, issue, type Snapshot } from "./snapshot.ts";

/** Only a working copy is confirmed (or has its positions changed). */
export function checkWorkingCopy(s: Snapshot): Issue[] {
  return s.document.statusCode === "workingCopy" ? [] : [issue(null, "notWorkingCopy")];
}

/** An internal document (IIN, IOU, relocations) is the company's own: no contractor. */
export function checkInternalContractor(s: Snapshot): Issue[] {
  const def = definitionOf(s.document.typeCode);
  return def.internal && s.document.contractorId !== null ? [issue(null, "internalWithContractor")] : [];
}

/** On a contractor's document every product is that contractor's. */
export function checkContractorMatch(s: Snapshot): Issue[] {
  if (definitionOf(s.document.typeCode).internal) return [];
  const out: Issue[] = [];
  for (const p of s.positions) {
    const product = s.products.get(p.productId);
    if (product && product.contractorId !== s.document.contractorId) {
      out.push(issue(p.id, "contractorMismatch", { product: product.index }));
    }
  }
  return out;
}

/** A document without positions moves nothing. */
export function checkHasPositions(s: Snapshot): Issue[] {
  return s.positions.length === 0 ? [issue(null, "noPositions")] : [];
}

/**
 * A document of an order carries out that order: the order is confirmed (not a working copy, closed or
 * archived), each product is on it, and no product's quantity is above what is left of it on the order.
 */
export function checkOrder(s: Snapshot): Issue[] {
  const order = s.order;
  if (!order) return [];
  if (order.statusCode !== "confirmed") {
    return [issue(null, "orderNotConfirmed", { order: order.orderNumber })];
  }
  const out: Issue[] = [];
  const asked = new Map<number, number>();
  for (const p of s.positions) {
    const left = order.left.get(p.productId);
    const product = s.products.get(p.productId)?.index ?? `#${p.productId}`;
    if (left === undefined) {
      out.push(issue(p.id, "productNotOnOrder", { product, order: order.orderNumber }));
      continue;
    }
    const sum = (asked.get(p.productId) ?? 0) + Math.max(0, p.quantity);
    asked.set(p.productId, sum);
    if (sum > left) {
      out.push(issue(p.id, "quantityAboveOrder", { product, left: fromMilli(Math.max(0, left)) }));
    }
  }
  return out;
}
