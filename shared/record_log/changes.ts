// Which fields one RecordLog entry changed: pure, shared by the history route and the client's history
// tables (the administrators' log screen computes it from the same objects).

/** Keys every record carries that say nothing a reader of its history needs. */
const bookkeeping = new Set(["id", "version", "createdAt", "updatedAt"]);

/** A stored object (JSON text, or already parsed by the API), or null when it is not an object. */
export function asObject(value: unknown): Record<string, unknown> | null {
  const v = typeof value === "string" ? JSON.parse(value) : value;
  return typeof v === "object" && v !== null && !Array.isArray(v) ? v as Record<string, unknown> : null;
}

function empty(v: unknown): boolean {
  return v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);
}

/**
 * The keys whose values differ between the old and the new object, in the objects' order. An added
 * record lists what it was given, a deleted one what it held (empty values left out).
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.filter((k) => {
    if (bookkeeping.has(k)) return false;
    const a = before?.[k];
    const b = after?.[k];
    if (empty(a) && empty(b)) return false;
    return JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
  });
}
