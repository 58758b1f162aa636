// The warehouse map's arithmetic, free of React: the parent's map bounds (centimetres, x east and y north)
// laid over its drawing's viewBox, a location's rectangle (south-west corner and size) in the drawing's units
// and back, snapping to a grid, and the colour classes of how full a location is and how cold.

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Bounds {
  swX: number;
  swY: number;
  neX: number;
  neY: number;
}

/** A viewBox attribute ("0 0 800 600"), or null when it is missing or no box. */
export function parseViewBox(v: string | null): Box | null {
  if (!v) return null;
  const n = v.trim().split(/[\s,]+/).map(Number);
  if (n.length !== 4 || n.some((x) => !Number.isFinite(x)) || n[2] <= 0 || n[3] <= 0) return null;
  return { x: n[0], y: n[1], w: n[2], h: n[3] };
}

/** The map's bounds in cm: the location's own when all four are set and span something; else the drawing's units. */
export function boundsOf(
  loc: {
    mapSouthWestX: number | null;
    mapSouthWestY: number | null;
    mapNorthEastX: number | null;
    mapNorthEastY: number | null;
  },
  vb: Box,
): Bounds {
  const { mapSouthWestX: swX, mapSouthWestY: swY, mapNorthEastX: neX, mapNorthEastY: neY } = loc;
  if (swX !== null && swY !== null && neX !== null && neY !== null && neX > swX && neY > swY) {
    return { swX, swY, neX, neY };
  }
  return { swX: vb.x, swY: vb.y, neX: vb.x + vb.w, neY: vb.y + vb.h };
}

/** A rectangle in cm (south-west corner, size east and north) as drawn: a box in the viewBox's units (y down). */
export function toSvg(r: { x: number; y: number; w: number; h: number }, b: Bounds, vb: Box): Box {
  const sx = vb.w / (b.neX - b.swX);
  const sy = vb.h / (b.neY - b.swY);
  return {
    x: vb.x + (r.x - b.swX) * sx,
    y: vb.y + (b.neY - (r.y + r.h)) * sy,
    w: r.w * sx,
    h: r.h * sy,
  };
}

/** A point of the drawing (viewBox units) in cm on the ground. */
export function toWorld(p: { x: number; y: number }, b: Bounds, vb: Box): { x: number; y: number } {
  return {
    x: b.swX + ((p.x - vb.x) / vb.w) * (b.neX - b.swX),
    y: b.neY - ((p.y - vb.y) / vb.h) * (b.neY - b.swY),
  };
}

/** A round grid step of about a fiftieth of the span: 1, 2 or 5 times a power of ten (cm). */
export function gridStep(span: number): number {
  const raw = Math.max(span / 50, 1);
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
}

export const snapTo = (v: number, step: number) => Math.round(v / step) * step;

/** The rectangle (south-west corner and size, cm) two corners of a drag span, snapped; null when it is empty. */
export function dragRect(
  a: { x: number; y: number },
  b: { x: number; y: number },
  step: number,
): { x: number; y: number; w: number; h: number } | null {
  const x1 = snapTo(Math.min(a.x, b.x), step), x2 = snapTo(Math.max(a.x, b.x), step);
  const y1 = snapTo(Math.min(a.y, b.y), step), y2 = snapTo(Math.max(a.y, b.y), step);
  if (x2 - x1 < step || y2 - y1 < step) return null;
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

export type Fullness = "unknown" | "empty" | "low" | "mid" | "high" | "over";
/** How full: no capacity said, nothing, up to 50 %, up to 80 %, up to 100 %, beyond. */
export function fullness(p: { fullPercent: number | null; loadKg: number }): Fullness {
  if (p.fullPercent === null) return "unknown";
  if (p.loadKg <= 0) return "empty";
  if (p.fullPercent <= 50) return "low";
  if (p.fullPercent <= 80) return "mid";
  if (p.fullPercent <= 100) return "high";
  return "over";
}

export type Climate = "frozen" | "chilled" | "ambient";
/** Frozen at -15 °C or below; chilled up to 8 °C or when cooled without a temperature said; else ambient. */
export function climate(p: { temperature: number | null; cooled: boolean }): Climate {
  if (p.temperature !== null) {
    return p.temperature <= -15 ? "frozen" : p.temperature <= 8 ? "chilled" : "ambient";
  }
  return p.cooled ? "chilled" : "ambient";
}
