// The per-user call rate: a bucket per server and user, refilling over time; two servers in one process
// (tests, a front and its workers' own settings) keep buckets of their own, since tenant ids are a server's.
import { describe, expect, it } from "vitest";
import { takeUserCall } from "./user_rate.ts";
import { AppError } from "../kernel/errors.ts";

const refused = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
};

describe("the per-user call rate", () => {
  it("refuses past the burst with 429's code, and refills at the rate", () => {
    const server = { apiUserBurst: 3, apiUserPerSecond: 1 };
    for (let i = 0; i < 3; i++) expect(refused(() => takeUserCall(server, 1, 7, 1000))).toBeNull();
    expect(refused(() => takeUserCall(server, 1, 7, 1000))).toBe("request.rateLimited");
    // Another user of the tenant has a bucket of their own.
    expect(refused(() => takeUserCall(server, 1, 8, 1000))).toBeNull();
    // A second later, one call more.
    expect(refused(() => takeUserCall(server, 1, 7, 2001))).toBeNull();
    expect(refused(() => takeUserCall(server, 1, 7, 2001))).toBe("request.rateLimited");
  });

  it("keeps each server's buckets apart: tenant 1 of one is not tenant 1 of another", () => {
    const one = { apiUserBurst: 2, apiUserPerSecond: 1 };
    const other = { apiUserBurst: 2, apiUserPerSecond: 1 };
    takeUserCall(one, 1, 1, 5000);
    takeUserCall(one, 1, 1, 5000);
    expect(refused(() => takeUserCall(one, 1, 1, 5000))).toBe("request.rateLimited");
    expect(refused(() => takeUserCall(other, 1, 1, 5000))).toBeNull();
  });
});
