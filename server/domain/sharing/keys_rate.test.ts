// An API key's request rate: a bucket per tenant database and access, so that two servers in one process
// (whose tenant and access ids may be the same numbers) never draw from one bucket.
import { describe, expect, it } from "vitest";
import { API_KEY_BURST, takeRequest } from "./keys.ts";

describe("an API key's rate", () => {
  it("refuses past its burst, by tenant database and access", () => {
    const a = { dbUrl: "file:/data-a/tenants/acme.db" };
    const b = { dbUrl: "file:/data-b/tenants/acme.db" };
    for (let i = 0; i < API_KEY_BURST; i++) takeRequest(a, 1, 1000);
    expect(() => takeRequest(a, 1, 1000)).toThrow(
      expect.objectContaining({ code: "sharedAccess.rateLimited" }),
    );
    // The same access id in another tenant database (another server's tenant 1) is not held back.
    expect(() => takeRequest(b, 1, 1000)).not.toThrow();
    expect(() => takeRequest(a, 2, 1000)).not.toThrow();
  });
});
