// Face embeddings and their matching (pure; docs/decisions/0015-face-sign-in.md). The browser turns a camera
// frame into a 128-number descriptor with @vladmandic/face-api's recognition model (a ResNet-34 in the
// manner of dlib's: two photos of one person lie within about 0.6 of each other, Euclidean); only these
// numbers reach the server, never the picture. A user is enrolled with several samples that must agree with
// each other. A probe is accepted for the user nearest to it when that user is closer than MATCH_DISTANCE
// (well inside 0.6, so that false accepts stay rare) and every other user is at least MATCH_MARGIN farther.

import { Buffer } from "node:buffer";

export const DESCRIPTOR_LENGTH = 128;
/** The farthest a probe may lie from a user's nearest sample and still be that user. */
export const MATCH_DISTANCE = 0.42;
/** How much nearer the best user must be than the next one: two similar faces are told from neither. */
export const MATCH_MARGIN = 0.08;
/** The farthest an enrolment's sample may lie from the samples' mean: one face, seen well, each time. */
export const ENROL_SPREAD = 0.35;
export const MIN_SAMPLES = 3;
export const MAX_SAMPLES = 10;

/** A descriptor as stored: its 128 float32 values, little-endian, in base64 (text in any database). */
export function encodeDescriptor(d: ArrayLike<number>): string {
  return Buffer.from(Float32Array.from(d).buffer).toString("base64");
}

/** Decoded natively: a gallery of thousands of samples is read in milliseconds. */
export function decodeDescriptor(s: string): Float32Array {
  const bytes = Buffer.from(s, "base64");
  // Copied out: a small Buffer may sit at any offset of a shared pool.
  return new Float32Array(new Uint8Array(bytes).buffer);
}

export function distance(a: ArrayLike<number>, b: ArrayLike<number>, bOffset = 0): number {
  let sum = 0;
  for (let i = 0; i < DESCRIPTOR_LENGTH; i++) {
    const d = a[i] - b[bOffset + i];
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** Do the enrolment's samples show one face, seen well each time? */
export function samplesAgree(samples: readonly ArrayLike<number>[]): boolean {
  const mean = new Float64Array(DESCRIPTOR_LENGTH);
  for (const s of samples) for (let i = 0; i < DESCRIPTOR_LENGTH; i++) mean[i] += s[i] / samples.length;
  return samples.every((s) => distance(s, mean) <= ENROL_SPREAD);
}

export interface Match {
  userId: number;
  distance: number;
  /** The nearest other user's distance (Infinity when there is none). */
  next: number;
}

/** Every enrolled sample of a tenant, in one array: a probe is compared with all of them in one pass. */
export class Gallery {
  readonly size: number;
  constructor(readonly userIds: Int32Array, readonly data: Float32Array) {
    this.size = userIds.length;
  }

  static of(rows: readonly { userId: number; descriptor: string }[]): Gallery {
    const ids = new Int32Array(rows.length);
    const data = new Float32Array(rows.length * DESCRIPTOR_LENGTH);
    rows.forEach((r, i) => {
      ids[i] = r.userId;
      data.set(decodeDescriptor(r.descriptor), i * DESCRIPTOR_LENGTH);
    });
    return new Gallery(ids, data);
  }

  /** The nearest user and how near the next one is; null when nobody is enrolled. */
  nearest(probe: ArrayLike<number>): Match | null {
    const best = new Map<number, number>();
    for (let i = 0; i < this.size; i++) {
      const d = distance(probe, this.data, i * DESCRIPTOR_LENGTH);
      const u = this.userIds[i];
      const known = best.get(u);
      if (known === undefined || d < known) best.set(u, d);
    }
    let match: Match | null = null;
    for (const [userId, d] of best) {
      if (!match || d < match.distance) {
        match = { userId, distance: d, next: match ? match.distance : Infinity };
      } else if (d < match.next) match.next = d;
    }
    return match;
  }
}

/** The user a probe is, or null: near enough, and clearly nearer than anyone else. */
export function recognise(gallery: Gallery, probe: ArrayLike<number>): Match | null {
  const m = gallery.nearest(probe);
  if (!m || m.distance > MATCH_DISTANCE || m.next - m.distance < MATCH_MARGIN) return null;
  return m;
}
