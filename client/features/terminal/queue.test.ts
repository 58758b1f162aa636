// The terminal's queue against the real server (decision 0009): steps sent in order with their keys, a
// document made offline named by its local id until it exists, a network failure leaving everything to
// send later (and a step that reached the server answered, not done twice), a refusal kept and holding
// back its task's later steps while other tasks go on, retried or dropped by the operator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  location,
  product,
  receive,
  startStockWorld,
  stockAt,
  type StockWorld,
} from "../../../tests/integration/stock/fixture.ts";
import { type Caller, MAX_ATTEMPTS, MemoryQueueStore, Queue } from "./queue.ts";

let w: StockWorld;
let dock: number;
let tea: number;

beforeAll(async () => {
  w = await startStockWorld("queue");
  dock = await location(w, "Q-DOCK");
  tea = await product(w, "Q-TEA");
});
afterAll(() => w?.s.close());

/** The terminal's call: the real server, the key as the header; a refusal as {status, code, message}. */
const online: Caller = async (method, path, body, key) => {
  const r = await fetch(`${w.s.baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${w.admin}`,
      "Idempotency-Key": key,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await r.json();
  if (!r.ok) throw { status: r.status, code: answer.error.code, message: answer.error.message };
  return answer;
};
const offline: Caller = () => Promise.reject(new TypeError("Failed to fetch"));

describe("the terminal's queue", () => {
  it("sends a receipt made offline in order, its document named by a local id until it exists", async () => {
    const store = new MemoryQueueStore();
    let caller = offline;
    const q = new Queue(store, "t:1", (...a) => caller(...a));
    await q.enqueue({
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode: "IIN" },
      makes: "d1",
      task: "A",
      label: "new",
    });
    await q.enqueue({
      method: "POST",
      path: "/WmsDocumentPosition",
      body: { documentId: "{local:d1}", productId: tea, quantity: 3, destinationLocationId: dock },
      task: "A",
      label: "put",
    });
    await q.enqueue({ method: "POST", path: "/WmsDocument/{local:d1}/confirm", task: "A", label: "confirm" });
    expect(await q.flush()).toEqual({ sent: 0, refused: 0, stopped: true, offline: true });
    expect((await q.entries()).map((e) => e.state)).toEqual(["pending", "pending", "pending"]);

    caller = online;
    expect(await q.flush()).toEqual({ sent: 3, refused: 0, stopped: false, offline: false });
    expect(await q.entries()).toEqual([]);
    const id = await q.localId("d1");
    expect((await w.api("GET", `/WmsDocument/${id}`)).body.statusCode).toBe("confirmed");
    expect(await stockAt(w, tea, dock)).toBe(3);
  });

  it("does not move stock twice when an answer was lost and the step is sent again", async () => {
    await receive(w, tea, dock, 5);
    const shelf = await location(w, "Q-SHELF");
    const before = await stockAt(w, tea, dock);
    const store = new MemoryQueueStore();
    // The first attempt reaches the server, but its answer never comes back (the network dropped).
    let lose = true;
    const q = new Queue(store, "t:1", async (...a) => {
      const answer = await online(...a);
      if (lose) {
        lose = false;
        throw new TypeError("Failed to fetch");
      }
      return answer;
    });
    await q.enqueue({
      method: "POST",
      path: "/WmsDocumentPosition/groupmovement",
      body: {
        destinationLocationId: shelf,
        moves: [{ productId: tea, quantity: 2, sourceLocationId: dock }],
      },
      task: "B",
      label: "move",
    });
    expect((await q.flush()).offline).toBe(true);
    const documents = Number((await w.query("SELECT count(*) AS n FROM wms_documents"))[0].n);
    expect(await q.flush()).toEqual({ sent: 1, refused: 0, stopped: false, offline: false });
    expect(Number((await w.query("SELECT count(*) AS n FROM wms_documents"))[0].n)).toBe(documents);
    expect([await stockAt(w, tea, dock), await stockAt(w, tea, shelf)]).toEqual([before - 2, 2]);
  });

  it("lists a step the server keeps failing after a few tries, holding back only its task, sent anew on retry", async () => {
    const store = new MemoryQueueStore();
    let broken = true;
    const keys: string[] = [];
    const q = new Queue(store, "t:1", (method, path, body, key) => {
      if (path === "/WmsDocument" && (body as { comment?: string }).comment === "boom") {
        keys.push(key);
        if (broken) return Promise.reject({ status: 500, code: "server.error", message: "boom" });
      }
      return online(method, path, body, key);
    });
    await q.enqueue({
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode: "IIN", comment: "boom" },
      task: "H",
      label: "x",
    });
    await q.enqueue({
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode: "IIN" },
      task: "H",
      label: "after",
    });
    await q.enqueue({
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode: "IIN" },
      task: "I",
      label: "other",
    });
    // The other task goes at once; the failing step is tried again on each flush, then listed.
    expect(await q.flush()).toEqual({ sent: 1, refused: 0, stopped: true, offline: false });
    for (let n = 2; n < MAX_ATTEMPTS; n++) await q.flush();
    expect(await q.flush()).toEqual({ sent: 0, refused: 1, stopped: false, offline: false });
    const [failed, held] = await q.entries();
    expect([failed.state, failed.refusal?.status, held.state]).toEqual(["refused", 500, "pending"]);
    expect(new Set(keys).size).toBe(1);
    broken = false;
    await q.retry(failed.seq!);
    expect(await q.flush()).toEqual({ sent: 2, refused: 0, stopped: false, offline: false });
    expect(new Set(keys).size).toBe(2);
  });

  it("keeps a refusal, holds back its task's later steps, lets other tasks go on, and retries or drops", async () => {
    const store = new MemoryQueueStore();
    const q = new Queue(store, "t:1", online);
    const away = await location(w, "Q-AWAY");
    const jam = await product(w, "Q-JAM");
    // Task C: a relocation of stock that is not there, then a receipt that depends on it.
    await q.enqueue({
      method: "POST",
      path: "/WmsDocumentPosition/groupmovement",
      body: { destinationLocationId: away, moves: [{ productId: jam, quantity: 1, sourceLocationId: dock }] },
      task: "C",
      label: "move jam",
    });
    await q.enqueue({
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode: "IIN" },
      task: "C",
      label: "after",
    });
    // Task D: unrelated.
    await q.enqueue({
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode: "IIN" },
      task: "D",
      label: "other",
    });
    expect(await q.flush()).toEqual({ sent: 1, refused: 1, stopped: false, offline: false });
    const [refused, held] = await q.entries();
    expect([refused.label, refused.state, refused.refusal?.status, refused.refusal?.code]).toEqual([
      "move jam",
      "refused",
      422,
      "document.validation",
    ]);
    expect([held.label, held.state]).toEqual(["after", "pending"]);

    // The stock arrives; the operator sends the refused step again (the same key: it left none).
    await receive(w, jam, dock, 1);
    await q.retry(refused.seq!);
    expect(await q.flush()).toEqual({ sent: 2, refused: 0, stopped: false, offline: false });
    expect(await stockAt(w, jam, away)).toBe(1);

    // A refusal dropped knowingly: the rest of its task goes on.
    await q.enqueue({
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode: "XXX" },
      task: "E",
      label: "bad",
    });
    await q.enqueue({
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode: "IIN" },
      task: "E",
      label: "good",
    });
    await q.flush();
    const [bad] = await q.entries();
    await q.drop(bad.seq!);
    expect(await q.flush()).toEqual({ sent: 1, refused: 0, stopped: false, offline: false });
    expect(await q.entries()).toEqual([]);
  });

  it("refuses a step naming a record whose making was dropped, instead of sending it wrong", async () => {
    const store = new MemoryQueueStore();
    const q = new Queue(store, "t:1", online);
    await q.enqueue({
      method: "POST",
      path: "/WmsDocument/{local:gone}/confirm",
      task: "F",
      label: "confirm",
    });
    expect(await q.flush()).toEqual({ sent: 0, refused: 1, stopped: false, offline: false });
    expect((await q.entries())[0].refusal?.code).toBe("terminal.missingRecord");
  });

  it("sends only its own user's steps", async () => {
    const store = new MemoryQueueStore();
    const mine = new Queue(store, "t:1", online);
    const theirs = new Queue(store, "t:2", offline);
    await theirs.enqueue({
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode: "IIN" },
      task: "G",
      label: "x",
    });
    expect(await mine.flush()).toEqual({ sent: 0, refused: 0, stopped: false, offline: false });
    expect(await theirs.entries()).toHaveLength(1);
  });
});
