// Rules on the document as a whole: its status, its contractor, and that it has positions.
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
