// The queue behind the security log and API keys' use log: rows of a tenant written together, in order, and
// a failed write tried again with the next flush, a few times, before its rows go.
import { describe, expect, it } from "vitest";
import { TenantBatches } from "./batches.ts";
import type { Tenant } from "../tenancy/registry.ts";

const tenant = (id: number) => ({ id }) as Tenant;
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 2000 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(ok()).toBe(true);
};

describe("TenantBatches", () => {
  it("writes each tenant's rows together and in order, at once past flushAt", async () => {
    const written: [number, number[]][] = [];
    const b = new TenantBatches<number>((t, rows) => Promise.resolve(void written.push([t.id, rows])), {
      flushMs: 5,
      flushAt: 3,
      what: "test",
    });
    b.add(tenant(1), 1);
    b.add(tenant(2), 10);
    b.add(tenant(1), 2);
    await until(() => written.length === 2);
    expect(written.sort((a, c) => a[0] - c[0])).toEqual([[1, [1, 2]], [2, [10]]]);
    b.add(tenant(1), 3, 4, 5);
    await until(() => written.length === 3);
    expect(written[2]).toEqual([1, [3, 4, 5]]);
    await b.close();
  });

  it("tries a failed write again before what came meanwhile, and gives up after a few failures", async () => {
    const written: number[][] = [];
    let failing = 2;
    const errors: unknown[] = [];
    const b = new TenantBatches<number>(
      (_t, rows) => {
        if (failing-- > 0) return Promise.reject(new Error("tenant moving"));
        written.push(rows);
        return Promise.resolve();
      },
      { flushMs: 5, flushAt: 100, what: "test" },
    );
    b.add(tenant(1), 1, 2);
    await until(() => failing < 0 || written.length > 0);
    b.add(tenant(1), 3);
    await until(() => written.flat().length === 3);
    expect(written.flat()).toEqual([1, 2, 3]);

    failing = Infinity;
    const log = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      b.add(tenant(1), 4);
      await until(() => errors.length === 1);
      expect(String((errors[0] as unknown[])[0])).toMatch(/test: 1 rows of tenant 1 were not written/);
    } finally {
      console.error = log;
    }
    await b.close();
  });
});
