// The map's arithmetic: bounds in cm over the drawing (north up), a rectangle there and back, the grid,
// and the colour classes.
import { describe, expect, it } from "vitest";
import { boundsOf, climate, dragRect, fullness, gridStep, parseViewBox, toSvg, toWorld } from "./geometry.ts";

const vb = parseViewBox("0 0 1000 500")!;
const hall = { mapSouthWestX: 0, mapSouthWestY: 0, mapNorthEastX: 4000, mapNorthEastY: 2000 };

describe("the map's arithmetic", () => {
  it("reads a viewBox, and falls back to the drawing's units without bounds", () => {
    expect(parseViewBox("10,20 300 400")).toEqual({ x: 10, y: 20, w: 300, h: 400 });
    expect(parseViewBox("0 0 0 10")).toBeNull();
    expect(parseViewBox(null)).toBeNull();
    expect(boundsOf({ ...hall, mapNorthEastX: null }, vb)).toEqual({ swX: 0, swY: 0, neX: 1000, neY: 500 });
  });

  it("draws a rectangle of the ground on the drawing, north up, and reads a point back", () => {
    const b = boundsOf(hall, vb);
    // 4 m by 2 m from the south-west corner: bottom left of the drawing, a quarter of a unit per cm.
    expect(toSvg({ x: 0, y: 0, w: 400, h: 200 }, b, vb)).toEqual({ x: 0, y: 450, w: 100, h: 50 });
    expect(toWorld({ x: 100, y: 450 }, b, vb)).toEqual({ x: 400, y: 200 });
    const r = { x: 1200, y: 800, w: 250, h: 1000 };
    const s = toSvg(r, b, vb);
    expect(toWorld({ x: s.x, y: s.y + s.h }, b, vb)).toEqual({ x: 1200, y: 800 });
  });

  it("snaps a drag to a round grid and ignores a click", () => {
    expect([gridStep(4000), gridStep(60), gridStep(25_000)]).toEqual([100, 2, 500]);
    expect(dragRect({ x: 1230, y: 790 }, { x: 980, y: 1820 }, 100)).toEqual({
      x: 1000,
      y: 800,
      w: 200,
      h: 1000,
    });
    expect(dragRect({ x: 10, y: 10 }, { x: 30, y: 20 }, 100)).toBeNull();
  });

  it("classes how full and how cold a location is", () => {
    expect([
      fullness({ fullPercent: null, loadKg: 5 }),
      fullness({ fullPercent: 0, loadKg: 0 }),
      fullness({ fullPercent: 50, loadKg: 1 }),
      fullness({ fullPercent: 79, loadKg: 1 }),
      fullness({ fullPercent: 100, loadKg: 1 }),
      fullness({ fullPercent: 100.1, loadKg: 1 }),
    ]).toEqual(["unknown", "empty", "low", "mid", "high", "over"]);
    expect([
      climate({ temperature: -18, cooled: true }),
      climate({ temperature: 4, cooled: false }),
      climate({ temperature: null, cooled: true }),
      climate({ temperature: 20, cooled: false }),
    ]).toEqual(["frozen", "chilled", "chilled", "ambient"]);
  });
});
