// The calendar (issue 17): what a range shows (documents, orders and events of its own, each with its row and
// whether it may move), a drag's reschedule with the version check, events' own rules, and each user's ICS
// feed read by a real iCalendar parser (ical.js, checked first against its own project's test files).
import { readdirSync, readFileSync } from "node:fs";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaffUser, company, location, startStockWorld, type StockWorld } from "./stock/fixture.ts";

let w: StockWorld;
let dockA: number;
let dockB: number;
let shelf: number;
let acme: number;
let planner: string;
let plannerId: number;

const day = (offset: number) => new Date(Date.UTC(2026, 10, 23 + offset)).toISOString().slice(0, 10);
const week = { from: "2026-11-23T00:00:00.000Z", to: "2026-11-30T00:00:00.000Z" };
const entries = async (range = week, token = w.admin) => {
  const r = await w.api("GET", `/Calendar/entries?from=${range.from}&to=${range.to}`, undefined, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.entries as Record<string, unknown>[];
};
const find = (list: Record<string, unknown>[], key: string) => list.find((e) => e.key === key);

beforeAll(async () => {
  w = await startStockWorld("calendar");
  dockA = await location(w, "DOCK-A", { zoneReceipt: true });
  dockB = await location(w, "DOCK-B", { zoneRelease: true });
  shelf = await location(w, "CAL-SHELF");
  acme = await company(w, "CAL-ACME");
  planner = await addStaffUser(w, "cal-planner", { logisticsEnabled: true, visibleName: "Paula Planner" });
  plannerId = (await w.api(
    "GET",
    "/User?BasicFiltersSerialized=" + encodeURIComponent(
      JSON.stringify([{ field: "username", operator: "eq", value: "cal-planner" }]),
    ),
  )).body.results[0].id;
});
afterAll(() => w?.s.close());

describe("the calendar's entries", () => {
  it("shows documents, orders and events in the range, each with its row, length and whether it moves", async () => {
    const doc = await w.api("POST", "/WmsDocument", {
      typeCode: "DIN",
      contractorId: acme,
      destinationLocationId: dockA,
      plannedDate: "2026-11-24T09:30:00+01:00",
      deadline: day(3),
    });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    const order = await w.api("POST", "/WmsOrder", {
      typeCode: "OOU",
      sourceLocationId: dockB,
      packBy: "2026-11-25T14:00:00Z",
      assignedUserId: plannerId,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const ev = await w.api("POST", "/Calendar", {
      title: "Cold store defrost",
      startDate: "2026-11-26T06:00:00Z",
      resourceSubType: "user",
      userId: plannerId,
    });
    expect(ev.status, JSON.stringify(ev.body)).toBe(201);
    // Outside the week: not shown.
    await w.api("POST", "/Calendar", { title: "Next month", startDate: "2026-12-20T06:00:00Z" });

    const list = await entries();
    const planned = find(list, `document:${doc.body.id}:plannedDate`)!;
    expect(planned).toMatchObject({
      kind: "document",
      title: `${doc.body.documentNumber} · CAL-ACME`,
      typeCode: "DIN",
      start: "2026-11-24T08:30:00.000Z",
      finish: "2026-11-24T08:45:00.000Z", // the spec's 15 minutes
      allDay: false,
      locationId: dockA,
      movable: true,
    });
    expect(find(list, `document:${doc.body.id}:deadline`)).toMatchObject({
      allDay: true,
      start: `${day(3)}T00:00:00.000Z`,
    });
    expect(find(list, `order:${order.body.id}:packBy`)).toMatchObject({
      kind: "order",
      userId: plannerId,
      locationId: dockB,
      start: "2026-11-25T14:00:00.000Z",
    });
    expect(find(list, `event:${ev.body.id}`)).toMatchObject({
      title: "Cold store defrost",
      start: "2026-11-26T06:00:00.000Z",
      finish: "2026-11-26T06:15:00.000Z",
      userId: plannerId,
      movable: true,
    });
    expect(list.some((e) => e.title === "Next month")).toBe(false);
    // Sorted by start.
    const starts = list.map((e) => e.start as string);
    expect([...starts].sort()).toEqual(starts);
  });

  it("shows an event still running when the range begins, and refuses a range too wide or backwards", async () => {
    const long = await w.api("POST", "/Calendar", {
      title: "Stocktaking week",
      startDate: "2026-11-20T06:00:00Z",
      finishDate: "2026-11-27T18:00:00Z",
    });
    expect(long.status).toBe(201);
    expect(find(await entries(), `event:${long.body.id}`)).toBeTruthy();
    for (
      const q of [
        "from=2026-11-01T00:00:00Z&to=2027-02-01T00:00:00Z",
        "from=2026-11-30T00:00:00Z&to=2026-11-23T00:00:00Z",
        "from=x&to=y",
      ]
    ) {
      expect((await w.api("GET", `/Calendar/entries?${q}`)).status).toBe(400);
    }
  });

  it("lists the planner's rows: active staff and the docks", async () => {
    const r = await w.api("GET", "/Calendar/rows");
    expect(r.status).toBe(200);
    expect(r.body.users.map((u: { name: string }) => u.name)).toContain("Paula Planner");
    expect(r.body.docks.map((d: { id: number }) => d.id).sort()).toEqual([dockA, dockB].sort());
    expect(r.body.docks.some((d: { id: number }) => d.id === shelf)).toBe(false);
  });
});

describe("events of its own", () => {
  it("refuse a finish before the start, a dock that is no dock, and a user row without its user", async () => {
    const back = await w.api("POST", "/Calendar", {
      title: "Backwards",
      startDate: "2026-11-24T10:00:00Z",
      finishDate: "2026-11-24T09:00:00Z",
    });
    expect([back.status, back.body.error.fields]).toEqual([400, {
      finishDate: ["validation.finishBeforeStart"],
    }]);
    const notDock = await w.api("POST", "/Calendar", {
      title: "Shelf",
      startDate: "2026-11-24T10:00:00Z",
      resourceSubType: "dock",
      locationId: shelf,
    });
    expect([notDock.status, notDock.body.error.fields]).toEqual([400, {
      locationId: ["validation.invalidValue"],
    }]);
    const noUser = await w.api("POST", "/Calendar", {
      title: "Nobody",
      startDate: "2026-11-24T10:00:00Z",
      resourceSubType: "user",
    });
    expect([noUser.status, noUser.body.error.fields]).toEqual([400, { userId: ["validation.required"] }]);
    const de = await w.api("POST", "/Calendar", { title: "x", startDate: "gestern" });
    expect(de.body.error.fields).toEqual({ startDate: ["validation.invalidValue"] });
  });

  it("are kept to writers with the logistics module; a basic user without it reads but cannot add", async () => {
    const basic = await addStaffUser(w, "cal-basic");
    expect((await w.api("GET", "/Calendar/rows", undefined, basic)).status).toBe(200);
    const r = await w.api("POST", "/Calendar", { title: "x", startDate: "2026-11-24T10:00:00Z" }, basic);
    expect([r.status, r.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
    const ok = await w.api(
      "POST",
      "/Calendar",
      { title: "Planner's", startDate: "2026-11-24T10:00:00Z" },
      planner,
    );
    expect(ok.status).toBe(201);
  });
});

describe("rescheduling by a drag", () => {
  it("moves a working copy's planned date with the version check; a stale drag is 409 and changes nothing", async () => {
    const doc = (await w.api("POST", "/WmsDocument", {
      typeCode: "DIN",
      destinationLocationId: dockA,
      plannedDate: "2026-11-24T08:00:00Z",
    })).body;
    const moved = await w.api("POST", "/Calendar/reschedule", {
      kind: "document",
      id: doc.id,
      field: "plannedDate",
      version: doc.version,
      start: "2026-11-25T13:15:00.000Z",
    }, planner);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect([moved.body.plannedDate, moved.body.version]).toEqual([
      "2026-11-25T13:15:00.000Z",
      doc.version + 1,
    ]);
    const stale = await w.api("POST", "/Calendar/reschedule", {
      kind: "document",
      id: doc.id,
      field: "plannedDate",
      version: doc.version,
      start: "2026-11-27T08:00:00.000Z",
    }, planner);
    expect([stale.status, stale.body.error.code]).toEqual([409, "record.changedByAnotherUser"]);
    expect((await w.api("GET", `/WmsDocument/${doc.id}`)).body.plannedDate).toBe("2026-11-25T13:15:00.000Z");
    // The record log has the change, by the planner.
    const log = await w.query(
      "SELECT user_name, old_object, new_object FROM record_log WHERE resource_type = 'WmsDocument' AND resource_id = ? AND action = 'changed'",
      [doc.id],
    );
    expect(log.length).toBe(1);
    expect(log[0].user_name).toBe("cal-planner");
    expect(JSON.parse(log[0].old_object as string).plannedDate).toBe("2026-11-24T08:00:00Z");
  });

  it("moves to another dock or user row; a day stays a day and a time keeps its time in the month view", async () => {
    const doc = (await w.api("POST", "/WmsDocument", {
      typeCode: "DIN",
      destinationLocationId: dockA,
      plannedDate: "2026-11-24T08:00:00Z",
      deadline: "2026-11-26",
    })).body;
    const toDock = await w.api("POST", "/Calendar/reschedule", {
      kind: "document",
      id: doc.id,
      field: "plannedDate",
      version: doc.version,
      start: "2026-11-27",
      locationId: dockB,
    });
    expect(toDock.status, JSON.stringify(toDock.body)).toBe(200);
    expect([toDock.body.plannedDate, toDock.body.destinationLocationId]).toEqual([
      "2026-11-27T08:00:00.000Z",
      dockB,
    ]);
    const toUser = await w.api("POST", "/Calendar/reschedule", {
      kind: "document",
      id: doc.id,
      field: "deadline",
      version: toDock.body.version,
      start: "2026-11-28",
      userId: plannerId,
    });
    expect([toUser.body.deadline, toUser.body.assignedUserId]).toEqual(["2026-11-28", plannerId]);
    const shelfDrop = await w.api("POST", "/Calendar/reschedule", {
      kind: "document",
      id: doc.id,
      field: "deadline",
      version: toUser.body.version,
      start: "2026-11-28",
      locationId: shelf,
    });
    expect([shelfDrop.status, shelfDrop.body.error.fields]).toEqual([400, {
      locationId: ["validation.invalidValue"],
    }]);
  });

  it("refuses a confirmed document but moves a confirmed order; an event keeps its length", async () => {
    const tea = (await w.api("POST", "/Product", { index: "CAL-TEA", name: "Tea" })).body.id;
    const doc = (await w.api("POST", "/WmsDocument", {
      typeCode: "IIN",
      destinationLocationId: shelf,
      plannedDate: "2026-11-24T08:00:00Z",
    })).body;
    await w.api("POST", "/WmsDocumentPosition", { documentId: doc.id, productId: tea, quantity: 1 });
    expect((await w.api("POST", `/WmsDocument/${doc.id}/confirm?acceptWarnings=true`)).status).toBe(200);
    const confirmed = (await w.api("GET", `/WmsDocument/${doc.id}`)).body;
    const refused = await w.api("POST", "/Calendar/reschedule", {
      kind: "document",
      id: doc.id,
      field: "plannedDate",
      version: confirmed.version,
      start: "2026-11-25T08:00:00Z",
    });
    expect([refused.status, refused.body.error.code]).toEqual([409, "document.notWorkingCopy"]);
    expect(find(await entries(), `document:${doc.id}:plannedDate`)?.movable).toBe(false);

    const order =
      (await w.api("POST", "/WmsOrder", { typeCode: "OIN", plannedDate: "2026-11-24T10:00:00Z" })).body;
    await w.api("POST", "/WmsOrderPosition", { orderId: order.id, productId: tea, quantity: 1 });
    expect((await w.api("POST", `/WmsOrder/${order.id}/confirm`)).status).toBe(200);
    const live = (await w.api("GET", `/WmsOrder/${order.id}`)).body;
    const moved = await w.api("POST", "/Calendar/reschedule", {
      kind: "order",
      id: order.id,
      field: "plannedDate",
      version: live.version,
      start: "2026-11-26T10:00:00Z",
    });
    expect([moved.status, moved.body.plannedDate, moved.body.statusCode]).toEqual([
      200,
      "2026-11-26T10:00:00.000Z",
      "confirmed",
    ]);

    const ev = (await w.api("POST", "/Calendar", {
      title: "Inspection",
      startDate: "2026-11-24T10:00:00Z",
      finishDate: "2026-11-24T11:30:00Z",
    })).body;
    const evMoved = await w.api("POST", "/Calendar/reschedule", {
      kind: "event",
      id: ev.id,
      version: ev.version,
      start: "2026-11-25T07:00:00Z",
      locationId: dockA,
    });
    expect(evMoved.status, JSON.stringify(evMoved.body)).toBe(200);
    expect(evMoved.body).toMatchObject({
      startDate: "2026-11-25T07:00:00.000Z",
      finishDate: "2026-11-25T08:30:00.000Z",
      resourceSubType: "dock",
      locationId: dockA,
    });
    const staleEv = await w.api("POST", "/Calendar/reschedule", {
      kind: "event",
      id: ev.id,
      version: ev.version,
      start: "2026-11-26T07:00:00Z",
    });
    expect(staleEv.status).toBe(409);
  });

  it("keeps an order's generated documents to logistics staff, a confirmed order's places fixed, days real", async () => {
    const tea = (await w.api("POST", "/Product", { index: "CAL-GEN", name: "Gen tea" })).body.id;
    const order = (await w.api("POST", "/WmsOrder", {
      typeCode: "OIN",
      destinationLocationId: dockA,
      plannedDate: "2026-11-24T10:00:00Z",
    })).body;
    await w.api("POST", "/WmsOrderPosition", { orderId: order.id, productId: tea, quantity: 2 });
    expect((await w.api("POST", `/WmsOrder/${order.id}/confirm`)).status).toBe(200);
    await w.api("GET", `/WmsOrder/${order.id}/GenerateDocuments`);
    const [generated] = await w.query(
      "SELECT id FROM wms_documents WHERE order_id = ? AND generated = 1",
      [order.id],
    );
    expect(generated).toBeTruthy();
    const doc = (await w.api("GET", `/WmsDocument/${generated.id}`)).body;
    // A terminal operator carries generated documents out; changing them is the planners' (404, as a PUT).
    const terminal = await addStaffUser(w, "cal-terminal", { terminalEnabled: true });
    const move = {
      kind: "document",
      id: doc.id,
      field: "plannedDate",
      version: doc.version,
      start: "2026-11-25T10:00:00Z",
    };
    const terminalMove = await w.api("POST", "/Calendar/reschedule", move, terminal);
    expect([terminalMove.status, terminalMove.body.error.code]).toEqual([403, "auth.moduleDisabled"]);
    expect((await w.api("POST", "/Calendar/reschedule", move, planner)).status).toBe(200);
    // A confirmed order keeps its dock (its documents and reservations are there); its date moves.
    const live = (await w.api("GET", `/WmsOrder/${order.id}`)).body;
    const toDock = await w.api("POST", "/Calendar/reschedule", {
      kind: "order",
      id: order.id,
      field: "plannedDate",
      version: live.version,
      start: "2026-11-26T10:00:00Z",
      locationId: dockB,
    });
    expect([toDock.status, toDock.body.error.code]).toEqual([409, "order.statusChangeNotAllowed"]);
    // A day that does not exist is refused, here and on a document.
    const bad = await w.api("POST", "/Calendar/reschedule", {
      ...move,
      version: doc.version + 1,
      start: "2026-02-30",
    });
    expect([bad.status, bad.body.error.fields]).toEqual([400, { start: ["validation.invalidValue"] }]);
    const badDoc = await w.api("POST", "/WmsDocument", {
      typeCode: "DIN",
      destinationLocationId: dockA,
      plannedDate: "2026-13-01",
    });
    expect([badDoc.status, badDoc.body.error.fields]).toEqual([400, {
      plannedDate: ["validation.invalidValue"],
    }]);
  });

  it("answers 404 for another tenant's record", async () => {
    const other = await startStockWorld("calendar-other");
    try {
      const ev =
        (await other.api("POST", "/Calendar", { title: "Theirs", startDate: "2026-11-24T10:00:00Z" })).body;
      expect((await w.api("GET", `/Calendar/${ev.id + 1000}`)).status).toBe(404);
      const mine =
        (await w.api("POST", "/Calendar", { title: "Mine", startDate: "2026-11-24T10:00:00Z" })).body;
      expect((await other.api("GET", `/Calendar/${mine.id}`)).status).toBe(404);
      const r = await other.api("POST", "/Calendar/reschedule", {
        kind: "event",
        id: mine.id,
        version: 1,
        start: "2026-11-25T10:00:00Z",
      });
      expect(r.status).toBe(404);
    } finally {
      other.s.close();
    }
  });
});

describe("the ICS feed", () => {
  it("parses with ical.js the way its own project's test files expect (the parser the feed is checked with)", () => {
    const dir = "/work/shared/testdata/calendar/ical-js/parser";
    const files = readdirSync(dir).filter((f) => f.endsWith(".ics"));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const expected = JSON.parse(readFileSync(`${dir}/${f.replace(/\.ics$/, ".json")}`, "utf8"));
      expect(ICAL.parse(readFileSync(`${dir}/${f}`, "utf8")), f).toEqual(expected);
    }
  });

  it("is a secret address a calendar program reads without signing in; renewing it ends the old one", async () => {
    const made = await w.api("POST", "/Calendar/feed", undefined, planner);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const url = new URL(made.body.url as string);
    expect(url.pathname).toMatch(new RegExp(`^/api/Calendar/feed/${w.tenant.id}-[A-Za-z0-9_-]{43}\\.ics$`));
    const read = await fetch(`${w.s.baseUrl}${url.pathname}`);
    expect(read.status).toBe(200);
    expect(read.headers.get("content-type")).toContain("text/calendar");
    const text = await read.text();
    const cal = new ICAL.Component(ICAL.parse(text));
    const events = cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    // Each event once: a UID is unique in a calendar (RFC 5545).
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    // Everything the calendar shows from two weeks back to two months ahead, each with its stable UID.
    const now = Date.now();
    const shown = await entries({
      from: new Date(now - 14 * 86_400_000).toISOString(),
      to: new Date(now + 31 * 86_400_000).toISOString(),
    });
    for (const e of shown) {
      const found = events.find((v) => v.uid.startsWith(String(e.key).replaceAll(":", "-") + "@"));
      expect(found, String(e.key)).toBeTruthy();
      expect(found!.startDate.toJSDate().toISOString()).toBe(e.start);
      expect(found!.startDate.isDate).toBe(e.allDay);
    }
    expect(shown.length).toBeGreaterThan(0);
    const soon = (await w.api("POST", "/Calendar", {
      title: "Ramp service",
      // Whole minutes: iCalendar times have no fractions of a second.
      startDate: new Date(Math.floor(now / 60_000) * 60_000 + 86_400_000).toISOString(),
      finishDate: new Date(Math.floor(now / 60_000) * 60_000 + 90_000_000).toISOString(),
    })).body;
    const again = new ICAL.Component(ICAL.parse(await (await fetch(`${w.s.baseUrl}${url.pathname}`)).text()));
    const ramp = new ICAL.Event(
      again.getAllSubcomponents("vevent").find((v) =>
        v.getFirstPropertyValue("uid") ===
          `event-${soon.id}@${new URL(made.body.url).host}`
      )!,
    );
    expect([ramp.summary, ramp.startDate.toJSDate().toISOString(), ramp.endDate.toJSDate().toISOString()])
      .toEqual(["Ramp service", soon.startDate, soon.finishDate]);
    expect(made.body.lastReadAt).toBeNull();
    expect((await w.api("GET", "/Calendar/feed", undefined, planner)).body.lastReadAt).not.toBeNull();

    const renewed = await w.api("POST", "/Calendar/feed", undefined, planner);
    expect(renewed.body.url).not.toBe(made.body.url);
    expect((await fetch(`${w.s.baseUrl}${url.pathname}`)).status).toBe(404);
    expect((await fetch(`${w.s.baseUrl}${new URL(renewed.body.url).pathname}`)).status).toBe(200);
    // Another tenant's number in front of the secret finds nothing.
    const forged = new URL(renewed.body.url).pathname.replace(`/${w.tenant.id}-`, `/${w.tenant.id + 1}-`);
    expect((await fetch(`${w.s.baseUrl}${forged}`)).status).toBe(404);
    // Stopped: 404.
    expect((await w.api("DELETE", "/Calendar/feed", undefined, planner)).status).toBe(204);
    expect((await fetch(`${w.s.baseUrl}${new URL(renewed.body.url).pathname}`)).status).toBe(404);
  });

  it("names entries in the user's language and stops for a blocked user", async () => {
    const token = await addStaffUser(w, "cal-de", { defaultLanguage: "de-de" });
    const now = Date.now();
    const doc = (await w.api("POST", "/WmsDocument", {
      typeCode: "DIN",
      destinationLocationId: dockA,
      deadline: new Date(now + 2 * 86_400_000).toISOString().slice(0, 10),
    })).body;
    const url = new URL((await w.api("POST", "/Calendar/feed", undefined, token)).body.url).pathname;
    const cal = new ICAL.Component(ICAL.parse(await (await fetch(`${w.s.baseUrl}${url}`)).text()));
    const ev = cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v))
      .find((v) => v.uid.startsWith(`document-${doc.id}-deadline@`))!;
    expect(ev.summary).toBe(`Frist: ${doc.documentNumber}`);
    expect(ev.startDate.isDate).toBe(true);
    const id = (await w.api(
      "GET",
      "/User?BasicFiltersSerialized=" + encodeURIComponent(
        JSON.stringify([{ field: "username", operator: "eq", value: "cal-de" }]),
      ),
    )).body.results[0];
    // Tied to a contractor, the user reads no more of everyone's plans.
    const user = (await w.api("GET", `/User/${id.id}`)).body;
    const tied = await w.api("PUT", "/User", { ...user, connectedContractorId: acme });
    expect(tied.status, JSON.stringify(tied.body)).toBe(200);
    expect((await fetch(`${w.s.baseUrl}${url}`)).status).toBe(404);
    const untied = await w.api("PUT", "/User", { ...tied.body, connectedContractorId: null });
    expect((await fetch(`${w.s.baseUrl}${url}`)).status).toBe(200);
    const blocked = await w.api("PUT", "/User", { ...untied.body, blocked: true });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    expect((await fetch(`${w.s.baseUrl}${url}`)).status).toBe(404);
  });
});
