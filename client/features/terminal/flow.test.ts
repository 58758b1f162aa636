// Where a release takes each position from (issue 31, item 5): FEFO over the free lines of the position's
// zone, several bins when one is not enough, what the document's positions at bins take counted first, a
// position naming its bin taken there, and nothing said when the lines are not known.
import { describe, expect, it } from "vitest";
import { TerminalIndex } from "./data.ts";
import { guideTakes, linesKey, type Position, type SourceLine } from "./flow.ts";

const index = new TerminalIndex({
  products: [],
  locations: [
    { id: 1, label: "FREEZER", parentId: null, pickupOrder: null, lockedIn: false, lockedOut: false },
    { id: 11, label: "F-01", parentId: 1, pickupOrder: 10, lockedIn: false, lockedOut: false },
    { id: 12, label: "F-02", parentId: 1, pickupOrder: 20, lockedIn: false, lockedOut: false },
    { id: 13, label: "F-03", parentId: 1, pickupOrder: 30, lockedIn: false, lockedOut: false },
    { id: 2, label: "DOCK", parentId: null, pickupOrder: null, lockedIn: false, lockedOut: false },
  ],
  containers: [],
  savedAt: "",
});

const doc = { sourceLocationId: 1, destinationLocationId: null };

function position(id: number | string, quantity: number, extra: Partial<Position> = {}): Position {
  return {
    id,
    productId: 7,
    productIndex: "HAKE",
    productName: "Hake",
    quantity,
    quantityReal: null,
    sourceLocationId: null,
    destinationLocationId: null,
    sourceContainerId: null,
    destinationContainerId: null,
    expiryDate: null,
    productionDate: null,
    serialNumber: null,
    ...extra,
  };
}

const line = (id: number, locationId: number, quantity: number, expiryDate: string | null): SourceLine => ({
  id,
  locationId,
  locationLabel: `#${locationId}`,
  containerNumber: null,
  expiryDate,
  productionDate: null,
  serialNumber: null,
  quantity,
});

// FEFO order, as the server answers: F-02's lot first, then F-01's, then F-03's.
const lines = {
  [linesKey(7, 1)]: [line(2, 12, 20, "2027-01-15"), line(1, 11, 30, "2027-03-01"), line(3, 13, 40, null)],
};

describe("guideTakes", () => {
  it("takes a zone's position from its earliest lots first, across bins", () => {
    const p = position(100, 25);
    const g = guideTakes("out", [p], [p], doc, index, lines).get(100);
    expect(g).toEqual({
      takes: [
        { locationId: 12, containerNumber: null, quantity: 20, expiryDate: "2027-01-15" },
        { locationId: 11, containerNumber: null, quantity: 5, expiryDate: "2027-03-01" },
      ],
      missing: 0,
    });
  });

  it("says what no free line covers", () => {
    const p = position(100, 100);
    const g = guideTakes("out", [p], [p], doc, index, lines).get(100)!;
    expect(g.takes.map((x) => x.quantity)).toEqual([20, 30, 40]);
    expect(g.missing).toBe(10);
  });

  it("counts what the document's positions at bins take (a part already done) before a zone's", () => {
    // 10 of the position were taken at F-02 (split off, done): the rest comes from F-02's other 10, then F-01.
    const done = position(101, 10, { quantityReal: 10, sourceLocationId: 12 });
    const rest = position(100, 15);
    const g = guideTakes("out", [rest, done], [rest], doc, index, lines).get(100)!;
    expect(g.takes.map((x) => [x.locationId, x.quantity])).toEqual([[12, 10], [11, 5]]);
  });

  it("shares the lines between a document's positions in walking order", () => {
    const [a, b] = [position(100, 15), position(102, 15)];
    const guides = guideTakes("out", [a, b], [a, b], doc, index, lines);
    expect(guides.get(100)!.takes.map((x) => [x.locationId, x.quantity])).toEqual([[12, 15]]);
    expect(guides.get(102)!.takes.map((x) => [x.locationId, x.quantity])).toEqual([[12, 5], [11, 10]]);
  });

  it("takes only the position's lot", () => {
    const p = position(100, 5, { expiryDate: "2027-03-01" });
    expect(guideTakes("out", [p], [p], doc, index, lines).get(100)!.takes).toEqual([
      { locationId: 11, containerNumber: null, quantity: 5, expiryDate: "2027-03-01" },
    ]);
  });

  it("takes a position naming its bin there, with its lot, without asking for lines", () => {
    const p = position(100, 4, { sourceLocationId: 2, expiryDate: "2027-05-31", quantityReal: 1 });
    expect(guideTakes("out", [p], [p], doc, index, {}).get(100)).toEqual({
      takes: [{ locationId: 2, containerNumber: null, quantity: 3, expiryDate: "2027-05-31" }],
      missing: 0,
    });
  });

  it("knows nothing of a zone whose lines were not read (offline)", () => {
    const p = position(100, 5);
    expect(guideTakes("out", [p], [p], doc, index, {}).get(100)).toBeNull();
  });

  it("keeps thousandths exact", () => {
    const p = position(100, 0.3);
    const tenths = { [linesKey(7, 1)]: [line(1, 11, 0.1, null), line(2, 12, 0.2, null)] };
    expect(guideTakes("out", [p], [p], doc, index, tenths).get(100)).toEqual({
      takes: [
        { locationId: 11, containerNumber: null, quantity: 0.1, expiryDate: null },
        { locationId: 12, containerNumber: null, quantity: 0.2, expiryDate: null },
      ],
      missing: 0,
    });
  });
});
