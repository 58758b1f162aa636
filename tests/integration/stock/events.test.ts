// Real-time events of stock verbs over the real /dataHub socket: published after commit with the request
// id, none for a refused confirmation, a moved container announced, contractor users told nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerMessage } from "../../../shared/hub/contract.ts";
import {
  addStaffUser,
  company,
  confirm,
  container,
  draft,
  location,
  product,
  receive,
  startStockWorld,
  type StockWorld,
} from "./fixture.ts";

let w: StockWorld;
const sockets: WebSocket[] = [];

/** A signed-in hub socket collecting the events it hears. */
async function listen(token: string): Promise<ServerMessage[]> {
  const ws = new WebSocket(`${w.s.baseUrl.replace("http", "ws")}/dataHub`);
  sockets.push(ws);
  const heard: ServerMessage[] = [];
  const ready = Promise.withResolvers<void>();
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data as string) as ServerMessage;
    if (m.type === "authenticated") ready.resolve();
    else heard.push(m);
  };
  ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token }));
  await ready.promise;
  return heard;
}

async function until(heard: ServerMessage[], test: (m: ServerMessage) => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const found = heard.find(test);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not heard within ${ms} ms: ${JSON.stringify(heard)}`);
}

beforeAll(async () => {
  w = await startStockWorld("events");
});
afterAll(async () => {
  for (const ws of sockets) ws.close();
  await w?.s.close();
});

describe("stock events", () => {
  it("a confirmation is announced once committed, a refusal never, a moved container too", async () => {
    const heard = await listen(w.admin);
    const farms = await company(w, "FARMS");
    const portalHeard = await listen(
      await addStaffUser(w, "farmer", { contractorPortalEnabled: true, connectedContractorId: farms }),
    );
    const a = await location(w, "A");
    const b = await location(w, "B");
    const p = await product(w, "P");
    const refused = await draft(w, { typeCode: "IOU", sourceLocationId: a }, [{ productId: p, quantity: 1 }]);
    expect((await confirm(w, refused.id)).status).toBe(422);
    const box = await container(w, a);
    await receive(w, p, a, 2, { destinationContainerId: box.id });
    const move = await draft(w, {
      typeCode: "PRL",
      sourceLocationId: a,
      sourceContainerId: box.id,
      destinationLocationId: b,
    }, [{ productId: p, quantity: 2 }]);
    const r = await w.s.app.request(`/api/WmsDocument/${move.id}/confirm`, {
      method: "POST",
      headers: { authorization: `Bearer ${w.admin}`, "x-request-id": "prl-confirm-1" },
    });
    expect(r.status).toBe(200);
    const event = await until(
      heard,
      (m) => m.type === "event" && m.resource === "WmsDocument" && m.id === move.id && m.action === "changed",
    );
    expect(event).toMatchObject({ action: "changed", correlationId: "prl-confirm-1" });
    await until(heard, (m) => m.type === "event" && m.resource === "Container" && m.id === box.id);
    // The refused confirmation was never announced as a change (only its creation and its position).
    const aboutRefused = heard.filter((m) =>
      m.type === "event" && m.resource === "WmsDocument" && m.id === refused.id
    );
    expect(aboutRefused.map((m) => m.type === "event" && m.action)).toEqual(["created"]);
    expect(portalHeard.filter((m) => m.type === "event" && m.resource.startsWith("Wms"))).toEqual([]);
  });
});
