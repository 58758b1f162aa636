// Finding a position's product by what was scanned or typed: an index or a barcode.
import { type Issue, issue } from "./snapshot.ts";

export interface LookupCandidate {
  id: number;
  index: string;
}

/** One product matches: its id. None or several: the lookup's own message. */
export function resolveProductCode(
  code: string,
  candidates: LookupCandidate[],
): { productId: number } | { issue: Issue } {
  const ids = [...new Set(candidates.map((c) => c.id))];
  if (ids.length === 1) return { productId: ids[0] };
  if (ids.length === 0) return { issue: issue(null, "productNotFound", { code }) };
  const indexes = [...new Set(candidates.map((c) => c.index))].sort().join(", ");
  return { issue: issue(null, "productAmbiguous", { code, count: ids.length, products: indexes }) };
}
