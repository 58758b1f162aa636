// Turns at a file's write lock between the thread that answers requests and a worker of the same process
// writing the file in slices (writer_gate.ts): a write of the answering thread waits for the worker's slice
// without holding up its thread (where SQLite's busy handler would sleep inside the statement), and the
// worker starts no slice while the answering thread writes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { filePathOf, LocalConnection } from "./local.ts";
import { gateOf, shareGate, WriterGate } from "./writer_gate.ts";
import { turn } from "../kernel/turn.ts";

let dir: string;
let url: string;
let conn: LocalConnection;
let worker: Worker;
let shared: ReturnType<typeof shareGate>;
const inbox: string[] = [];
const arrived: (() => void)[] = [];

/** The worker's next message of this kind (the ones before it are taken off). */
async function next(kind: string): Promise<void> {
  for (;;) {
    const i = inbox.indexOf(kind);
    if (i >= 0) {
      inbox.splice(0, i + 1);
      return;
    }
    await new Promise<void>((r) => arrived.push(r));
  }
}

beforeAll(async () => {
  dir = resolve(".test-data", `gate-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  url = `file:${join(dir, "t.db")}`;
  // Short: were the answering thread to wait in SQLite's busy handler, it would fail rather than wait.
  conn = new LocalConnection(url, { busyTimeoutMs: 1_000 });
  await conn.query("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
  shared = shareGate(filePathOf(url));
  worker = new Worker(new URL("../../tests/fixtures/gate_writer.ts", import.meta.url).href, {
    type: "module",
  });
  worker.onmessage = (e: MessageEvent<string>) => {
    inbox.push(e.data);
    for (const r of arrived.splice(0)) r();
  };
  worker.postMessage({ url, gate: shared.buffer });
  await next("ready");
});
afterAll(async () => {
  worker?.postMessage("close");
  await next("closed");
  worker?.terminate();
  shared?.done();
  await conn?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The worker answers `n` pings (its thread turns while it waits for its turn; so does this one). */
async function pings(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    worker.postMessage("ping");
    await next("pong");
  }
}

/** The worker's slice commits and gives its turn back. */
async function commitSlice(): Promise<void> {
  worker.postMessage("commit");
  await next("committed");
}

const names = async () =>
  (await conn.db.values<[string]>(sql`SELECT name FROM items ORDER BY id`)).map(([n]) => n);

describe("a file written by a worker in slices", () => {
  it("a write of the answering thread waits for the slice, its thread answering meanwhile, and goes in after it", async () => {
    worker.postMessage("take");
    await next("taken");
    let written = false;
    const write = conn.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO items (name) VALUES ('request')`);
    }).then(() => (written = true));
    // The thread turns: reads answer (the worker's row not yet committed) and the worker's messages arrive,
    // while the write waits for the slice well past the connection's busy timeout.
    for (let i = 0; i < 5; i++) {
      expect(await names()).not.toContain("worker");
      await pings(1);
    }
    expect(written).toBe(false);
    // The worker sees that a write waits (a count's slice then ends after its chunk under way).
    const seen = new WriterGate(shared.buffer);
    expect(seen.wanted()).toBe(true);
    await commitSlice();
    await write;
    expect(seen.wanted()).toBe(false);
    expect(await names()).toEqual(["worker", "request"]);
  });

  it("the worker starts no slice while the answering thread writes, and starts it when the write ends", async () => {
    let finish!: () => void;
    const held = new Promise<void>((r) => (finish = r));
    let began!: () => void;
    const beganNow = new Promise<void>((r) => (began = r));
    const write = conn.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO items (name) VALUES ('long request')`);
      began();
      await held;
    });
    await beganNow;
    // Nothing waits for the write yet; then the worker does, which a long write in slices (an import's) is
    // told by the connection, as it is of its own thread's waiting writes: it ends its slice.
    expect(conn.waited).toBe(false);
    worker.postMessage("take");
    await next("waiting");
    await expect.poll(() => conn.waited).toBe(true);
    await pings(5);
    expect(inbox).not.toContain("taken");
    expect(conn.waited).toBe(true);
    finish();
    await write;
    await next("taken");
    // Its turn taken, the worker waits no more.
    expect(conn.waited).toBe(false);
    await commitSlice();
    expect((await names()).slice(-2)).toEqual(["long request", "worker"]);
  });

  it("a write outside a transaction waits for the slice the same way", async () => {
    worker.postMessage("take");
    await next("taken");
    let written = false;
    const write = conn.db.run(sql`INSERT INTO items (name) VALUES ('single')`).then(() => (written = true));
    await pings(1);
    expect(written).toBe(false);
    await commitSlice();
    await write;
    expect((await names()).slice(-2)).toEqual(["worker", "single"]);
  });

  it("is shared while a worker writes and forgotten after, its turn given back if the worker ended in it", () => {
    const path = filePathOf(url);
    const again = shareGate(path);
    expect(gateOf(path)?.buffer).toBe(shared.buffer);
    again.done();
    expect(gateOf(path)).toBeDefined();
    const other = join(dir, "other.db");
    const ended = shareGate(other);
    const cells = new Int32Array(ended.buffer);
    Atomics.store(cells, 1, ended.id); // a worker terminated in its slice
    ended.done();
    expect(Atomics.load(cells, 1)).toBe(0);
    expect(gateOf(other)).toBeUndefined();
  });

  it("lets one worker's slice at a time hold the lock: two counts of one file take turns", async () => {
    const gate = new WriterGate();
    expect(await gate.hold(1)).toBe(true);
    let second = false;
    const waiting = gate.hold(2).then((held) => (second = held));
    for (let i = 0; i < 5; i++) await turn();
    expect(second).toBe(false);
    gate.release(2); // not its turn to give back: nothing happens
    for (let i = 0; i < 5; i++) await turn();
    expect(second).toBe(false);
    gate.release(1);
    await waiting;
    expect(second).toBe(true);
    gate.release(2);
  });
});
