// The per-user call rate: a bucket per server and user, refilling over time; two servers in one process
// (tests, a front and its workers' own settings) keep buckets of their own, since tenant ids are a server's.
import { describe, expect, it } from "vitest";
import { takeUserCall } from "./user_rate.ts";

const limited = expect.objectContaining({ code: "request.rateLimited" });

describe("the per-user call rate", () => {
  it("refuses past the burst with 429's code, and refills at the rate", () => {
    const server = { apiUserBurst: 3, apiUserPerSecond: 1 };
    for (let i = 0; i < 3; i++) takeUserCall(server, 1, 7, 1000);
    expect(() => takeUserCall(server, 1, 7, 1000)).toThrow(limited);
    // Another user of the tenant has a bucket of their own.
    expect(() => takeUserCall(server, 1, 8, 1000)).not.toThrow();
    // A second later, one call more.
    expect(() => takeUserCall(server, 1, 7, 2001)).not.toThrow();
    expect(() => takeUserCall(server, 1, 7, 2001)).toThrow(limited);
  });

  it("keeps each server's buckets apart: tenant 1 of one is not tenant 1 of another", () => {
    const one = { apiUserBurst: 2, apiUserPerSecond: 1 };
    const other = { apiUserBurst: 2, apiUserPerSecond: 1 };
    takeUserCall(one, 1, 1, 5000);
    takeUserCall(one, 1, 1, 5000);
    expect(() => takeUserCall(one, 1, 1, 5000)).toThrow(limited);
    expect(() => takeUserCall(other, 1, 1, 5000)).not.toThrow();
  });
});
