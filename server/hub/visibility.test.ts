// Who hears of which record: the hub's rule table, case by case.
import { describe, expect, it } from "vitest";
import type { Actor } from "../kernel/context.ts";
import { canSee, type RecordRef } from "./visibility.ts";

function actor(userId: number, roles: Partial<Actor> = {}): Actor {
  return {
    userId,
    username: `user${userId}`,
    tenantId: 1,
    sessionId: "s",
    isSuperUser: false,
    isPowerUser: false,
    logisticsEnabled: false,
    terminalEnabled: false,
    shippingEnabled: false,
    transportEnabled: false,
    contractorPortalEnabled: false,
    contractorId: null,
    ...roles,
  };
}

const admin = actor(1, { isSuperUser: true });
const manager = actor(2, { isPowerUser: true });
const basic = actor(3);
const contractor = actor(4, { contractorId: 9, contractorPortalEnabled: true });

const cases: [string, Actor, string, RecordRef, boolean][] = [
  ["an administrator, any user", admin, "User", { id: 3 }, true],
  ["a business manager, another user", manager, "User", { id: 3 }, false],
  ["a basic user, themself", basic, "User", { id: 3 }, true],
  ["a basic user, another user", basic, "User", { id: 1 }, false],
  ["a contractor user, the account", contractor, "ClientAccount", { id: 1 }, true],
  ["a basic user, the logistics configuration", basic, "ClientLogisticsConfig", { id: 1 }, true],
  ["the owner, their favorite", basic, "FavoriteAction", { id: 5, ownerId: 3 }, true],
  ["an administrator, someone's favorite", admin, "FavoriteAction", { id: 5, ownerId: 3 }, false],
  ["anyone, a favorite of unknown owner", basic, "FavoriteAction", { id: 5 }, false],
  ["a basic user, a product", basic, "Product", { id: 1 }, true],
  ["a contractor user, a product", contractor, "Product", { id: 1 }, false],
  ["a business manager, an exchange rate", manager, "ExchangeRate", { id: 1 }, true],
  ["a contractor user, an exchange rate", contractor, "ExchangeRate", { id: 1 }, false],
  ["a basic user, a warehouse document", basic, "WmsDocument", { id: 1 }, true],
  ["a contractor user, a warehouse document", contractor, "WmsDocument", { id: 1 }, false],
  ["a contractor user, a document position", contractor, "WmsDocumentPosition", { id: 1 }, false],
  ["a basic user, a container", basic, "Container", { id: 1 }, true],
  ["a contractor user, a container", contractor, "Container", { id: 1 }, false],
  ["an administrator, a resource without a rule", admin, "UnpublishedResource", { id: 1 }, false],
  ["an administrator, a lookalike of a rule's name", admin, "toString", { id: 1 }, false],
];

describe("visibility rules", () => {
  for (const [name, viewer, resource, record, expected] of cases) {
    it(`${name}: ${expected ? "sees" : "does not see"} it`, () => {
      expect(canSee(viewer, resource, record)).toBe(expected);
    });
  }
});
