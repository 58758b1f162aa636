// The job pool on real worker threads: a job's result and its AppError come back; a job past its time
// limit or filling its heap is ended with its caller's refusal and its worker replaced; owners take turns,
// so one tenant's queue of jobs does not keep another's waiting behind all of it.
import { afterEach, describe, expect, it } from "vitest";
import { JobPool } from "./pool.ts";
import { seal, transferOf, unseal } from "./contract.ts";
import { AppError } from "../errors.ts";

const job = new URL("../../../tests/fixtures/sample_job.ts", import.meta.url).href;
const refusal = { code: "import.fileTooLarge" as const };
let pool: JobPool;
afterEach(() => pool?.close());

describe("the job pool", () => {
  it("answers a job's result (its bytes handed over) and its AppError as thrown", async () => {
    pool = new JobPool({ size: 1, memoryMb: 128, timeoutMs: 10_000 });
    const { bytes } = await pool.run<{ bytes: Uint8Array }>({
      module: job,
      input: { kind: "bytes" },
      owner: "a",
      refusal,
    });
    expect([bytes.byteLength, bytes[0]]).toEqual([1 << 20, 7]);
    const err = await pool.run<never>({ module: job, input: { kind: "refuse" }, owner: "a", refusal }).catch((
      e,
    ) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe("import.fileUnreadable");
  });

  it("hands a job an upload's bytes at once, a 20 MB typed array as fast as its buffer", async () => {
    pool = new JobPool({ size: 1, memoryMb: 256, timeoutMs: 20_000 });
    await pool.run({ module: job, input: { kind: "sleep", ms: 1 }, owner: "a", refusal });
    for (const size of [20 << 20, 5 << 20]) {
      const bytes = new Uint8Array(size).fill(0x79);
      const got = await pool.run<number>({
        module: job,
        input: { kind: "size", bytes },
        transfer: [bytes.buffer],
        owner: "a",
        refusal,
      });
      // Handed over, never walked or copied: the caller's buffer is detached (walked index by index, as node's
      // listener did, took 9 s for 20 MB). The time, under a second, is bounded by `deno task bench parse_costs`.
      expect([got, bytes.buffer.byteLength]).toEqual([size, 0]);
    }
  });

  it("seals a value as one buffer and its handed buffers, copying what the caller still holds", () => {
    const text = "y".repeat(1 << 20);
    const lengths = new Uint32Array([1, 2, 3]);
    const kept = new Uint8Array(8).fill(1);
    const pooled = new Uint8Array(new ArrayBuffer(64), 8, 16);
    const sealed = seal({ text, lengths, kept, pooled, files: [new ArrayBuffer(4)], n: 1 }, [lengths.buffer]);
    // The text is in the serialised rest; the handed array is the same object; the others are copies.
    expect(sealed.rest).toBeInstanceOf(ArrayBuffer);
    expect(sealed.rest.byteLength).toBeGreaterThan(1 << 20);
    expect(sealed.fields.lengths).toBe(lengths);
    expect([sealed.fields.kept === kept, sealed.fields.pooled === pooled]).toEqual([false, false]);
    expect(transferOf(sealed)).toContain(lengths.buffer);
    expect(transferOf(sealed)).not.toContain(kept.buffer);
    const back = unseal(sealed) as Record<string, unknown>;
    expect([back.text, back.n, Array.from(back.pooled as Uint8Array)]).toEqual([text, 1, Array(16).fill(0)]);
    // A result (no list of handed buffers): its own whole buffers go as they are.
    const pdf = new Uint8Array(10);
    expect(seal(pdf).whole).toBe(pdf);
    expect(unseal(seal("plain"))).toBe("plain");
  });

  it("takes a job sealed and answers it sealed, as the front relays a shard's", async () => {
    pool = new JobPool({ size: 1, memoryMb: 128, timeoutMs: 10_000 });
    const bytes = new Uint8Array(3 << 20);
    const sealed = seal({ kind: "size", bytes }, [bytes.buffer]);
    const answer = await pool.run<ReturnType<typeof seal>>({
      module: job,
      input: undefined,
      sealed,
      keepSealed: true,
      owner: "a",
      refusal,
    });
    expect(answer.rest).toBeInstanceOf(ArrayBuffer);
    expect(unseal(answer)).toBe(3 << 20);
    const { bytes: made } = unseal(
      await pool.run({
        module: job,
        input: undefined,
        sealed: seal({ kind: "bytes" }),
        keepSealed: true,
        owner: "a",
        refusal,
      }),
    ) as { bytes: Uint8Array };
    expect(made.byteLength).toBe(1 << 20);
  });

  it("ends a job past its time limit with the caller's refusal, on a worker it replaces", async () => {
    pool = new JobPool({ size: 1, memoryMb: 128, timeoutMs: 10_000 });
    const first = await pool.run<number>({ module: job, input: { kind: "thread" }, owner: "a", refusal });
    const err = await pool.run<never>({
      module: job,
      input: { kind: "loop" },
      owner: "a",
      refusal,
      timeoutMs: 300,
    })
      .catch((e) => e as AppError);
    // The job's own limit (0.3 s) ended it, not the pool's (10 s); how soon after it (under 2 s) is bounded
    // by `deno task bench parse_costs`.
    expect(err.details.params?.seconds).toBe(0.3);
    expect([err.code, err.status, err.details.params?.variant, err.details.params?.exceeded])
      .toEqual(["import.fileTooLarge", 413, "tooCostly", "time"]);
    const next = await pool.run<number>({ module: job, input: { kind: "thread" }, owner: "a", refusal });
    expect(next).not.toBe(first);
    expect([pool.started, pool.recycled]).toEqual([2, 1]);
  });

  it("holds a job to its heap: one that fills it is refused and the pool goes on", async () => {
    pool = new JobPool({ size: 1, memoryMb: 64, timeoutMs: 5_000 });
    const err = await pool.run<never>({ module: job, input: { kind: "fill" }, owner: "a", refusal }).catch((
      e,
    ) => e as AppError);
    // V8 stops the heap at its limit: the job dies of it, or spends the rest of its time collecting garbage.
    expect([err.code, err.details.params?.variant]).toEqual(["import.fileTooLarge", "tooCostly"]);
    expect(await pool.run({ module: job, input: { kind: "sleep", tag: "after" }, owner: "a", refusal }))
      .toBe("after");
  }, 20_000);

  it("runs one job of an owner at a time and lets owners take turns", async () => {
    pool = new JobPool({ size: 1, memoryMb: 128, timeoutMs: 10_000 });
    const order: string[] = [];
    const sleep = (owner: string, tag: string) =>
      pool.run<string>({ module: job, input: { kind: "sleep", ms: 30, tag }, owner, refusal })
        .then((t) => order.push(t));
    const flood = ["a1", "a2", "a3", "a4", "a5"].map((t) => sleep("a", t));
    const other = sleep("b", "b1");
    await Promise.all([...flood, other]);
    // b's job goes right after the one of a's that was running when it came.
    expect(order.indexOf("b1")).toBe(1);
    expect(order.filter((t) => t.startsWith("a"))).toEqual(["a1", "a2", "a3", "a4", "a5"]);
  });
});
