// An import checks its rows with manyParser (kernel/validation.ts), which parses only the fields a row gives
// and takes the others' values found once: for every resource's add, and any few fields given with values
// right or wrong, it must answer exactly what parseInput answers (the same object, keys in the same order),
// or refuse with the same fields and codes.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { z } from "zod";
import "../../app.ts";
import { resourcesByName } from "../../engine/engine.ts";
import { manyParser, parseInput } from "../../kernel/validation.ts";

type Outcome = { ok: true; value: string } | { ok: false; details: unknown };

function outcome(parse: () => unknown): Outcome {
  try {
    // JSON keeps the keys' order: the answer must be the same object, written the same way.
    return { ok: true, value: JSON.stringify(parse()) };
  } catch (err) {
    return { ok: false, details: (err as { details?: unknown }).details ?? String(err) };
  }
}

/** Values a field's schema may take or refuse: texts, numbers, flags, dates, lists, nothing. */
const CANDIDATES: unknown[] = [
  "ABC-1",
  "Name of it",
  "",
  "  spaced  ",
  "a\u0007bell",
  "2026-01-31",
  "2026-01-31T10:00:00.000Z",
  "x".repeat(300),
  0,
  1,
  -5,
  2.5,
  1e12,
  true,
  false,
  null,
  [],
  ["A", "B"],
  [1, 2],
  { code: "c" },
];

describe("manyParser", () => {
  const resources = [...resourcesByName.values()].filter((r) => !r.meta.readOnly);

  it("knows the resources (the app's modules are loaded)", () => {
    expect(resources.length).toBeGreaterThan(20);
    expect(resourcesByName.get("Product")).toBeDefined();
  });

  it("answers parseInput's answer for every resource's add, a few fields given at a time", () => {
    let accepted = 0;
    for (const resource of resources) {
      const schema = resource.entity.create as z.ZodType;
      const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
      if (!shape) continue;
      const keys = Object.keys(shape);
      // A valid value of each field that needs one, where one of the candidates is: rows then get past the
      // required fields and the given ones are what differ.
      const base: Record<string, unknown> = {};
      for (const k of keys) {
        if (shape[k].safeParse(undefined).success) continue;
        const v = CANDIDATES.find((c) => shape[k].safeParse(c).success);
        if (v !== undefined) base[k] = v;
      }
      const many = manyParser(schema);
      const row = fc.record({
        given: fc.subarray(keys, { maxLength: Math.min(6, keys.length) }),
        values: fc.array(fc.constantFrom(...CANDIDATES), { minLength: 6, maxLength: 6 }),
        keepBase: fc.boolean(),
      });
      fc.assert(
        fc.property(row, ({ given, values, keepBase }) => {
          const input: Record<string, unknown> = keepBase ? { ...base } : {};
          given.forEach((k, i) => (input[k] = values[i]));
          const answer = outcome(() => many(input));
          expect(answer, `${resource.meta.resource} ${JSON.stringify(input)}`)
            .toEqual(outcome(() => parseInput(schema, input)));
          if (answer.ok) accepted++;
        }),
        { numRuns: 150, seed: 35 },
      );
      // The rows of a file: the same fields given, row after row, through the parser's kept schema.
      for (let i = 0; i < 20; i++) {
        const input = { ...base };
        expect(outcome(() => many(input))).toEqual(outcome(() => parseInput(schema, input)));
      }
    }
    // Not only refusals, which parseInput itself answers: many rows went through the parser's own path.
    expect(accepted).toBeGreaterThan(200);
  });

  it("takes a product's fields left out as stored, and refuses a range whose ends are the wrong way round", () => {
    const schema = resourcesByName.get("Product")!.entity.create as z.ZodType;
    const many = manyParser(schema);
    const row = { index: "IMP-1", name: "Imported", weight: 2.5, unit: "pcs" };
    const parsed = many(row) as Record<string, unknown>;
    expect(parsed).toMatchObject({ index: "IMP-1", weight: 2.5, sapId: null, fragile: false, barcodes: [] });
    // Each row its own lists: one row's list changed later is not another's.
    (parsed.barcodes as string[]).push("590");
    expect((many(row) as Record<string, unknown>).barcodes).toEqual([]);
    const wrong = { ...row, minTemperature: 10, maxTemperature: 5 };
    expect(outcome(() => many(wrong))).toEqual(outcome(() => parseInput(schema, wrong)));
    expect(outcome(() => many(wrong)).ok).toBe(false);
  });
});
