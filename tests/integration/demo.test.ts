import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startServer, type TestServer } from "../fixtures/harness.ts";
import { seedDemo } from "../../tenants/demo.ts";
import { decodeJwt } from "jose";

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ demoPassword: "demo-pass-9" });
});
afterAll(() => s.close());

describe("demo tenant", () => {
  it("is created once with the five demo users, and a second run keeps the data", async () => {
    expect(await seedDemo(s.platform)).toEqual({ created: true });
    const roles: Record<string, Record<string, string>> = {
      admin: { IsSuperUser: "True" },
      manager: { IsSuperUser: "False", IsPowerUser: "True" },
      user: { IsSuperUser: "False", IsPowerUser: "False", LogisticsEnabled: "True" },
      terminal: { IsSuperUser: "False", TerminalEnabled: "True", LogisticsEnabled: "False" },
      contractor: { IsSuperUser: "False", ContractorPortalEnabled: "True", LogisticsEnabled: "False" },
    };
    const tokens: Record<string, string> = {};
    for (const [username, claims] of Object.entries(roles)) {
      const r = await call(s, "POST", "/api/Auth", { body: { username, password: "demo-pass-9" } });
      expect(r.status, username).toBe(200);
      expect(decodeJwt(r.body.token)).toMatchObject(claims);
      tokens[username] = r.body.token;
    }
    // The contractor user is tied to a contractor company: the token says which, and the menu is the portal's.
    const contractorId = decodeJwt(tokens.contractor).contractorId;
    expect(contractorId).toMatch(/^\d+$/);
    const startup = await call(s, "GET", "/api/config/getuserstartupconfig", { token: tokens.contractor });
    expect(startup.body.drawerSections.map((d: { code: string }) => d.code)).toEqual([
      "favorites",
      "contractorPortal",
    ]);
    expect(startup.body.user.connectedContractorId).toBe(Number(contractorId));
    // Data made after the first run survives the second.
    const put = await call(s, "PATCH", "/api/config/changeuserconfig", {
      token: tokens.manager,
      body: { paramName: "defaultLanguage", paramValue: "de-de" },
    });
    expect(put.status).toBe(200);
    expect(await seedDemo(s.platform)).toEqual({ created: false });
    const me = await call(s, "GET", `/api/User/${decodeJwt(tokens.manager).nameid}`, {
      token: tokens.manager,
    });
    expect(me.body.defaultLanguage).toBe("de-de");
    const list = await call(s, "GET", "/api/User?PageSize=100", { token: tokens.admin });
    expect(list.body.allFilteredRowCount).toBe(5);
  });
});
