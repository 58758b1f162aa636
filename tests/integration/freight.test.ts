// Freight (issue 19): a dispatcher writes a shipment ticket and publishes it; carriers' users see published
// tickets (never working copies, nor a ticket assigned to another carrier), make and change offers, and
// talk with the warehouse, each carrier in a conversation of its own; assigning an offer rejects the others;
// archiving closes it. The states refuse what they do not allow, every change is in the record log and on
// the hub, the ticket's pickup and delivery are on the calendar, and other tenants and contractors get 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Socket } from "../fixtures/hub_socket.ts";
import { addUser, signIn } from "../fixtures/harness.ts";
import { addStaffUser, company, startStockWorld, type StockWorld } from "./stock/fixture.ts";

let w: StockWorld;
let dispatcher: string;
let basic: string;
let swift: { id: number; token: string };
let rapid: { id: number; token: string };
let contractor: string;

const route = {
  pickupPoint: "Warehouse A, Poznań",
  pickupCountry: "pl",
  pickupTime: "2026-12-02T07:00:00+01:00",
  deliveryPoint: "DC Berlin Süd",
  deliveryCountry: "de",
  deliveryTime: "2026-12-02T16:30:00Z",
  loadWeight: 5400.5,
  loadPalCount: 12,
  loadTextInformation: "Chilled, 2–6 °C",
};

async function carrierUser(name: string): Promise<{ id: number; token: string }> {
  const id = await company(w, name, "carrier");
  await addUser(w.s, w.admin, {
    username: `${name.toLowerCase()}-driver`,
    connectedContractorId: id,
    transportEnabled: true,
  });
  return { id, token: (await signIn(w.s, `${name.toLowerCase()}-driver`)).token };
}

async function ticket(
  extra: Record<string, unknown> = {},
  token = dispatcher,
): Promise<Record<string, unknown>> {
  const r = await w.api("POST", "/ShipmentTicket", { ...route, ...extra }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function published(extra: Record<string, unknown> = {}): Promise<number> {
  const t = await ticket(extra);
  const r = await w.api("POST", `/ShipmentTicket/${t.id}/publish`, undefined, dispatcher);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return t.id as number;
}

beforeAll(async () => {
  w = await startStockWorld("freight");
  dispatcher = await addStaffUser(w, "freight-dispatcher", {
    shippingEnabled: true,
    visibleName: "Dora Dispatch",
  });
  basic = await addStaffUser(w, "freight-basic");
  swift = await carrierUser("SWIFT");
  rapid = await carrierUser("RAPID");
  const acme = await company(w, "FREIGHT-ACME");
  await addUser(w.s, w.admin, {
    username: "freight-contractor",
    connectedContractorId: acme,
    contractorPortalEnabled: true,
  });
  contractor = (await signIn(w.s, "freight-contractor")).token;
}, 60_000);
afterAll(() => w?.s.close());

describe("freight tickets", () => {
  it("numbers a working copy, keeps countries in capitals, and publishes it only when the route is complete", async () => {
    const t = await ticket();
    expect(t).toMatchObject({
      statusCode: "workingCopy",
      pickupCountry: "PL",
      deliveryCountry: "DE",
      pickupTime: "2026-12-02T06:00:00.000Z",
      loadPalCount: 12,
      carrierId: null,
      offersCount: 0,
    });
    expect(t.shipmentNumber).toMatch(/^FT\/\d{4}\/\d{2}\/\d{6}$/);
    const next = await ticket();
    expect(next.shipmentNumber).not.toBe(t.shipmentNumber);

    const half = await ticket({ deliveryPoint: null, deliveryTime: null });
    const refused = await w.api("POST", `/ShipmentTicket/${half.id}/publish`, undefined, dispatcher);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      deliveryPoint: ["validation.required"],
      deliveryTime: ["validation.required"],
    });
    // Delivery before pickup, a country that is no code, a negative weight: each on its field.
    const bad = await w.api("POST", "/ShipmentTicket", {
      ...route,
      deliveryTime: "2026-12-01T10:00:00Z",
      pickupCountry: "Poland",
      loadWeight: -1,
    }, dispatcher);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual([
      "deliveryTime",
      "loadWeight",
      "pickupCountry",
    ]);
  });

  it("lets only dispatchers write tickets, and shows carriers published tickets alone", async () => {
    const draftTicket = await ticket();
    const open = await published({ description: "Only for carriers to see" });
    // A basic user without the shipping module is told it is off; a carrier's user and a contractor user
    // may not write.
    const noModule = await w.api("POST", "/ShipmentTicket", route, basic);
    expect([noModule.status, noModule.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
    for (const token of [swift.token, contractor]) {
      expect((await w.api("POST", "/ShipmentTicket", route, token)).status).toBe(404);
    }
    expect((await w.api("GET", "/ShipmentTicket", undefined, basic)).status).toBe(403);
    expect((await w.api("GET", "/ShipmentTicket", undefined, contractor)).status).toBe(403);

    const list = await w.api("GET", "/ShipmentTicket?PageSize=500", undefined, swift.token);
    expect(list.status).toBe(200);
    const ids = list.body.results.map((r: { id: number }) => r.id);
    expect(ids).toContain(open);
    expect(ids).not.toContain(draftTicket.id);
    expect(list.body.results.every((r: { statusCode: string }) => r.statusCode === "published")).toBe(true);
    expect((await w.api("GET", `/ShipmentTicket/${draftTicket.id}`, undefined, swift.token)).status).toBe(
      404,
    );
    expect((await w.api("GET", `/ShipmentTicket/${open}`, undefined, swift.token)).body.description)
      .toBe("Only for carriers to see");
    // A carrier cannot edit or delete it, nor publish a working copy.
    const edit = await w.api("PUT", "/ShipmentTicket", { id: open, version: 2, ...route }, swift.token);
    expect(edit.status).toBe(404);
    expect((await w.api("DELETE", `/ShipmentTicket/${open}`, undefined, swift.token)).status).toBe(404);
    expect((await w.api("POST", `/ShipmentTicket/${draftTicket.id}/publish`, undefined, swift.token)).status)
      .toBe(404);
  });

  it("takes carriers' offers, one per carrier, assigns one and rejects the rest", async () => {
    const id = await published();
    const offer = (carrier: { token: string }, price: number, extra: Record<string, unknown> = {}) =>
      w.api("POST", `/ShipmentTicket/${id}/offer`, { price, currency: "eur", ...extra }, carrier.token);
    const first = await offer(swift, 980);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      ticketId: id,
      carrierId: swift.id,
      statusCode: "submitted",
      currency: "EUR",
    });
    // Sent again, the same offer changes.
    const changed = await offer(swift, 940, {
      deliveryTime: "2026-12-02T15:00:00Z",
      comment: "Reefer truck",
    });
    expect(changed.body).toMatchObject({ id: first.body.id, price: 940, comment: "Reefer truck" });
    const second = await offer(rapid, 910);
    expect(second.status).toBe(200);
    // Dispatchers (a staff user with the module) are no carriers: they cannot offer.
    expect(
      (await w.api("POST", `/ShipmentTicket/${id}/offer`, { price: 1, currency: "EUR" }, dispatcher)).status,
    )
      .toBe(404);
    expect((await offer(swift, -5)).status).toBe(400);
    const crossed = await offer(swift, 900, {
      pickupTime: "2026-12-02T10:00:00Z",
      deliveryTime: "2026-12-02T09:00:00Z",
    });
    expect(crossed.body.error.fields).toEqual({ deliveryTime: ["validation.finishBeforeStart"] });
    // A published ticket keeps its route: an edit may not empty it.
    const current = (await w.api("GET", `/ShipmentTicket/${id}`, undefined, dispatcher)).body;
    const emptied = await w.api("PUT", "/ShipmentTicket", {
      ...route,
      id,
      version: current.version,
      deliveryPoint: null,
    }, dispatcher);
    expect(emptied.body.error.fields).toEqual({ deliveryPoint: ["validation.required"] });
    expect((await offer(swift, 5, { currency: "euro" })).status).toBe(400);

    // The warehouse sees both offers, cheapest first; each carrier only their own.
    const all = await w.api("GET", `/ShipmentTicket/${id}/offers`, undefined, dispatcher);
    expect(all.body.results.map((o: { price: number }) => o.price)).toEqual([910, 940]);
    expect(all.body.results[0].carrierName).toBe("RAPID");
    const own = await w.api("GET", `/ShipmentTicket/${id}/offers`, undefined, swift.token);
    expect(own.body.results.map((o: { carrierId: number }) => o.carrierId)).toEqual([swift.id]);
    expect((await w.api("GET", `/TransportOffer/${second.body.id}`, undefined, swift.token)).status).toBe(
      404,
    );
    expect((await w.api("GET", `/ShipmentTicket/${id}`, undefined, dispatcher)).body.offersCount).toBe(2);
    // A carrier is not told how many others offered.
    expect((await w.api("GET", `/ShipmentTicket/${id}`, undefined, swift.token)).body.offersCount).toBe(null);

    // Taking it back to a working copy is refused while carriers have offers on it.
    expect((await w.api("POST", `/ShipmentTicket/${id}/unpublish`, undefined, dispatcher)).status).toBe(409);

    const assigned = await w.api(
      "POST",
      `/ShipmentTicket/${id}/assign/${changed.body.id}`,
      undefined,
      dispatcher,
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toMatchObject({
      statusCode: "assigned",
      carrierId: swift.id,
      carrierName: "SWIFT",
      // The offer's delivery time becomes the ticket's; its pickup time was not given.
      deliveryTime: "2026-12-02T15:00:00.000Z",
      pickupTime: "2026-12-02T06:00:00.000Z",
    });
    expect((await w.api("GET", `/TransportOffer/${second.body.id}`, undefined, dispatcher)).body.statusCode)
      .toBe("rejected");
    expect((await w.api("GET", `/TransportOffer/${changed.body.id}`, undefined, dispatcher)).body.statusCode)
      .toBe("accepted");
    // The assigned carrier still reads the ticket; the other no longer does.
    expect((await w.api("GET", `/ShipmentTicket/${id}`, undefined, swift.token)).status).toBe(200);
    expect((await w.api("GET", `/ShipmentTicket/${id}`, undefined, rapid.token)).status).toBe(404);
    // Once assigned, the warehouse talks with that carrier alone.
    const toRapid = await w.api("POST", `/ShipmentTicket/${id}/message`, {
      text: "Still free?",
      carrierId: rapid.id,
    }, dispatcher);
    expect(toRapid.body.error.fields).toEqual({ carrierId: ["validation.invalidValue"] });
    expect(
      (await w.api(
        "POST",
        `/ShipmentTicket/${id}/message`,
        { text: "See you at 7.", carrierId: swift.id },
        dispatcher,
      )).status,
    )
      .toBe(201);
    // Nothing more is offered, assigned, edited or deleted once assigned.
    expect((await offer(rapid, 800)).status).toBe(404);
    expect(
      (await w.api("POST", `/ShipmentTicket/${id}/assign/${second.body.id}`, undefined, dispatcher)).status,
    )
      .toBe(409);
    const edit = await w.api(
      "PUT",
      "/ShipmentTicket",
      { ...route, id, version: assigned.body.version },
      dispatcher,
    );
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe("transport.statusChangeNotAllowed");
    expect((await w.api("DELETE", `/ShipmentTicket/${id}`, undefined, dispatcher)).status).toBe(409);

    const archived = await w.api("POST", `/ShipmentTicket/${id}/archive`, undefined, dispatcher);
    expect(archived.body.statusCode).toBe("archived");
    expect((await w.api("POST", `/ShipmentTicket/${id}/archive`, undefined, dispatcher)).status).toBe(409);
    expect((await w.api("GET", `/ShipmentTicket/${id}`, undefined, swift.token)).body.statusCode).toBe(
      "archived",
    );
    const log = await w.query(
      "SELECT count(*) AS n FROM record_log WHERE resource_type = 'ShipmentTicket' AND resource_id = ?",
      [id],
    );
    // Added, published, assigned, archived.
    expect(log).toEqual([{ n: 4 }]);
  });

  it("withdraws an offer, and deletes only a working copy", async () => {
    const id = await published();
    const made = await w.api(
      "POST",
      `/ShipmentTicket/${id}/offer`,
      { price: 500, currency: "PLN" },
      rapid.token,
    );
    const gone = await w.api("DELETE", `/ShipmentTicket/${id}/offer`, undefined, rapid.token);
    expect(gone.body).toMatchObject({ id: made.body.id, statusCode: "withdrawn" });
    expect((await w.api("DELETE", `/ShipmentTicket/${id}/offer`, undefined, rapid.token)).status).toBe(404);
    expect(
      (await w.api("POST", `/ShipmentTicket/${id}/assign/${made.body.id}`, undefined, dispatcher)).status,
    )
      .toBe(409);
    // No offer is left: the ticket may go back to a working copy, and a working copy may be deleted.
    expect((await w.api("POST", `/ShipmentTicket/${id}/unpublish`, undefined, dispatcher)).body.statusCode)
      .toBe("workingCopy");
    expect((await w.api("DELETE", `/ShipmentTicket/${id}`, undefined, dispatcher)).status).toBe(204);
    expect(await w.query("SELECT count(*) AS n FROM transport_offers WHERE ticket_id = ?", [id])).toEqual([{
      n: 0,
    }]);
  });

  it("keeps each carrier's conversation with the warehouse its own", async () => {
    const id = await published();
    const ask = await w.api(
      "POST",
      `/ShipmentTicket/${id}/message`,
      { text: "Is a tail lift needed?" },
      swift.token,
    );
    expect(ask.status, JSON.stringify(ask.body)).toBe(201);
    expect(ask.body).toMatchObject({ carrierId: swift.id, fromWarehouse: false, authorName: "swift-driver" });
    await w.api("POST", `/ShipmentTicket/${id}/message`, { text: "Can you load at 6?" }, rapid.token);
    // The warehouse answers one carrier, naming it.
    expect((await w.api("POST", `/ShipmentTicket/${id}/message`, { text: "Yes" }, dispatcher)).status).toBe(
      400,
    );
    const answer = await w.api(
      "POST",
      `/ShipmentTicket/${id}/message`,
      { text: "Yes, a tail lift.", carrierId: swift.id },
      dispatcher,
    );
    expect(answer.body).toMatchObject({ fromWarehouse: true, authorName: "Dora Dispatch" });
    const swiftSees = await w.api("GET", `/ShipmentTicket/${id}/messages/0`, undefined, swift.token);
    expect(swiftSees.body.map((m: { text: string }) => m.text)).toEqual([
      "Is a tail lift needed?",
      "Yes, a tail lift.",
    ]);
    // A carrier naming another carrier still reads only their own.
    const rapidSees = await w.api(
      "GET",
      `/ShipmentTicket/${id}/messages/0?carrierId=${swift.id}`,
      undefined,
      rapid.token,
    );
    expect(rapidSees.body.map((m: { text: string }) => m.text)).toEqual(["Can you load at 6?"]);
    const after = await w.api(
      "GET",
      `/ShipmentTicket/${id}/messages/${ask.body.id}?carrierId=${swift.id}`,
      undefined,
      dispatcher,
    );
    expect(after.body.map((m: { id: number }) => m.id)).toEqual([answer.body.id]);
    // The list of messages: the warehouse reads all, a carrier its own.
    const listed = await w.api("GET", `/TransportMessage?PageSize=500`, undefined, rapid.token);
    expect(listed.body.results.every((m: { carrierId: number }) => m.carrierId === rapid.id)).toBe(true);
    expect((await w.api("GET", `/TransportMessage/${ask.body.id}`, undefined, rapid.token)).status).toBe(404);
    // A staff user naming a company that is no carrier.
    const acme = await company(w, "FREIGHT-NOT-A-CARRIER");
    const wrong = await w.api(
      "POST",
      `/ShipmentTicket/${id}/message`,
      { text: "x", carrierId: acme },
      dispatcher,
    );
    expect(wrong.body.error.fields).toEqual({ carrierId: ["validation.invalidValue"] });
  });

  it("pages a long conversation 200 messages at a time, after the last one read, none twice or lost", async () => {
    const id = await published();
    await w.query(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1250)
       INSERT INTO transport_messages (ticket_id, carrier_id, from_warehouse, author_name, text, created_at, updated_at)
       SELECT ?, CASE WHEN i % 5 = 0 THEN ? ELSE ? END, i % 2, 'someone', 'message ' || i, '2026-11-26T10:00:00Z',
         '2026-11-26T10:00:00Z' FROM n`,
      [id, rapid.id, swift.id],
    );
    // Swift's conversation: the 1,000 of the 1,250 not Rapid's, read in pages after the last one shown.
    const seen: string[] = [];
    let last = 0;
    for (let reads = 0; reads < 10; reads++) {
      const page = await w.api("GET", `/ShipmentTicket/${id}/messages/${last}`, undefined, swift.token);
      if (page.body.length === 0) break;
      expect(page.body.length).toBeLessThanOrEqual(200);
      seen.push(...page.body.map((m: { text: string }) => m.text));
      last = page.body.at(-1).id;
    }
    expect(seen).toHaveLength(1000);
    expect(new Set(seen).size).toBe(1000);
    expect(seen.slice(0, 3)).toEqual(["message 1", "message 2", "message 3"]);
    expect(seen).not.toContain("message 5");
  });

  it("tells a carrier live of a published ticket and of the warehouse's answer, and not of another's", async () => {
    const id = await published();
    const socket = new Socket(w.s.baseUrl.replace(/^http/, "ws") + "/dataHub");
    await socket.opened;
    socket.send({ type: "auth", token: rapid.token });
    await socket.next("authenticated");
    await w.api(
      "POST",
      `/ShipmentTicket/${id}/message`,
      { text: "For Swift only", carrierId: swift.id },
      dispatcher,
    );
    await w.api(
      "POST",
      `/ShipmentTicket/${id}/message`,
      { text: "For Rapid", carrierId: rapid.id },
      dispatcher,
    );
    const event = await socket.next("event", (e) => e.resource === "TransportMessage");
    const [rapidMessage] = await w.query(
      "SELECT id FROM transport_messages WHERE ticket_id = ? AND carrier_id = ?",
      [id, rapid.id],
    ) as { id: number }[];
    // The first event this carrier hears of is their own conversation's.
    expect(event).toMatchObject({ resource: "TransportMessage", action: "created", id: rapidMessage.id });
    socket.ws.close();
  });

  it("refuses carriers' users tied to a contractor, and contractors' users with the transport module", async () => {
    const acme = await company(w, "FREIGHT-CONTRACTOR");
    const truck = await company(w, "FREIGHT-TRUCKS", "carrier");
    const asCarrier = await w.api("POST", "/User", {
      username: "freight-wrong-1",
      email: "freight-wrong-1@example.com",
      password: "Secret-pass-123",
      repeatPassword: "Secret-pass-123",
      connectedContractorId: acme,
      transportEnabled: true,
    });
    expect(asCarrier.status).toBe(400);
    expect(asCarrier.body.error.fields).toEqual({ transportEnabled: ["validation.invalidValue"] });
    const asPortal = await w.api("POST", "/User", {
      username: "freight-wrong-2",
      email: "freight-wrong-2@example.com",
      password: "Secret-pass-123",
      repeatPassword: "Secret-pass-123",
      connectedContractorId: truck,
      contractorPortalEnabled: true,
    });
    expect(asPortal.body.error.fields).toEqual({ contractorPortalEnabled: ["validation.invalidValue"] });
    // A carrier with users keeps its role.
    const swiftCompany = (await w.api("GET", `/Company/${swift.id}`)).body;
    const changed = await w.api("PUT", "/Company", { ...swiftCompany, keyRole: "other" });
    expect(changed.body.error.fields).toEqual({ keyRole: ["validation.invalidValue"] });
  });

  it("puts a ticket's pickup and delivery on the calendar", async () => {
    const id = await published({ pickupTime: "2027-01-12T08:00:00Z", deliveryTime: "2027-01-13T12:00:00Z" });
    const r = await w.api("GET", "/Calendar/entries?from=2027-01-10T00:00:00Z&to=2027-01-20T00:00:00Z");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const mine = r.body.entries.filter((e: { kind: string; id: number }) =>
      e.kind === "shipment" && e.id === id
    );
    expect(mine.map((e: { field: string; start: string }) => [e.field, e.start])).toEqual([
      ["pickupTime", "2027-01-12T08:00:00.000Z"],
      ["deliveryTime", "2027-01-13T12:00:00.000Z"],
    ]);
    expect(mine[0].statusCode).toBe("published");
  });

  it("answers 404 to another tenant and to a contractor", async () => {
    const id = await published();
    expect((await w.api("GET", `/ShipmentTicket/${id}/offers`, undefined, contractor)).status).toBe(404);
    expect((await w.api("GET", `/ShipmentTicket/${id}/messages/0`, undefined, contractor)).status).toBe(404);
    const other = await startStockWorld("freight-other");
    try {
      expect((await other.api("GET", `/ShipmentTicket/${id}`)).status).toBe(404);
      expect((await other.api("POST", `/ShipmentTicket/${id}/publish`)).status).toBe(404);
      expect((await other.api("GET", `/ShipmentTicket/${id}/offers`)).status).toBe(404);
      expect((await other.api("POST", `/ShipmentTicket/${id}/archive`)).status).toBe(404);
    } finally {
      other.s.close();
    }
  });
});
