// The keyboard-wedge reader: a gun's burst ending in Enter is a scan (GS1's separator kept), typing is
// not, a fast typist's short word is not, and nothing a person typed is lost or doubled.
import { describe, expect, it } from "vitest";
import { defaultWedge, WedgeReader, type WedgeResult } from "./wedge.ts";

/** Feeds `text` as keys `gapMs` apart from `start`, then `end`; answers every result. */
function type(r: WedgeReader, text: string[], gapMs: number, start = 1000, end?: string): WedgeResult[] {
  const out: WedgeResult[] = [];
  let at = start;
  for (const key of text) {
    out.push(r.feed({ key, at }));
    at += gapMs;
  }
  if (end) out.push(r.feed({ key: end, at }));
  return out;
}

const chars = (s: string) => [...s];

/** What a screen ends up with: the keys let through plus those released, and the scans. */
function replay(results: WedgeResult[], keys: string[]) {
  let typed = "";
  const scans: string[] = [];
  results.forEach((r, i) => {
    if (r.kind === "pass") {
      if (r.release) typed += r.release;
      if (keys[i] !== undefined && keys[i].length === 1) typed += keys[i];
    }
    if (r.kind === "scan") {
      typed = typed.slice(0, typed.length - r.typedAhead);
      scans.push(r.code);
    }
  });
  return { typed, scans };
}

describe("a keyboard-wedge scanner gun", () => {
  it("is a scan: an EAN-13 at 5 ms a key ending in Enter", () => {
    const r = new WedgeReader();
    const keys = chars("5901234123457");
    const results = type(r, keys, 5, 1000, "Enter");
    expect(results.at(-1)).toEqual({ kind: "scan", code: "5901234123457", typedAhead: 3 });
    // The three characters let through before it was known are taken back: the field keeps nothing.
    expect(replay(results, [...keys, "Enter"])).toEqual({ typed: "", scans: ["5901234123457"] });
  });

  it("keeps a GS1 label's separator and its Shift presses out of the code", () => {
    const r = new WedgeReader();
    const keys = [...chars("0105901234123457"), "Shift", "GroupSeparator", ...chars("10LOT7")];
    const results = type(r, keys, 3, 1000, "Enter");
    expect(results.at(-1)).toMatchObject({ kind: "scan", code: "0105901234123457\x1d10LOT7" });
  });

  it("is typing: a person at 120 ms a key, Enter included", () => {
    const r = new WedgeReader();
    const keys = chars("A-01-02");
    const results = type(r, keys, 120, 1000, "Enter");
    expect(results.every((x) => x.kind === "pass")).toBe(true);
    expect(replay(results, keys)).toEqual({ typed: "A-01-02", scans: [] });
  });

  it("is typing: a short fast burst, and a fast burst cut by a pause, lose and double nothing", () => {
    const r = new WedgeReader();
    const short = type(r, chars("ok"), 10, 1000, "Enter");
    expect(short.every((x) => x.kind === "pass")).toBe(true);
    // Six fast keys, then the person pauses and goes on slowly: the held keys come out before the next one.
    const keys = [...chars("abcdef"), "g", "h"];
    const results = [
      ...type(r, chars("abcdef"), 10, 5000),
      r.feed({ key: "g", at: 5400 }),
      r.feed({ key: "h", at: 5600 }),
    ];
    expect(replay(results, keys)).toEqual({ typed: "abcdefgh", scans: [] });
  });

  it("with no suffix, ends a scan at the pause after it", () => {
    const r = new WedgeReader({ ...defaultWedge, suffix: null });
    const results = type(r, chars("CONT-000123"), 4, 1000);
    expect(results.some((x) => x.kind === "scan")).toBe(false);
    expect(r.flush(1000 + 11 * 4 + 10)).toEqual({ kind: "pass" });
    expect(r.flush(1000 + 11 * 4 + 100)).toEqual({ kind: "scan", code: "CONT-000123", typedAhead: 3 });
  });

  it("gives back what a burst held when the suffix never came", () => {
    const r = new WedgeReader();
    const keys = chars("ABCDEFG");
    const results = type(r, keys, 5, 1000);
    const flushed = r.flush(2000);
    expect(replay([...results, flushed], keys)).toEqual({ typed: "ABCDEFG", scans: [] });
  });

  it("is still a scan when a busy page ran the pause between its keys, and leaves nothing typed", () => {
    // Keys made 2 ms apart; the page got to the pause's timer after the 9th, before the 10th.
    const r = new WedgeReader();
    const keys = chars("]C1010590123412345717270630");
    const first = type(r, keys.slice(0, 9), 2, 1000);
    const flushed = r.flush(1500);
    expect(flushed).toEqual({ kind: "pass", release: "010590" });
    const rest = type(r, keys.slice(9), 2, 1000 + 9 * 2, "Enter");
    const results = [...first, flushed, ...rest];
    const keysFed = [...keys.slice(0, 9), "", ...keys.slice(9), "Enter"];
    expect(replay(results, keysFed)).toEqual({ typed: "", scans: [keys.join("")] });
  });

  it("after a real pause is typing again: a key made later starts anew", () => {
    const r = new WedgeReader();
    const keys = chars("ABCDEFG");
    const results = [...type(r, keys, 5, 1000), r.flush(2000)];
    const later = type(r, chars("HIJ"), 120, 2000, "Enter");
    expect(replay([...results, ...later], [...keys, "", "H", "I", "J", "Enter"])).toEqual({
      typed: "ABCDEFGHIJ",
      scans: [],
    });
  });
});
