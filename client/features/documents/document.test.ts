// What the document screens read from the startup config: the types a new document may have, and the
// actions a status allows.
import { describe, expect, it } from "vitest";
import type { StartupConfig } from "../../state.ts";
import { wmsDocumentActions, wmsDocumentDefinitions } from "../../../server/domain/config/definitions.ts";
import { actionsFor, canKeepDocuments, enabledTypes } from "./document.ts";

function startup(
  user: Partial<StartupConfig["user"]>,
  enabled: Record<string, boolean> = {},
): StartupConfig {
  return {
    user: {
      id: 1,
      username: "u",
      visibleName: null,
      defaultLanguage: null,
      isSuperUser: false,
      isPowerUser: false,
      settings: {},
      ...user,
    },
    drawerSections: [],
    clientAccount: { appTitle: null, invoiceName: "" },
    tenant: { slug: "t", companyName: "T" },
    wmsDocumentDefinitions: structuredClone(
      wmsDocumentDefinitions,
    ) as unknown as StartupConfig["wmsDocumentDefinitions"],
    wmsDocumentActions: structuredClone(wmsDocumentActions) as unknown as StartupConfig["wmsDocumentActions"],
    clientLogisticsConfig: { documentTypesEnabled: enabled },
  };
}

describe("document types of a new document", () => {
  it("are the enabled ones not made from orders", () => {
    const codes = enabledTypes(startup({}, { DOU: false })).map((d) => d.typeCode);
    expect(codes).toEqual(["DIN", "IIN", "IOU", "ARL", "PRL"]);
  });
});

describe("document actions", () => {
  it("follow the status; printing is not offered here", () => {
    const s = startup({});
    expect(actionsFor(s, "workingCopy").map((a) => a.code)).toEqual(["edit", "confirm", "delete"]);
    expect(actionsFor(s, "confirmed").map((a) => a.code)).toEqual(["revert"]);
    expect(actionsFor(s, "reverted")).toEqual([]);
  });

  it("are for staff with logistics and administrators, never for a contractor's user", () => {
    expect(canKeepDocuments(null)).toBe(null);
    expect(canKeepDocuments(startup({}))).toBe(false);
    expect(canKeepDocuments(startup({ logisticsEnabled: true }))).toBe(true);
    expect(canKeepDocuments(startup({ isSuperUser: true }))).toBe(true);
    expect(canKeepDocuments(startup({ logisticsEnabled: true, connectedContractorId: 4 }))).toBe(false);
  });
});
