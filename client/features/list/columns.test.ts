// How the list lays its columns out: the metadata's key columns first and pinned while they leave the rest
// room, their text columns giving up width so that the keys fit, headers on two lines, and a row's card.
import { describe, expect, it } from "vitest";
import type { FieldMeta } from "./meta.ts";
import {
  cardLines,
  fitKeys,
  keyColumns,
  MIN_SHRUNK,
  orderColumns,
  pinnedCount,
  twoLineWidth,
} from "./columns.ts";
import { inventoryMeta } from "../../../shared/resources/inventory.ts";
import { wmsDocumentMeta } from "../../../server/domain/stock/documents/entity.ts";
import { companyMeta } from "../../../server/domain/parties/companies/entity.ts";

const field = (name: string, kind: FieldMeta["kind"], key?: number): FieldMeta => ({
  name,
  kind,
  labelKey: `field.test.${name}`,
  list: { visible: true, ...(key === undefined ? {} : { key }) },
});
const names = (fields: readonly FieldMeta[]) => fields.map((f) => f.name);
const shown = (fields: readonly FieldMeta[]) => fields.filter((f) => f.list?.visible);

describe("key columns", () => {
  it("come first in their rank's order, the others after them as declared", () => {
    const columns = [
      field("location", "text", 3),
      field("container", "text"),
      field("quantity", "number", 4),
      field("index", "text", 1),
      field("expiry", "date"),
      field("name", "text", 2),
    ];
    expect(names(keyColumns(columns))).toEqual(["index", "name", "location", "quantity"]);
    expect(names(orderColumns(columns))).toEqual([
      "index",
      "name",
      "location",
      "quantity",
      "container",
      "expiry",
    ]);
  });

  it("are the entities' declared ones: the detailed inventory's quantity, unit, value and weight among them", () => {
    expect(names(keyColumns(shown(inventoryMeta.fields)))).toEqual([
      "productIndex",
      "productName",
      "locationLabel",
      "quantity",
      "unit",
      "overallValue",
      "overallWeight",
    ]);
    expect(names(keyColumns(shown(wmsDocumentMeta.fields)))).toEqual([
      "documentNumber",
      "typeCode",
      "statusCode",
      "contractorId",
    ]);
    expect(names(keyColumns(shown(companyMeta.fields)))).toEqual(["shortName", "keyRole", "addressId"]);
  });

  it("of a list that ranks none are its first column, and the second when both are texts", () => {
    expect(names(keyColumns([field("code", "text"), field("name", "text"), field("n", "number")])))
      .toEqual(["code", "name"]);
    expect(names(keyColumns([field("code", "text"), field("n", "number")]))).toEqual(["code"]);
    expect(keyColumns([])).toEqual([]);
  });

  it("hidden by the column chooser are left out, the others keep their ranks", () => {
    const columns = [field("index", "text", 1), field("quantity", "number", 3)];
    expect(names(keyColumns(columns))).toEqual(["index", "quantity"]);
  });
});

describe("a row's card", () => {
  it("has the identifier and its name on the first line, the quantity and status on the second", () => {
    const lines = cardLines([
      field("quantity", "number", 3),
      field("name", "text", 2),
      field("index", "text", 1),
      field("status", "enum", 4),
      field("note", "text"),
    ]);
    expect(names(lines.first)).toEqual(["index", "name"]);
    expect(names(lines.second)).toEqual(["quantity", "status"]);
  });

  it("keeps a second key that is not a text (a document's type) off the first line", () => {
    const lines = cardLines(shown(wmsDocumentMeta.fields));
    expect(names(lines.first)).toEqual(["documentNumber"]);
    expect(names(lines.second)).toEqual(["typeCode", "statusCode", "contractorId"]);
  });
});

describe("pinning", () => {
  const columns = [
    field("index", "text", 1),
    field("name", "text", 2),
    field("quantity", "number", 3),
    field("a", "text"),
    field("b", "text"),
  ];
  const width = (c: FieldMeta) => ({ index: 100, name: 300, quantity: 100, a: 200, b: 200 })[c.name]!;

  it("pins nothing when every column fits", () => {
    expect(pinnedCount(columns, 3, width, 48, 1000)).toBe(0);
  });

  it("pins the leading keys while with the row check they take at most 60% of the width", () => {
    // 948 in 900: 60% is 540, which holds the check, the index and the name (448), not the quantity (548).
    expect(pinnedCount(columns, 3, width, 48, 900)).toBe(2);
    expect(pinnedCount(columns, 3, width, 48, 920)).toBe(3);
    // 60% of 700 = 420: the index and the name (448) do not both fit, the index does.
    expect(pinnedCount(columns, 3, width, 48, 700)).toBe(1);
    // Too narrow for even the first key beside room to scroll.
    expect(pinnedCount(columns, 3, width, 48, 200)).toBe(0);
  });

  it("pins nothing before the grid is laid out", () => {
    expect(pinnedCount(columns, 3, width, 48, 0)).toBe(0);
  });
});

describe("fitting the keys", () => {
  const keys = [field("index", "text", 1), field("name", "text", 2), field("quantity", "number", 3)];
  const width = (c: FieldMeta) => ({ index: 200, name: 360, quantity: 150 })[c.name]!;

  it("leaves the widths alone when the keys fit", () => {
    expect(fitKeys(keys, width, () => 0, 48, 1000)).toEqual({});
  });

  it("takes the missing width from the text keys, in proportion to what they have above the floor", () => {
    // 48 + 200 + 360 + 150 = 758 in 658: 100 to give, by the index (60 above the floor of 140) and the
    // name (220 above it) in proportion.
    const fitted = fitKeys(keys, width, () => 0, 48, 658);
    expect(MIN_SHRUNK).toBe(140);
    expect(fitted.quantity).toBeUndefined();
    expect(fitted.index! + fitted.name! + 150 + 48).toBeLessThanOrEqual(658);
    expect(fitted.index).toBe(Math.floor(200 - 100 * 60 / 280));
    expect(fitted.name).toBe(Math.floor(360 - 100 * 220 / 280));
  });

  it("never narrower than a header: its label stays whole", () => {
    const header = (c: FieldMeta) => (c.name === "index" ? 190 : 0);
    const fitted = fitKeys(keys, width, header, 48, 658);
    expect(fitted.index).toBe(Math.floor(200 - 100 * 10 / 230));
    expect(fitted.name).toBe(Math.floor(360 - 100 * 220 / 230));
  });

  it("never below the floor: a narrow grid keeps readable names and scrolls", () => {
    const fitted = fitKeys(keys, width, () => 0, 48, 300);
    expect(fitted).toEqual({ index: MIN_SHRUNK, name: MIN_SHRUNK });
  });
});

describe("a header's label", () => {
  // Each character 10 px wide.
  const measure = (text: string) => text.length * 10;

  it("takes the longer half of its best break between words", () => {
    expect(twoLineWidth("Price in the chosen currency", measure)).toBe(150); // "chosen currency"
    expect(twoLineWidth("Product index", measure)).toBe(70); // "Product"
  });

  it("of one word is as wide as the word", () => {
    expect(twoLineWidth("Menge", measure)).toBe(50);
  });
});
