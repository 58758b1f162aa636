// Every document validator, pure: a snapshot that passes, then one change per case and the finding it
// must give (code, position, severity), or none.
import { allocateAll } from "./quantity.ts";
import { describe, expect, it } from "vitest";
import { defaultLogisticsConfig } from "../../../../shared/config/contract.ts";
import { validateDocument } from "./validate_document.ts";
import { resolveProductCode } from "./lookup.ts";
import type {
  ContainerSnap,
  DocumentSnap,
  LocationSnap,
  PositionSnap,
  ProductSnap,
  Snapshot,
} from "./snapshot.ts";

function product(over: Partial<ProductSnap> = {}): ProductSnap {
  return {
    id: 1,
    index: "P1",
    contractorId: null,
    lockIn: false,
    lockOut: false,
    lockRelocate: false,
    expiryDateRequired: false,
    productionDateRequired: false,
    serialNumberRequired: false,
    minTemperature: null,
    maxTemperature: null,
    minimalExpDays: null,
    weight: null,
    ...over,
  };
}

/** A rack (id 7) above location `at`, with its capacity and the weight on it. */
const rackOver = (at: number, h: { capacityKg: number; loadKg: number }): Snapshot["limits"] => ({
  of: new Map([[at, [7]]]),
  holders: new Map([[7, { label: "RACK", ...h }]]),
});

const loc = (id: number, over: Partial<LocationSnap> = {}): LocationSnap => ({
  id,
  label: `L${id}`,
  lockedIn: false,
  lockedOut: false,
  temperature: null,
  ...over,
});

const box = (id: number, locationId: number, over: Partial<ContainerSnap> = {}): ContainerSnap => ({
  id,
  number: `C${id}`,
  locationId,
  lockedIn: false,
  lockedOut: false,
  ...over,
});

function position(over: Partial<PositionSnap> = {}): PositionSnap {
  return {
    id: 100,
    productId: 1,
    quantity: 2000,
    expiryDate: null,
    productionDate: null,
    serialNumber: null,
    sourceLocationId: null,
    sourceContainerId: null,
    destinationLocationId: null,
    destinationContainerId: null,
    ...over,
  };
}

/** A snapshot of `type` that passes every rule: locations 10 (source) and 20 (destination), 5 units at 10. */
function snapshot(type: DocumentSnap["typeCode"], over: {
  document?: Partial<DocumentSnap>;
  positions?: PositionSnap[];
  products?: ProductSnap[];
  locations?: LocationSnap[];
  containers?: ContainerSnap[];
  rules?: Partial<Snapshot["rules"]>;
  stock?: Snapshot["stock"];
  zones?: Snapshot["zones"];
  limits?: Snapshot["limits"];
} = {}): Snapshot {
  const dir = { DIN: "in", IIN: "in", OIN: "in", DOU: "out", IOU: "out", OOU: "out" }[type as string] ??
    "relocation";
  const document: DocumentSnap = {
    id: 1,
    typeCode: type,
    statusCode: "workingCopy",
    contractorId: null,
    sourceLocationId: dir === "in" ? null : 10,
    sourceContainerId: null,
    destinationLocationId: dir === "out" ? null : 20,
    destinationContainerId: null,
    ...over.document,
  };
  return {
    document,
    positions: over.positions ?? [position()],
    products: new Map((over.products ?? [product()]).map((p) => [p.id, p])),
    locations: new Map((over.locations ?? [loc(10), loc(20)]).map((l) => [l.id, l])),
    containers: new Map((over.containers ?? [box(7, 10)]).map((c) => [c.id, c])),
    stock: over.stock ?? [{
      id: 1,
      productId: 1,
      locationId: 10,
      containerId: null,
      expiryDate: null,
      productionDate: null,
      serialNumber: null,
      quantity: 5000,
    }],
    zones: over.zones ?? new Map(),
    limits: over.limits,
    rules: { ...defaultLogisticsConfig().rules, ...over.rules },
    today: "2026-06-01",
  };
}

const codes = (s: Snapshot) =>
  validateDocument(s).map((i) => [i.code.replace("document.issue.", ""), i.positionId, i.severity]);

describe("a valid document", () => {
  for (const type of ["DIN", "DOU", "IIN", "IOU", "OIN", "OOU", "CRL", "ARL"] as const) {
    it(`${type} passes`, () => expect(codes(snapshot(type))).toEqual([]));
  }
  it("PRL moving a whole container passes", () => {
    const s = snapshot("PRL", {
      document: { sourceContainerId: 7 },
      positions: [position({ quantity: 5000 })],
    });
    s.stock[0].containerId = 7;
    expect(codes(s)).toEqual([]);
  });
});

const cases: [string, Snapshot, [string, number | null, string][]][] = [
  ["a confirmed document", snapshot("DIN", { document: { statusCode: "confirmed" } }), [[
    "notWorkingCopy",
    null,
    "error",
  ]]],
  ["no positions", snapshot("DIN", { positions: [] }), [["noPositions", null, "error"]]],
  ["a receipt without destination", snapshot("IIN", { document: { destinationLocationId: null } }), [
    ["destinationLocationRequired", 100, "error"],
  ]],
  ["a receipt with a source location", snapshot("IIN", { document: { sourceLocationId: 10 } }), [
    ["sourceLocationForbidden", null, "error"],
  ]],
  [
    "a receipt position with a source container",
    snapshot("IIN", { positions: [position({ sourceContainerId: 7 })] }),
    [
      ["sourceContainerForbidden", 100, "error"],
    ],
  ],
  ["a release without source", snapshot("IOU", { document: { sourceLocationId: null } }), [
    ["sourceLocationRequired", 100, "error"],
  ]],
  ["a release with a destination", snapshot("IOU", { document: { destinationLocationId: 20 } }), [
    ["destinationLocationForbidden", null, "error"],
  ]],
  [
    "a release with a destination container",
    snapshot("IOU", { positions: [position({ destinationContainerId: 7 })] }),
    [
      ["destinationContainerForbidden", 100, "error"],
    ],
  ],
  ["a container relocation without container", snapshot("PRL"), [["sourceContainerRequired", 100, "error"]]],
  [
    "a source location locked for release",
    snapshot("IOU", { locations: [loc(10, { lockedOut: true }), loc(20)] }),
    [
      ["locationLocked", 100, "error"],
    ],
  ],
  [
    "a source location locked only for receipt",
    snapshot("IOU", { locations: [loc(10, { lockedIn: true }), loc(20)] }),
    [],
  ],
  [
    "a destination locked for receipt",
    snapshot("IIN", { locations: [loc(10), loc(20, { lockedIn: true })] }),
    [
      ["locationLocked", 100, "error"],
    ],
  ],
  [
    "a destination container locked for receipt",
    snapshot("IIN", {
      document: { destinationContainerId: 7 },
      containers: [box(7, 20, { lockedIn: true })],
    }),
    [["containerLocked", 100, "error"]],
  ],
  [
    "a destination container at another location",
    snapshot("IIN", { document: { destinationContainerId: 7 }, containers: [box(7, 10)] }),
    [["containerAtOtherLocation", 100, "error"]],
  ],
  ["an internal document with a contractor", snapshot("IIN", { document: { contractorId: 3 } }), [
    ["internalWithContractor", null, "error"],
  ]],
  [
    "a product of another contractor",
    snapshot("DIN", { document: { contractorId: 3 }, products: [product({ contractorId: 4 })] }),
    [
      ["contractorMismatch", 100, "error"],
    ],
  ],
  [
    "the contractor's own product",
    snapshot("DIN", { document: { contractorId: 3 }, products: [product({ contractorId: 3 })] }),
    [],
  ],
  ["a missing expiry date", snapshot("IIN", { products: [product({ expiryDateRequired: true })] }), [
    ["expiryDateRequired", 100, "error"],
  ]],
  ["a missing production date", snapshot("IIN", { products: [product({ productionDateRequired: true })] }), [
    ["productionDateRequired", 100, "error"],
  ]],
  ["a missing serial number", snapshot("IIN", { products: [product({ serialNumberRequired: true })] }), [
    ["serialNumberRequired", 100, "error"],
  ]],
  [
    "a release does not need the dates",
    snapshot("IOU", { products: [product({ expiryDateRequired: true })] }),
    [],
  ],
  ["an expired receipt", snapshot("IIN", { positions: [position({ expiryDate: "2026-05-31" })] }), [
    ["productExpired", 100, "error"],
  ]],
  [
    "an expired receipt, rule warn",
    snapshot("IIN", {
      positions: [position({ expiryDate: "2026-05-31" })],
      rules: { expiredOnReceipt: "warn" },
    }),
    [["productExpired", 100, "warning"]],
  ],
  [
    "an expired receipt, rule allow",
    snapshot("IIN", {
      positions: [position({ expiryDate: "2026-05-31" })],
      rules: { expiredOnReceipt: "allow" },
    }),
    [],
  ],
  [
    "a short expiry (30 days by default)",
    snapshot("IIN", { positions: [position({ expiryDate: "2026-06-20" })] }),
    [
      ["shortExpiry", 100, "warning"],
    ],
  ],
  [
    "a short expiry by the product's minimalExpDays",
    snapshot("IIN", {
      positions: [position({ expiryDate: "2026-06-20" })],
      products: [product({ minimalExpDays: 10 })],
    }),
    [],
  ],
  [
    "a short expiry, rule block",
    snapshot("IIN", {
      positions: [position({ expiryDate: "2026-06-20" })],
      rules: { shortExpiryOnReceipt: "block" },
    }),
    [["shortExpiry", 100, "error"]],
  ],
  ["a receipt locked on the product", snapshot("IIN", { products: [product({ lockIn: true })] }), [
    ["productLockedIn", 100, "error"],
  ]],
  ["a release locked on the product", snapshot("IOU", { products: [product({ lockOut: true })] }), [
    ["productLockedOut", 100, "error"],
  ]],
  ["a relocation locked on the product", snapshot("ARL", { products: [product({ lockRelocate: true })] }), [
    ["productLockedRelocate", 100, "error"],
  ]],
  ["a receipt only locked for release", snapshot("IIN", { products: [product({ lockOut: true })] }), []],
  ["a zero quantity", snapshot("IIN", { positions: [position({ quantity: 0 })] }), [[
    "quantityNotPositive",
    100,
    "error",
  ]]],
  ["more than the source holds", snapshot("IOU", { positions: [position({ quantity: 5001 })] }), [
    ["quantityAboveAvailable", 100, "error"],
  ]],
  ["exactly what the source holds", snapshot("IOU", { positions: [position({ quantity: 5000 })] }), []],
  [
    "two positions together above the stock",
    snapshot("IOU", {
      positions: [position({ id: 100, quantity: 3000 }), position({ id: 101, quantity: 3000 })],
    }),
    [["quantityAboveAvailable", 101, "error"]],
  ],
  [
    "a storage temperature outside the product's range",
    snapshot("IIN", {
      locations: [loc(10), loc(20, { temperature: 12 })],
      products: [product({ minTemperature: 2, maxTemperature: 8 })],
    }),
    [["temperatureUnsuitable", 100, "error"]],
  ],
  [
    "a storage temperature within the range",
    snapshot("IIN", {
      locations: [loc(10), loc(20, { temperature: 4 })],
      products: [product({ minTemperature: 2, maxTemperature: 8 })],
    }),
    [],
  ],
  [
    "a receipt into a bin too heavy for the rack above it, beside what the rack carries",
    snapshot("IIN", {
      locations: [loc(10), loc(20)],
      products: [product({ weight: 2.5 })],
      positions: [position({ id: 100, quantity: 9000 })],
      limits: rackOver(20, { capacityKg: 100, loadKg: 80 }),
      rules: { rackLoad: "block" },
    }),
    [["rackOverloaded", 100, "error"]],
  ],
  [
    "a receipt that fits the rack, and one of a product whose weight is not said",
    snapshot("IIN", {
      locations: [loc(10), loc(20)],
      products: [product({ weight: 2.5 }), product({ id: 2, index: "P2", weight: null })],
      positions: [position({ id: 100, quantity: 8000 }), position({ id: 101, productId: 2, quantity: 9000 })],
      limits: rackOver(20, { capacityKg: 100, loadKg: 80 }),
      rules: { rackLoad: "block" },
    }),
    [],
  ],
  [
    "a relocation within one full rack adds nothing to it",
    snapshot("CRL", {
      locations: [loc(10), loc(20)],
      products: [product({ weight: 5 })],
      positions: [position({ id: 100, quantity: 4000 })],
      limits: {
        of: new Map([[10, [7]], [20, [7]]]),
        holders: new Map([[7, { label: "RACK", capacityKg: 100, loadKg: 100 }]]),
      },
      rules: { rackLoad: "block" },
    }),
    [],
  ],
  [
    "an overloaded rack, rule warn (the default)",
    snapshot("IIN", {
      locations: [loc(10), loc(20)],
      products: [product({ weight: 2 })],
      positions: [position({ id: 100, quantity: 6000 })],
      limits: rackOver(20, { capacityKg: 10, loadKg: 0 }),
    }),
    [["rackOverloaded", 100, "warning"]],
  ],
  [
    "a storage temperature outside the range, rule warn",
    snapshot("IIN", {
      locations: [loc(10), loc(20, { temperature: -1 })],
      products: [product({ minTemperature: 2 })],
      rules: { storageTemperature: "warn" },
    }),
    [["temperatureUnsuitable", 100, "warning"]],
  ],
];

describe("each rule", () => {
  for (const [name, s, expected] of cases) it(name, () => expect(codes(s)).toEqual(expected));

  it("an expired line taken by a release is judged by the release rule", () => {
    const s = snapshot("IOU");
    s.stock[0].expiryDate = "2026-01-01";
    expect(codes(s)).toEqual([["productExpired", 100, "error"]]);
    s.rules.expiredOnRelease = "allow";
    expect(codes(s)).toEqual([]);
  });
});

describe("container relocation and allocation order", () => {
  it("a PRL must take all its container holds at the source", () => {
    const s = snapshot("PRL", {
      document: { sourceContainerId: 7 },
      positions: [position({ quantity: 3000 })],
    });
    s.stock[0].containerId = 7;
    expect(codes(s)).toEqual([["containerNotWhole", null, "error"]]);
    s.positions[0].quantity = 5000;
    expect(codes(s)).toEqual([]);
    // Another product in the container stays behind too.
    s.stock.push({ ...s.stock[0], id: 2, productId: 9, quantity: 1000 });
    expect(codes(s)).toEqual([["containerNotWhole", null, "error"]]);
  });

  it("a position naming an expiry date takes its line before one naming none takes FEFO", () => {
    const s = snapshot("IOU", {
      positions: [
        position({ id: 100, quantity: 2000 }),
        position({ id: 101, quantity: 1000, expiryDate: "2027-01-01" }),
      ],
    });
    s.stock = [
      { ...s.stock[0], id: 1, quantity: 1000, expiryDate: "2027-01-01" },
      { ...s.stock[0], id: 2, quantity: 2000, expiryDate: null },
    ];
    expect(codes(s)).toEqual([]);
  });

  it("a zone as the source gives FEFO from the bins it covers, in any container", () => {
    // Zone 10 covers bins 11 and 12; bin 13 is elsewhere. 5 units asked.
    const line = (
      id: number,
      locationId: number,
      quantity: number,
      expiryDate: string | null,
      containerId = null as number | null,
    ) => ({
      id,
      productId: 1,
      locationId,
      containerId,
      expiryDate,
      productionDate: null,
      serialNumber: null,
      quantity,
    });
    const stock = [
      line(1, 11, 2000, "2027-03-01"),
      line(2, 12, 2000, "2027-01-01", 7),
      line(3, 13, 9000, "2026-12-01"),
      line(4, 12, 4000, null),
    ];
    const s = snapshot("DOU", {
      positions: [position({ quantity: 5000 })],
      stock,
      zones: new Map([[10, new Set([10, 11, 12])]]),
    });
    expect(codes(s)).toEqual([]);
    const takes = allocateAll(s).get(100)!.takes.map((t) => [t.line.id, t.quantity]);
    // The earliest expiry first (bin 12's pallet), then bin 11, then what has no expiry; bin 13 never.
    expect(takes).toEqual([[2, 2000], [1, 2000], [4, 1000]]);
    // Above what the zone holds: the finding names what it has.
    s.positions[0].quantity = 9000;
    expect(codes(s)).toEqual([["quantityAboveAvailable", 100, "error"]]);
    // Without the zone, only the location itself gives (it holds nothing).
    s.zones = new Map();
    s.positions[0].quantity = 1000;
    expect(codes(s)).toEqual([["quantityAboveAvailable", 100, "error"]]);
  });
});

describe("product lookup", () => {
  it("one match, none, several", () => {
    expect(resolveProductCode("590", [{ id: 4, index: "A" }])).toEqual({ productId: 4 });
    expect(resolveProductCode("590", [])).toEqual({
      issue: {
        positionId: null,
        code: "document.issue.productNotFound",
        severity: "error",
        params: { code: "590" },
      },
    });
    const several = resolveProductCode("590", [{ id: 4, index: "B" }, { id: 5, index: "A" }]);
    expect(several).toMatchObject({
      issue: { code: "document.issue.productAmbiguous", params: { count: 2, products: "A, B" } },
    });
  });
});
