// Face matching (match.ts): descriptors kept exactly, enrolments of one face only, and a probe accepted only
// near one user and clearly nearer than any other.
import { describe, expect, it } from "vitest";
import {
  decodeDescriptor,
  DESCRIPTOR_LENGTH,
  distance,
  encodeDescriptor,
  Gallery,
  MATCH_DISTANCE,
  MATCH_MARGIN,
  recognise,
  samplesAgree,
} from "./match.ts";

/** A reproducible random direction of the given length (Park–Miller). */
function vector(seed: number, length = 1): number[] {
  let s = seed;
  const next = () => (s = (s * 16807) % 2147483647) / 2147483647 - 0.5;
  const v = Array.from({ length: DESCRIPTOR_LENGTH }, next);
  const n = Math.hypot(...v);
  return v.map((x) => (x / n) * length);
}
const plus = (a: number[], b: number[]) => a.map((x, i) => x + b[i]);

describe("face matching", () => {
  it("keeps a descriptor as float32, exactly", () => {
    const d = vector(7, 0.9);
    const back = decodeDescriptor(encodeDescriptor(d));
    expect(back).toHaveLength(DESCRIPTOR_LENGTH);
    expect(Array.from(back)).toEqual(Array.from(Float32Array.from(d)));
    expect(encodeDescriptor(d)).toHaveLength(684);
  });

  it("takes an enrolment of one face seen several times, not one with another face among it", () => {
    const face = vector(1);
    const seen = [1, 2, 3, 4].map((k) => plus(face, vector(100 + k, 0.12)));
    expect(samplesAgree(seen)).toBe(true);
    expect(samplesAgree([...seen, vector(2)])).toBe(false);
  });

  it("accepts the nearest user only when near enough and clearly nearer than the next", () => {
    const ann = vector(11), bob = vector(12);
    const g = Gallery.of([
      ...[1, 2, 3].map((k) => ({ userId: 1, descriptor: encodeDescriptor(plus(ann, vector(20 + k, 0.1))) })),
      ...[1, 2, 3].map((k) => ({ userId: 2, descriptor: encodeDescriptor(plus(bob, vector(30 + k, 0.1))) })),
    ]);
    expect(recognise(g, plus(ann, vector(40, 0.15)))?.userId).toBe(1);
    expect(recognise(g, plus(bob, vector(41, 0.15)))?.userId).toBe(2);
    // Someone else entirely.
    expect(recognise(g, vector(42))).toBeNull();
    // Near Ann, but farther than the threshold.
    const far = plus(ann, vector(43, MATCH_DISTANCE + 0.1));
    expect(distance(far, ann)).toBeGreaterThan(MATCH_DISTANCE);
    expect(recognise(g, far)).toBeNull();
    // Two users who look alike: a probe between them is neither's.
    const twin = plus(ann, vector(44, MATCH_MARGIN));
    const lookalikes = Gallery.of([
      { userId: 1, descriptor: encodeDescriptor(ann) },
      { userId: 3, descriptor: encodeDescriptor(twin) },
    ]);
    const between = ann.map((x, i) => (x + twin[i]) / 2);
    expect(lookalikes.nearest(between)!.distance).toBeLessThan(MATCH_DISTANCE);
    expect(recognise(lookalikes, between)).toBeNull();
    expect(recognise(Gallery.of([]), ann)).toBeNull();
  });
});
