import { describe, expect, it } from "vitest";
import { compileShape, prop } from "./shape.ts";

describe("compileShape", () => {
  it("makes objects with the declared keys in order, from its arguments and the values it was given", () => {
    const double = (v: unknown) => (v as number) * 2;
    const make = compileShape<
      (row: Record<string, unknown>, more: Record<string, unknown>) => Record<string, unknown>
    >(
      ["row", "more"],
      [
        { key: "id", source: () => prop("row", "id") },
        { key: 'we"ird\nkey', source: (use) => `${use(double)}(${prop("row", 'we"ird\nkey')})` },
        { key: "list", source: () => `${prop("more", "list")} ?? []` },
      ],
    );
    const a = make({ id: 7, 'we"ird\nkey': 4 }, {});
    expect(Object.keys(a)).toEqual(["id", 'we"ird\nkey', "list"]);
    expect(a).toEqual({ id: 7, 'we"ird\nkey': 8, list: [] });
    // Every call makes a new object and a new default list.
    const b = make({ id: 8, 'we"ird\nkey': 1 }, {});
    expect(b.list).not.toBe(a.list);
    expect(make({ id: 1 }, { list: [3] }).list).toEqual([3]);
  });

  it("refuses a parameter name that is not a plain identifier", () => {
    expect(() => compileShape(["row); alert(1"], [])).toThrow(/not a parameter name/);
  });
});
