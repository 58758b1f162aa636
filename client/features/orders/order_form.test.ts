// Each order type's new-order form shows that type's own header fields only (issue 31: a receipt showed a
// count's "Location counted" and "Products counted"), as the order definitions the server sends say.
import { describe, expect, it } from "vitest";
import { wmsOrderMeta } from "../../../server/domain/orders/entity.ts";
import { wmsOrderDefinitions } from "../../../server/domain/config/definitions.ts";
import { firstOrderType, offeredOrderTypes, orderFormMeta } from "./order_form.ts";
import type { OrderDefinition } from "../../state.ts";

const definitions = wmsOrderDefinitions as unknown as OrderDefinition[];
const form = (typeCode: string, enabled?: Record<string, boolean>) =>
  orderFormMeta(wmsOrderMeta, definitions, enabled, typeCode);
const names = (typeCode: string) => form(typeCode).fields.map((f) => f.name);

describe("the new-order form", () => {
  it("shows a receipt where the goods go, never a count's scope or an offer's terms", () => {
    expect(names("OIN")).toEqual([
      "typeCode",
      "contractorId",
      "destinationLocationId",
      "priority",
      "plannedDate",
      "deadline",
      "assignedUserId",
      "comment",
      "unpackBy",
    ]);
    expect(names("OOU")).toContain("sourceLocationId");
    expect(names("OOU")).not.toContain("destinationLocationId");
    expect(names("OPI")).toEqual(expect.arrayContaining(["sourceLocationId", "destinationLocationId"]));
    for (const type of ["OIN", "OOU", "OPI", "VER-A"]) {
      expect(names(type), type).not.toContain("scopeLocationId");
      expect(names(type), type).not.toContain("scopeProductIds");
    }
  });

  it("shows each count its own scope, required", () => {
    expect(names("VER-A")).toEqual([
      "typeCode",
      "priority",
      "plannedDate",
      "deadline",
      "assignedUserId",
      "comment",
    ]);
    const byLocation = form("VER-L").fields.find((f) => f.name === "scopeLocationId");
    expect(byLocation?.form?.required).toBe("add");
    expect(names("VER-L")).not.toContain("scopeProductIds");
    expect(form("VER-P").fields.find((f) => f.name === "scopeProductIds")?.form?.required).toBe("add");
    expect(form("VER-C").fields.find((f) => f.name === "contractorId")?.form?.required).toBe("add");
    // A receipt's contractor is optional.
    expect(form("OIN").fields.find((f) => f.name === "contractorId")?.form?.required).toBeUndefined();
    expect(names("VER-C")).not.toContain("sourceLocationId");
  });

  it("offers the types a user makes: no production, none the configuration switched off", () => {
    const options = (enabled?: Record<string, boolean>) =>
      form("OIN", enabled).fields.find((f) => f.name === "typeCode")?.options;
    expect(options()).toEqual(["OIN", "OOU", "OPI", "VER-A", "VER-P", "VER-C", "VER-L"]);
    expect(options({ OIN: false, "VER-C": false })).toEqual(["OOU", "OPI", "VER-A", "VER-P", "VER-L"]);
    expect(offeredOrderTypes(definitions, undefined).some((d) => d.kind === "production")).toBe(false);
    expect(firstOrderType(definitions, { OIN: false })).toBe("OOU");
  });
});
