// Discussions (issue 18): a record's discussion opened on first reading and named by the record's title, its
// messages oldest first and after a given one, a new message reaching another staff user live over the hub,
// contractors and other tenants kept out (404), and the discussion gone with its record.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Socket } from "../fixtures/hub_socket.ts";
import { addUser, signIn } from "../fixtures/harness.ts";
import { addStaffUser, company, product, startStockWorld, type StockWorld } from "./stock/fixture.ts";

let w: StockWorld;
let basic: string;

beforeAll(async () => {
  w = await startStockWorld("discussions");
  basic = await addStaffUser(w, "discussions-basic");
}, 60_000);
afterAll(() => w?.s.close());

describe("discussions", () => {
  it("opens a record's discussion, adds messages, and pages them after the last one", async () => {
    const tea = await product(w, "DSC-TEA", { name: "Green tea" });
    const opened = await w.api("GET", `/Discussion/Product/${tea}`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({
      refResourceType: "Product",
      refResourceId: tea,
      topic: "DSC-TEA",
      messages: [],
    });
    // Reading again is the same discussion.
    expect((await w.api("GET", `/Discussion/Product/${tea}`, undefined, basic)).body.id).toBe(opened.body.id);
    const first = await w.api("POST", `/Discussion/${opened.body.id}/message`, {
      text: "  The pallet arrived wet.  ",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ text: "The pallet arrived wet.", author: "discussions admin" });
    const second = await w.api(
      "POST",
      `/Discussion/${opened.body.id}/message`,
      { text: "Photo attached." },
      basic,
    );
    const all = await w.api("GET", `/Discussion/${opened.body.id}/messages/0`);
    expect(all.body.map((m: { text: string }) => m.text)).toEqual([
      "The pallet arrived wet.",
      "Photo attached.",
    ]);
    const after = await w.api("GET", `/Discussion/${opened.body.id}/messages/${first.body.id}`);
    expect(after.body.map((m: { id: number }) => m.id)).toEqual([second.body.id]);
    expect((await w.api("GET", `/Discussion/Product/${tea}`)).body.messages).toHaveLength(2);
    for (const text of ["", "   ", "x".repeat(4001)]) {
      expect((await w.api("POST", `/Discussion/${opened.body.id}/message`, { text })).status).toBe(400);
    }
  });

  it("pages a long discussion 200 messages at a time, after the last one read, none twice or lost", async () => {
    const long = await product(w, "DSC-LONG");
    const { id } = (await w.api("GET", `/Discussion/Product/${long}`)).body;
    await w.query(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1250)
       INSERT INTO discussion_messages (discussion_id, user_id, text, created_at)
       SELECT ?, NULL, 'Message ' || i, '2026-11-26T10:00:00.000Z' FROM n`,
      [id],
    );
    const first = (await w.api("GET", `/Discussion/Product/${long}`)).body.messages;
    expect(first).toHaveLength(200);
    const texts = first.map((m: { text: string }) => m.text);
    let last = first.at(-1).id;
    for (;;) {
      const page = (await w.api("GET", `/Discussion/${id}/messages/${last}`)).body;
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(200);
      texts.push(...page.map((m: { text: string }) => m.text));
      last = page.at(-1).id;
    }
    expect(texts).toEqual(Array.from({ length: 1250 }, (_, i) => `Message ${i + 1}`));
  });

  it("tells another staff user of a new message at once, over the hub", async () => {
    const rice = await product(w, "DSC-RICE");
    const { id } = (await w.api("GET", `/Discussion/Product/${rice}`)).body;
    const socket = new Socket(w.s.baseUrl.replace(/^http/, "ws") + "/dataHub");
    await socket.opened;
    socket.send({ type: "auth", token: basic });
    await socket.next("authenticated");
    await w.api("POST", `/Discussion/${id}/message`, { text: "Count it again, please." });
    const event = await socket.next("event", (e) => e.resource === "Discussion");
    expect(event).toMatchObject({ resource: "Discussion", action: "changed", id });
    socket.ws.close();
  });

  it("keeps contractors and other tenants out, and goes with its record", async () => {
    const acme = await company(w, "DSC-ACME");
    const own = await product(w, "DSC-OWN", { contractorId: acme });
    await addUser(w.s, w.admin, {
      username: "discussions-contractor",
      connectedContractorId: acme,
      contractorPortalEnabled: true,
    });
    const contractor = (await signIn(w.s, "discussions-contractor")).token;
    expect((await w.api("GET", `/Discussion/Product/${own}`, undefined, contractor)).status).toBe(404);
    const { id } = (await w.api("GET", `/Discussion/Product/${own}`)).body;
    expect((await w.api("POST", `/Discussion/${id}/message`, { text: "x" }, contractor)).status).toBe(404);
    expect((await w.api("GET", `/Discussion/${id}/messages/0`, undefined, contractor)).status).toBe(404);
    expect((await w.api("GET", "/Discussion/Nothing/1")).status).toBe(404);
    expect((await w.api("GET", "/Discussion/Product/999999")).status).toBe(404);
    expect((await w.api("GET", "/Discussion/SystemLog/1")).status).toBe(404);
    const other = await startStockWorld("discussions-other");
    try {
      expect((await other.api("GET", `/Discussion/${id}/messages/0`)).status).toBe(404);
      expect((await other.api("POST", `/Discussion/${id}/message`, { text: "hello" })).status).toBe(404);
    } finally {
      other.s.close();
    }
    await w.api("POST", `/Discussion/${id}/message`, { text: "Going away." });
    const gone = await product(w, "DSC-GONE");
    const talk = (await w.api("GET", `/Discussion/Product/${gone}`)).body.id;
    await w.api("POST", `/Discussion/${talk}/message`, { text: "Delete it." });
    expect((await w.api("DELETE", `/Product/${gone}`)).status).toBe(204);
    expect(await w.query("SELECT count(*) AS n FROM discussion_messages WHERE discussion_id = ?", [talk]))
      .toEqual([{ n: 0 }]);
    expect((await w.api("GET", `/Discussion/${talk}/messages/0`)).status).toBe(404);
  });
});
