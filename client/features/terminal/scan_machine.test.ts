// The terminal's scan handling (scan_machine.ts), event by event: what each scan, quantity, lot, shortage
// and finish does to the task and the step, what the operator is told, and what is queued for the server,
// on the five screens (receipt, release, picking, relocation, counting), online and offline.
import { beforeEach, describe, expect, it } from "vitest";
import { translator } from "../../../shared/i18n/mod.ts";
import {
  type TerminalContainer,
  TerminalIndex,
  type TerminalLocation,
  type TerminalProduct,
} from "./data.ts";
import { type Kind, linesKey, type Position, type SourceLine } from "./flow.ts";
import {
  acceptingWarnings,
  type Context,
  type Effect,
  type Event,
  initialState,
  promptOf,
  proposedQuantity,
  type ScanState,
  stepOf,
  type Task,
  transition,
  type Write,
} from "./scan_machine.ts";

const t = translator("en-us");

const product = (id: number, index: string, extra: Partial<TerminalProduct> = {}): TerminalProduct => ({
  id,
  index,
  name: index[0] + index.slice(1).toLowerCase(),
  unit: "pcs",
  barcodes: [],
  expiryDateRequired: false,
  productionDateRequired: false,
  serialNumberRequired: false,
  lockIn: false,
  lockOut: false,
  lockRelocate: false,
  ...extra,
});
const location = (id: number, label: string, extra: Partial<TerminalLocation> = {}): TerminalLocation => ({
  id,
  label,
  parentId: null,
  pickupOrder: null,
  lockedIn: false,
  lockedOut: false,
  ...extra,
});

const APPLE = product(1, "APPLE", { barcodes: ["5901234123457"] });
const MILK = product(2, "MILK", { barcodes: ["5900000000015"], expiryDateRequired: true });
const WATCH = product(3, "WATCH", { barcodes: ["5900000000022"], serialNumberRequired: true });
const CHEESE = product(4, "CHEESE", { barcodes: ["5900000000039"], unit: "kg" });
const PASTRY = product(8, "PASTRY", { productionDateRequired: true });
const LOCKED = product(5, "LOCKED", { lockIn: true, lockOut: true, lockRelocate: true });
const TWIN1 = product(6, "TWIN1", { barcodes: ["TWIN"] });
const TWIN2 = product(7, "TWIN2", { barcodes: ["TWIN"] });

const containers: TerminalContainer[] = [
  { id: 50, number: "TOTE-1", locationId: 4 },
  { id: 60, number: "PAL-1", locationId: 11 },
];
const index = new TerminalIndex({
  products: [APPLE, MILK, WATCH, CHEESE, LOCKED, TWIN1, TWIN2, PASTRY],
  locations: [
    location(1, "ZONE"),
    location(11, "A-01", { parentId: 1, pickupOrder: 10 }),
    location(12, "A-02", { parentId: 1, pickupOrder: 20 }),
    location(2, "B-01"),
    location(3, "LOCK", { lockedIn: true, lockedOut: true }),
    location(4, "DOCK"),
  ],
  containers,
  savedAt: "",
});

let ids = 0;
beforeEach(() => {
  ids = 0;
});

const context = (over: Partial<Context> = {}): Context => ({
  t,
  data: index,
  online: false,
  newId: () => `n${++ids}`,
  ...over,
});

/** A screen driven event by event: the state carried on, the last event's effects kept. */
class Screen {
  state: ScanState;
  effects: Effect[] = [];
  constructor(kind: Kind, task: Task | null = null) {
    this.state = initialState(kind, task);
  }
  on(event: Event, over: Partial<Context> = {}): this {
    const out = transition(this.state, event, context(over));
    this.state = out.state;
    this.effects = out.effects;
    return this;
  }
  scan(code: string, over: Partial<Context> = {}): this {
    return this.on({ type: "scan", code }, over);
  }
  quantity(quantity: number): this {
    return this.on({ type: "quantity", quantity });
  }
  get step() {
    return stepOf(this.state, index);
  }
  get expecting() {
    return this.step.expecting;
  }
  get task(): Task {
    return this.state.task!;
  }
  /** What the operator was told. */
  get said() {
    return this.effects.filter((e) => e.type === "say").map((e) => ({ kind: e.kind, text: e.text }));
  }
  /** What was queued. */
  get sent(): Write[] {
    return this.effects.flatMap((e) => (e.type === "send" ? [e.write] : []));
  }
  prompt(p: { refusedHere?: boolean; suggestions?: { label: string }[] } = {}) {
    return promptOf(t, this.state, this.step, {
      data: index,
      refusedHere: p.refusedHere ?? false,
      suggestions: p.suggestions ?? [],
    });
  }
}

const ok = (text: string) => [{ kind: "ok", text }];
const error = (text: string) => [{ kind: "error", text }];
const issue = (name: string, params: Record<string, string | number> = {}) =>
  t.t(`apiError.document.issue.${name}` as never, params);

function position(id: number | string, p: TerminalProduct, quantity: number, extra: Partial<Position> = {}) {
  return {
    id,
    productId: p.id,
    productIndex: p.index,
    productName: p.name,
    quantity,
    quantityReal: null,
    sourceLocationId: null,
    destinationLocationId: null,
    sourceContainerId: null,
    destinationContainerId: null,
    expiryDate: null,
    productionDate: null,
    serialNumber: null,
    ...extra,
  } satisfies Position;
}

/** A document opened from the server with these positions. */
function opened(kind: Kind, positions: Position[], doc: Record<string, unknown> = {}): Screen {
  return new Screen(kind).on({
    type: "opened",
    doc: { id: 900, documentNumber: "DOC/1", typeCode: "OOU", sourceLocationId: null, ...doc },
    positions,
  });
}

describe("a scan before there is a task", () => {
  it("looks the code up as a document (or a count), and an empty scan does nothing", () => {
    const s = new Screen("out").scan("  DOC/7 ");
    expect(s.effects).toEqual([{ type: "clock" }, { type: "findTask", code: "DOC/7" }]);
    expect(new Screen("out").scan("   ").effects).toEqual([{ type: "clock" }]);
  });

  it("opens what the server found: a document carried out by its positions, a count, or nothing", () => {
    const s = opened("out", [position(10, APPLE, 3)]);
    expect(s.task).toMatchObject({ documentId: 900, ref: "900", number: "DOC/1", pick: true });
    expect(s.said).toEqual(ok("Opened DOC/1"));
    // A document with no positions is added to; a relocation always makes its own moves.
    expect(opened("out", []).task.pick).toBe(false);
    expect(opened("relocate", [position(10, APPLE, 3)]).task.pick).toBe(false);

    const c = new Screen("check").on({
      type: "count",
      order: { id: 5, orderNumber: "INV/5", typeCode: "INV" },
    });
    expect(c.task).toMatchObject({ countId: 5, number: "INV/5", pick: true, positions: [] });
    expect(c.said).toEqual(ok(t.t("terminal.opened", { number: "INV/5" })));

    expect(new Screen("out").on({ type: "notFound", code: "X" }).said).toEqual(
      error(t.t("terminal.documentNotFound", { code: "X" })),
    );
    expect(new Screen("out").on({ type: "failed", text: "Network down" }).said).toEqual(
      error("Network down"),
    );
  });

  it("forgets positions skipped on the previous document", () => {
    const s = opened("out", [position(10, APPLE, 3, { sourceLocationId: 11 })]).on({ type: "skip", id: 10 });
    expect([...s.state.skipped]).toEqual([10]);
    s.on({ type: "opened", doc: { id: 901, documentNumber: "DOC/2" }, positions: [] });
    expect(s.state.skipped.size).toBe(0);
  });
});

describe("the data and codes it does not know", () => {
  it("holds a scan until the data arrives online, and says so offline", () => {
    const s = opened("in", []);
    s.scan("APPLE", { data: null, online: true });
    expect(s.effects).toEqual([{ type: "clock" }, { type: "wait", code: "APPLE" }]);
    s.scan("APPLE", { data: null, online: false });
    expect(s.said).toEqual(error(t.t("terminal.noData")));
  });

  it("asks the server once for a code the data does not know (online), then judges it as it stands", () => {
    const s = opened("in", []);
    s.scan("NEW-1", { online: true });
    expect(s.effects).toEqual([{ type: "clock" }, { type: "lookUp", code: "NEW-1" }]);
    expect(s.state.lookedUp.has("NEW-1")).toBe(true);
    // Not found: the same scan taken on, the clock still running.
    s.on({ type: "scan", code: "NEW-1", again: true }, { online: true });
    expect(s.effects[0]).toEqual({
      type: "say",
      kind: "error",
      text: issue("productNotFound", { code: "NEW-1" }),
    });
    // Asked once a screen: a second scan is judged at once.
    s.scan("NEW-1", { online: true });
    expect(s.effects.map((e) => e.type)).toEqual(["clock", "say"]);
    // Offline the server is not asked.
    expect(opened("in", []).scan("NEW-2").said).toEqual(error(issue("productNotFound", { code: "NEW-2" })));
  });

  it("refuses a code naming several products, and an unreadable GS1 label, without asking the server", () => {
    const s = opened("in", []).scan("TWIN", { online: true });
    expect(s.said).toEqual(error(issue("productAmbiguous", { code: "TWIN", count: 0, products: "" })));
    s.scan("(01)05901234123458(17)270630", { online: true });
    expect(s.said[0].text).toBe(issue("gs1Unreadable", { code: "(01)05901234123458(17)270630" }));
  });
});

describe("a receipt from nothing", () => {
  it("makes the document through the queue and names it locally until the server answers", () => {
    const s = new Screen("in").on({ type: "fresh" });
    expect(s.task).toMatchObject({
      id: "n2",
      ref: "{local:n1}",
      documentId: null,
      pick: false,
      typeCode: "IIN",
    });
    expect(s.effects).toEqual([{
      type: "send",
      task: "n2",
      write: {
        method: "POST",
        path: "/WmsDocument",
        body: { typeCode: "IIN" },
        makes: "n1",
        label: t.t("terminal.step.create", { type: "IIN" }),
      },
    }]);
    expect(s.expecting).toBe("product");
    expect(s.prompt()).toBe("Scan a product");
  });

  it("takes a product, its quantity and where it is put, queued as a done line", () => {
    const s = new Screen("in").on({ type: "fresh" });
    s.scan("5901234123457");
    expect(s.said).toEqual(ok("APPLE · Apple"));
    expect(s.expecting).toBe("quantity");
    expect(s.prompt()).toBe("Enter the quantity of APPLE");
    expect(proposedQuantity(s.state, s.step)).toBe(1);
    expect(s.effects.filter((e) => e.type === "send")).toEqual([]);

    s.quantity(0);
    expect(s.said).toEqual(error(t.t("terminal.quantityInvalid")));
    s.quantity(1.0005);
    expect(s.said).toEqual(error(t.t("terminal.quantityInvalid")));
    s.quantity(5);
    expect(s.said).toEqual([]);
    expect(s.expecting).toBe("put");
    expect(s.prompt({ suggestions: [{ label: "B-01" }] })).toBe("Put away: scan location B-01");
    expect(s.prompt()).toBe("Put away: scan a location");

    // A locked location and a container are refused; nothing is queued.
    s.scan("LOCK");
    expect(s.said).toEqual(error(issue("locationLocked", { location: "LOCK", side: "destination" })));
    s.scan("TOTE-1");
    expect(s.said).toEqual(error(issue("wrongLocation", { location: "TOTE-1", expected: "" })));
    expect(s.sent).toEqual([]);

    s.scan("b-01");
    expect(s.sent).toEqual([{
      method: "POST",
      path: "/WmsDocumentPosition",
      body: {
        documentId: "{local:n1}",
        productCode: "5901234123457",
        quantity: 5,
        quantityReal: 5,
        destinationLocationId: 2,
        expiryDate: null,
        productionDate: null,
        serialNumber: null,
      },
      label: t.t("terminal.step.put", { product: "APPLE", quantity: 5, location: "B-01" }),
    }]);
    expect(s.said).toEqual(ok(t.t("terminal.put", { product: "APPLE", quantity: 5, location: "B-01" })));
    expect(s.task.positions).toMatchObject([{
      productId: 1,
      quantity: 5,
      quantityReal: 5,
      destinationLocationId: 2,
    }]);
    expect(s.state.draft).toEqual({ lot: { expiryDate: null, productionDate: null, serialNumber: null } });
    expect(s.expecting).toBe("product");
  });

  it("raises the quantity by a carton when the same product is scanned again, and refuses another", () => {
    const s = new Screen("in").on({ type: "fresh" }).scan("MILK");
    s.scan("5900000000015");
    expect(s.said).toEqual(ok(t.t("terminal.onePlus", { product: "MILK" })));
    expect(s.state.draft.quantity).toBe(1);
    // MILK needs its expiry: the lot step, where the same product still counts one more.
    expect(s.expecting).toBe("lot");
    s.scan("MILK");
    expect(s.state.draft.quantity).toBe(2);

    const other = new Screen("in").on({ type: "fresh" }).scan("APPLE").scan("CHEESE");
    expect(other.said).toEqual(error(issue("wrongProduct", { product: "APPLE", code: "CHEESE" })));
    expect(other.state.draft.quantity).toBe(undefined);
    // A location is no product.
    other.scan("A-01");
    expect(other.said).toEqual(error(issue("productNotFound", { code: "A-01" })));
  });

  it("reads a GS1 label: the product by its GTIN, expiry, batch and count said back, the count taken", () => {
    const s = new Screen("in").on({ type: "fresh" }).scan("(01)05901234123457(17)270630(10)L42(30)4");
    expect(s.said).toEqual([
      { kind: "ok", text: `APPLE · Apple · batch L42 · expires ${t.day("2027-06-30")}` },
    ]);
    // The count needs no typing: the quantity is taken as if entered (the feedback clock restarted).
    expect(s.effects.map((e) => e.type)).toEqual(["clock", "say", "clock"]);
    expect(s.state.draft).toMatchObject({ product: APPLE, quantity: 4, lot: { expiryDate: "2027-06-30" } });
    expect(s.expecting).toBe("put");
    s.scan("B-01");
    expect(s.sent[0].body).toMatchObject({
      quantity: 4,
      expiryDate: "2027-06-30",
      productCode: expect.any(String),
    });
  });

  it("reads production date and serial number (AI 11, 21), a net weight for a product in kg (AI 310n)", () => {
    const s = new Screen("in").on({ type: "fresh" }).scan("(01)05901234123457(11)260101(21)SN9");
    expect(s.state.draft.lot).toEqual({
      expiryDate: null,
      productionDate: "2026-01-01",
      serialNumber: "SN9",
    });
    expect(s.said).toEqual(ok("APPLE · Apple · serial SN9"));
    expect(s.state.draft.quantity).toBe(undefined);

    const kg = new Screen("in").on({ type: "fresh" }).scan("(01)05900000000039(3102)001250");
    expect(kg.state.draft).toMatchObject({ product: CHEESE, quantity: 12.5 });
    // AI 02 with 37: the items contained in a logistic unit, counted.
    const unit = new Screen("in").on({ type: "fresh" }).scan("(02)05901234123457(37)12");
    expect(unit.state.draft).toMatchObject({ product: APPLE, quantity: 12 });
  });

  it("refuses a product locked for receipts", () => {
    const s = new Screen("in").on({ type: "fresh" }).scan("LOCKED");
    expect(s.said).toEqual(error(issue("productLockedIn", { product: "LOCKED" })));
    expect(s.state.draft.product).toBe(undefined);
  });
});

describe("the lot step", () => {
  const milk = () => new Screen("in").on({ type: "fresh" }).scan("MILK").quantity(2);

  it("takes a date typed in the user's format, ISO or GS1's YYMMDD; refuses what is no date", () => {
    const s = milk();
    expect(s.expecting).toBe("lot");
    expect(s.prompt()).toBe("Enter the lot of MILK");
    s.scan("31/02/2027");
    expect(s.said).toEqual(
      error(
        t.t("terminal.notADate", { text: "31/02/2027", example: t.day(`${new Date().getFullYear()}-12-31`) }),
      ),
    );
    expect(s.expecting).toBe("lot");
    s.scan("12/15/2026");
    expect(s.state.draft.lot.expiryDate).toBe("2026-12-15");
    expect(s.said).toEqual(ok(`${t.t("terminal.lot.expiryDate")}: ${t.day("2026-12-15")}`));
    expect(s.expecting).toBe("put");

    expect(milk().scan("2027-01-31").state.draft.lot.expiryDate).toBe("2027-01-31");
    expect(milk().scan("270228").state.draft.lot.expiryDate).toBe("2027-02-28");
    // A label's date element, where the text is no date of its own (a product the data does not know).
    expect(milk().scan("(01)05900000000046(17)270630").state.draft.lot.expiryDate).toBe("2027-06-30");
    // The production date, where the product asks for it.
    const pastry = new Screen("in").on({ type: "fresh" }).scan("PASTRY").quantity(1).scan("260101");
    expect(pastry.state.draft.lot).toEqual({
      expiryDate: null,
      productionDate: "2026-01-01",
      serialNumber: null,
    });
    expect(pastry.said).toEqual(ok(`${t.t("terminal.lot.productionDate")}: ${t.day("2026-01-01")}`));
    // In German the day comes first.
    const de = milk().on({ type: "scan", code: "15.12.2026" }, { t: translator("de-de") });
    expect(de.state.draft.lot.expiryDate).toBe("2026-12-15");
  });

  it("takes a serial number as scanned, or a GS1 label's; another product's or a place's code is none", () => {
    const watch = () => new Screen("in").on({ type: "fresh" }).scan("WATCH").quantity(1);
    const s = watch();
    expect(s.expecting).toBe("lot");
    s.scan("A-01");
    expect(s.said).toEqual(error(issue("productNotFound", { code: "A-01" })));
    s.scan("APPLE");
    expect(s.said).toEqual(error(issue("wrongProduct", { product: "WATCH", code: "APPLE" })));
    s.scan("SN-0001");
    expect(s.state.draft.lot.serialNumber).toBe("SN-0001");
    expect(s.said).toEqual(ok(`${t.t("terminal.lot.serialNumber")}: SN-0001`));

    // A label of a product the data does not know, with its serial (offline, nothing asked).
    expect(watch().scan("(01)05900000000046(21)SN77").state.draft.lot.serialNumber).toBe("SN77");
    // A GS1 label with no serial is none either.
    expect(watch().scan("(01)05900000000046(17)270630").said[0].kind).toBe("error");
  });

  it("takes the lot form only once it is whole", () => {
    const s = milk();
    s.on({ type: "lot", lot: { expiryDate: null, productionDate: null, serialNumber: null } });
    expect(s.said).toEqual(error(t.t("terminal.lotMissing", { field: t.t("terminal.lot.expiryDate") })));
    s.on({ type: "lot", lot: { expiryDate: "2027-05-01", productionDate: null, serialNumber: null } });
    expect(s.said).toEqual(ok(t.t("terminal.lotTaken")));
    expect(s.state.draft.lot.expiryDate).toBe("2027-05-01");
    expect(s.expecting).toBe("put");
  });
});

describe("a receipt by its positions", () => {
  const receipt = () =>
    opened("in", [
      position(10, APPLE, 10, { destinationLocationId: 1 }),
      position(11, MILK, 4, { expiryDate: "2027-03-01" }),
    ], { typeCode: "OIN" });

  it("picks the position by the scanned product, refusing one not on the order", () => {
    const s = receipt();
    expect(s.expecting).toBe("product");
    s.scan("CHEESE");
    expect(s.said).toEqual(error(issue("productNotOnOrder", { product: "CHEESE", order: "DOC/1" })));
    s.scan("MILK");
    expect(s.state.draft).toMatchObject({ positionId: 11, lot: { expiryDate: "2027-03-01" } });
    // The position's lot is the lot: no lot step.
    s.quantity(5);
    expect(s.said).toEqual(error(issue("quantityAbovePosition", { product: "MILK", left: 4 })));
    s.quantity(4);
    expect(s.expecting).toBe("put");
  });

  it("refuses a label whose lot is not the position's", () => {
    const s = receipt().scan("(01)05900000000015(17)270401");
    expect(s.said).toEqual(
      error(
        issue("wrongLot", { product: "MILK", expected: t.day("2027-03-01"), scanned: t.day("2027-04-01") }),
      ),
    );
  });

  it("puts a part at a bin under the position's zone as a position of its own; the rest stays", () => {
    const s = receipt().scan("APPLE").quantity(4);
    expect(s.prompt()).toBe("Put away: scan location ZONE");
    s.scan("B-01");
    expect(s.said).toEqual(error(issue("wrongLocation", { location: "B-01", expected: "ZONE" })));
    s.scan("A-02");
    expect(s.sent).toEqual([{
      method: "POST",
      path: "/WmsDocumentPosition/10/Pick",
      body: { quantity: 4, productCode: "APPLE", locationId: 12, containerId: null },
      label: t.t("terminal.step.take", { product: "APPLE", quantity: 4, location: "A-02" }),
    }]);
    expect(s.task.positions.map((x) => [x.id, x.quantity, x.quantityReal, x.destinationLocationId])).toEqual([
      [10, 6, null, 1],
      ["local-n2", 4, 4, 12],
      [11, 4, null, null],
    ]);
    expect(s.state.draft.location).toBe(undefined);
    // The rest, whole, at the same bin: the position becomes the bin's.
    s.scan("APPLE").quantity(6).scan("A-02");
    expect(s.task.positions[0]).toMatchObject({
      id: 10,
      quantity: 6,
      quantityReal: 6,
      destinationLocationId: 12,
    });
  });
});

describe("a release by its positions", () => {
  const release = () =>
    opened("out", [
      position(20, APPLE, 3, { sourceLocationId: 12 }),
      position(21, CHEESE, 2, { sourceLocationId: 11 }),
    ]);

  it("walks the positions in the places' order and refuses another location", () => {
    const s = release();
    expect(s.step.target?.id).toBe(21);
    expect(s.expecting).toBe("location");
    expect(s.prompt()).toBe("Scan location A-01");
    s.scan("A-02");
    expect(s.said).toEqual(error(issue("wrongLocation", { location: "A-02", expected: "A-01" })));
    s.scan("TOTE-1");
    expect(s.said).toEqual(error(issue("wrongLocation", { location: "TOTE-1", expected: "A-01" })));
    s.scan("A-01");
    expect(s.said).toEqual(ok(t.t("terminal.locationOk", { location: "A-01" })));
    expect(s.expecting).toBe("product");
    expect(s.prompt()).toBe("Scan product CHEESE");
  });

  it("takes the right product, proposes what is left, and queues the pick; the next position follows", () => {
    const s = release().scan("A-01").scan("APPLE");
    expect(s.said).toEqual(error(issue("wrongProduct", { product: "CHEESE", code: "APPLE" })));
    s.scan("CHEESE");
    expect(s.expecting).toBe("quantity");
    expect(proposedQuantity(s.state, s.step)).toBe(2);
    s.quantity(2);
    expect(s.sent).toEqual([{
      method: "POST",
      path: "/WmsDocumentPosition/21/Pick",
      body: { quantity: 2, productCode: "CHEESE", locationId: 11, containerId: null },
      label: t.t("terminal.step.take", { product: "CHEESE", quantity: 2, location: "A-01" }),
    }]);
    expect(s.said).toEqual(ok(t.t("terminal.taken", { product: "CHEESE", quantity: 2 })));
    expect(s.task.positions[1]).toMatchObject({ quantityReal: 2, sourceLocationId: 11 });
    expect(s.step.target?.id).toBe(20);
    // The scanned location is kept, but counts only where the next position is.
    expect(s.state.draft.location?.id).toBe(11);
    expect(s.expecting).toBe("location");
    s.scan("A-02").scan("APPLE").quantity(3);
    expect(s.step.allDone).toBe(true);
    expect(s.prompt()).toBe(t.t("terminal.prompt.allDone"));
  });

  it("asks the quantity of a product scanned anew, whatever was entered before", () => {
    const s = release().scan("A-01");
    s.state = { ...s.state, draft: { ...s.state.draft, quantity: 7 } };
    s.scan("CHEESE");
    expect(s.state.draft.quantity).toBe(undefined);
    expect(s.expecting).toBe("quantity");
  });

  it("refuses a product locked for releases", () => {
    const s = opened("out", [position(22, LOCKED, 1, { sourceLocationId: 11 })]).scan("A-01").scan("LOCKED");
    expect(s.said).toEqual(error(issue("productLockedOut", { product: "LOCKED" })));
  });

  it("skips a position to the end of the walk", () => {
    const s = release().on({ type: "skip", id: 21 });
    expect(s.step.target?.id).toBe(20);
    expect(s.step.todo.map((x) => x.id)).toEqual([20, 21]);
  });

  it("reports a shortage: queued, marked short, said in red; nothing found at all ends the task", () => {
    const s = release().scan("A-01").on({ type: "shortage", which: [release().step.target!] });
    expect(s.sent).toEqual([{
      method: "POST",
      path: "/WmsDocumentPosition/21/Shortage",
      label: t.t("terminal.step.shortage", { product: "CHEESE", quantity: 2 }),
    }]);
    expect(s.said).toEqual(error(t.t("terminal.shortReported", { product: "CHEESE", quantity: 2 })));
    // Nothing was picked: the order's document goes with its last position, and the task ends.
    expect(s.state.task).toBe(null);

    const picked = release().scan("A-01").scan("CHEESE").quantity(2);
    picked.on({ type: "shortage", which: picked.step.todo });
    expect(picked.task.positions.map((x) => x.short)).toEqual([true, undefined]);
    expect(picked.said).toEqual(error(t.t("terminal.shortReported", { product: "APPLE", quantity: 3 })));
    expect(picked.step.allDone).toBe(true);
    // The location scanned stays.
    expect(picked.state.draft.location?.id).toBe(11);

    const both = release();
    both.on({ type: "shortage", which: both.step.todo });
    expect(both.sent.map((w) => w.path)).toEqual([
      "/WmsDocumentPosition/21/Shortage",
      "/WmsDocumentPosition/20/Shortage",
    ]);
    expect(both.said).toEqual(error(t.plural("terminal.shortReportedMany", 2, { count: 2 })));
  });

  it("finishes through the queue; the prompt says it is sending until it is sent or refused", () => {
    const s = release().scan("A-01").scan("CHEESE").quantity(2).scan("A-02").scan("APPLE").quantity(3);
    s.on({ type: "finish" });
    expect(s.sent).toEqual([{
      method: "POST",
      path: "/WmsDocument/900/confirm",
      label: t.t("terminal.step.confirm", { number: "DOC/1" }),
    }]);
    expect(s.said).toEqual(ok(t.t("terminal.finished", { number: "DOC/1" })));
    expect(s.task.finishing).toBe(true);
    expect(s.prompt()).toBe(t.t("terminal.prompt.sending", { number: "DOC/1" }));
    // Refused: the operator resolves it, and the prompt no longer says it is sending.
    expect(s.prompt({ refusedHere: true })).toBe(t.t("terminal.prompt.allDone"));
  });

  it("leaves the task, or starts the step over", () => {
    const s = release().scan("A-01").scan("CHEESE").on({ type: "startOver" });
    expect(s.state.draft).toEqual({ lot: { expiryDate: null, productionDate: null, serialNumber: null } });
    expect(s.task).not.toBe(null);
    s.on({ type: "leave" });
    expect(s.state.task).toBe(null);
    expect(s.effects).toEqual([{ type: "hush" }]);
    expect(s.expecting).toBe("document");
    expect(s.prompt()).toBe(t.t("terminal.prompt.document"));
  });
});

const line = (id: number, locationId: number, quantity: number, expiryDate: string | null): SourceLine => ({
  id,
  locationId,
  locationLabel: "",
  containerNumber: null,
  expiryDate,
  productionDate: null,
  serialNumber: null,
  quantity,
});

describe("a release from a zone (FEFO)", () => {
  const zone = (lines?: Record<string, SourceLine[]>) => {
    const s = opened("out", [position(30, APPLE, 5)], { sourceLocationId: 1 });
    if (lines) s.state = { ...s.state, task: { ...s.task, lines } };
    return s;
  };

  it("asks for the free lines it does not know, and says nothing of where meanwhile", () => {
    const s = zone();
    expect(s.step.linesWanted).toBe(linesKey(1, 1));
    expect(s.step.guide).toBe(null);
    expect(s.prompt()).toBe("Scan location ZONE");
    expect(zone({ [linesKey(1, 1)]: [] }).step.linesWanted).toBe("");
  });

  it("sends the operator to the earliest lot's bin; another bin in the zone is taken, said in amber", () => {
    const lines = { [linesKey(1, 1)]: [line(1, 12, 3, "2027-01-01"), line(2, 11, 9, "2027-06-01")] };
    const s = zone(lines);
    expect(s.step.guide?.takes.map((x) => [x.locationId, x.quantity])).toEqual([[12, 3], [11, 2]]);
    expect(s.prompt()).toBe("Scan location A-02");
    s.scan("B-01");
    expect(s.said).toEqual(error(issue("wrongLocation", { location: "B-01", expected: "ZONE" })));
    s.scan("A-02");
    expect(s.said).toEqual(ok(t.t("terminal.locationOk", { location: "A-02" })));
    s.scan("APPLE");
    // What FEFO takes at the scanned bin is proposed.
    expect(proposedQuantity(s.state, s.step)).toBe(3);

    // Where FEFO takes it all at A-02, A-01 (in the zone, with stock) is taken all the same, and said.
    const other = zone({ [linesKey(1, 1)]: [line(1, 12, 9, "2027-01-01"), line(2, 11, 9, "2027-06-01")] })
      .scan("A-01");
    expect(other.said).toEqual([{
      kind: "warn",
      text: t.t("terminal.notSuggested", { location: "A-01", suggested: "A-02" }),
    }]);
    // Scanned for this very position, the bin counts though FEFO said another.
    expect(other.expecting).toBe("product");
  });
});

describe("a release from nothing", () => {
  const fresh = () => new Screen("out").on({ type: "fresh" });

  it("starts from the location: each product taken there by its scan, the location kept", () => {
    const s = fresh();
    expect(s.task.ref).toBe("{local:n1}");
    expect(s.prompt()).toBe(t.t("terminal.prompt.productOrLocation"));
    s.scan("LOCK");
    expect(s.said).toEqual(error(issue("locationLocked", { location: "LOCK", side: "source" })));
    s.scan("A-01").scan("APPLE").quantity(2);
    expect(s.sent).toEqual([{
      method: "POST",
      path: "/WmsDocumentPosition/scan",
      body: { documentId: "{local:n1}", productCode: "APPLE", quantity: 2, sourceLocationId: 11 },
      label: t.t("terminal.step.take", { product: "APPLE", quantity: 2, location: "A-01" }),
    }]);
    expect(s.said).toEqual(ok(t.t("terminal.taken", { product: "APPLE", quantity: 2 })));
    expect(s.task.positions).toMatchObject([{
      productId: 1,
      quantity: 2,
      quantityReal: 2,
      sourceLocationId: 11,
    }]);
    expect(s.state.draft.location?.id).toBe(11);
    expect(s.expecting).toBe("product");
  });

  it("starts from the product: its quantity, then where it is taken from (not kept after)", () => {
    const s = fresh().scan("APPLE");
    expect(s.expecting).toBe("quantity");
    s.quantity(2);
    expect(s.sent).toEqual([]);
    expect(s.expecting).toBe("location");
    expect(s.prompt()).toBe(t.t("terminal.prompt.locationOf", { product: "APPLE" }));
    // Where to take it, as for a position: the lines of anywhere.
    expect(s.step.freeTake).toMatchObject({ id: "draft", productId: 1, quantity: 2 });
    expect(s.step.linesWanted).toBe(linesKey(1, null));
    s.scan("A-02");
    expect(s.sent.map((w) => w.path)).toEqual(["/WmsDocumentPosition/scan"]);
    expect(s.state.draft.location).toBe(undefined);
  });

  it("says in amber when the product is taken elsewhere than FEFO's bin", () => {
    const s = fresh().scan("APPLE").quantity(2);
    s.state = {
      ...s.state,
      task: { ...s.task, lines: { [linesKey(1, null)]: [line(1, 12, 5, "2027-01-01")] } },
    };
    expect(s.prompt()).toBe("Scan location A-02");
    s.scan("A-01");
    const said = t.t("terminal.taken", { product: "APPLE", quantity: 2 });
    const note = t.t("terminal.notSuggested", { location: "A-01", suggested: "A-02" });
    expect(s.said).toEqual([{ kind: "warn", text: `${said}. ${note}` }]);
  });
});

describe("a picking into totes", () => {
  it("from nothing: the packing place makes the document, then each product goes into a scanned tote", () => {
    const s = new Screen("collect").on({ type: "fresh" });
    expect(s.sent).toEqual([]);
    expect(s.task.ref).toBe("");
    expect(s.expecting).toBe("packing");
    expect(s.prompt()).toBe(t.t("terminal.prompt.packing"));
    s.scan("APPLE");
    expect(s.said).toEqual(error(issue("wrongLocation", { location: "APPLE", expected: "" })));
    s.scan("DOCK");
    expect(s.sent).toEqual([{
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode: "CRL", destinationLocationId: 4 },
      makes: "n3",
      label: t.t("terminal.step.create", { type: "CRL" }),
    }]);
    expect(s.said).toEqual(ok(t.t("terminal.packingAt", { location: "DOCK" })));
    expect(s.task).toMatchObject({ ref: "{local:n3}", destinationLocationId: 4 });

    expect(s.prompt()).toBe(t.t("terminal.prompt.location"));
    s.scan("A-01").scan("APPLE").quantity(3);
    expect(s.expecting).toBe("tote");
    expect(s.prompt()).toBe(t.t("terminal.prompt.tote"));
    s.scan("B-01");
    expect(s.said).toEqual(error(t.t("terminal.notTote", { code: "B-01" })));
    s.scan("TOTE-1");
    expect(s.state.tote).toEqual(containers[0]);
    expect(s.sent).toEqual([{
      method: "POST",
      path: "/WmsDocumentPosition",
      body: {
        documentId: "{local:n3}",
        productCode: "APPLE",
        quantity: 3,
        quantityReal: 3,
        sourceLocationId: 11,
        destinationContainerId: 50,
        expiryDate: null,
        productionDate: null,
        serialNumber: null,
      },
      label: t.t("terminal.step.tote", { product: "APPLE", quantity: 3, tote: "TOTE-1" }),
    }]);
    expect(s.said).toEqual(ok(t.t("terminal.intoTote", { product: "APPLE", quantity: 3, tote: "TOTE-1" })));
    expect(s.state.draft.location?.id).toBe(11);
    // Finished, the tote is forgotten.
    s.on({ type: "finish" });
    expect(s.state.tote).toBe(null);
  });

  it("by positions: the pick names the tote; a product locked for moves is refused", () => {
    const s = opened("collect", [position(40, APPLE, 2, { sourceLocationId: 11 })], {
      destinationLocationId: 4,
    });
    s.scan("A-01").scan("APPLE").quantity(2).scan("TOTE-1");
    expect(s.sent[0]).toMatchObject({
      path: "/WmsDocumentPosition/40/Pick",
      body: { quantity: 2, productCode: "APPLE", locationId: 11, containerId: 50 },
    });
    expect(s.task.positions[0]).toMatchObject({ quantityReal: 2, destinationContainerId: 50 });

    const locked = opened("collect", [position(41, LOCKED, 1, { sourceLocationId: 11 })], {
      destinationLocationId: 4,
    }).scan("A-01").scan("LOCKED");
    expect(locked.said).toEqual(error(issue("productLockedRelocate", { product: "LOCKED" })));
  });
});

describe("a relocation", () => {
  it("moves a whole container", () => {
    const s = new Screen("relocate").on({ type: "fresh" });
    expect(s.sent).toEqual([]);
    expect(s.prompt()).toBe(t.t("terminal.prompt.source"));
    s.scan("PAL-1");
    expect(s.said).toEqual(ok(t.t("terminal.containerAt", { container: "PAL-1", location: "A-01" })));
    expect(s.expecting).toBe("product");
    s.on({ type: "whole" });
    expect(s.expecting).toBe("destination");
    s.scan("LOCK");
    expect(s.said).toEqual(error(issue("locationLocked", { location: "LOCK", side: "destination" })));
    s.scan("B-01");
    expect(s.sent).toEqual([{
      method: "POST",
      path: "/Container/60/Relocate",
      body: { destinationLocationId: 2 },
      label: t.t("terminal.step.moveContainer", { container: "PAL-1", location: "B-01" }),
    }]);
    expect(s.said).toEqual(ok(t.t("terminal.moved", { what: "PAL-1", location: "B-01" })));
    expect(s.expecting).toBe("location");
  });

  it("moves a quantity of a lot as a group movement", () => {
    const s = new Screen("relocate").on({ type: "fresh" });
    s.scan("LOCK");
    expect(s.said).toEqual(error(issue("locationLocked", { location: "LOCK", side: "source" })));
    s.scan("A-01").scan("(01)05901234123457(17)270630").quantity(4);
    expect(s.expecting).toBe("destination");
    expect(s.prompt()).toBe(t.t("terminal.prompt.destination"));
    s.scan("TOTE-1");
    expect(s.said).toEqual(error(issue("wrongLocation", { location: "TOTE-1", expected: "" })));
    s.scan("B-01");
    expect(s.sent).toEqual([{
      method: "POST",
      path: "/WmsDocumentPosition/groupmovement",
      body: {
        destinationLocationId: 2,
        confirm: true,
        moves: [{
          productId: 1,
          quantity: 4,
          sourceLocationId: 11,
          sourceContainerId: null,
          expiryDate: "2027-06-30",
        }],
      },
      label: t.t("terminal.step.move", { product: "APPLE", quantity: 4, from: "A-01", location: "B-01" }),
    }]);
    expect(s.said).toEqual(ok(t.t("terminal.moved", { what: "4 × APPLE", location: "B-01" })));
  });
});

describe("a count", () => {
  const count = () => new Screen("check").on({ type: "count", order: { id: 5, orderNumber: "INV/5" } });
  const counted = [
    position(70, MILK, 0, { expiryDate: "2027-01-01" }),
    position(71, MILK, 0, { expiryDate: "2027-02-01" }),
  ];

  it("reads the location's positions from the server, then counts each product blind", () => {
    const s = count();
    expect(s.expecting).toBe("location");
    s.scan("CHEESE");
    expect(s.said).toEqual(error(issue("wrongLocation", { location: "CHEESE", expected: "" })));
    s.scan("A-01");
    expect(s.effects).toEqual([{ type: "clock" }, {
      type: "countAt",
      countId: 5,
      location: index.locationById.get(11),
    }]);
    s.on({ type: "counting", location: { id: 11, label: "A-01" }, positions: counted });
    expect(s.said).toEqual(ok(t.t("terminal.countAt", { location: "A-01", count: 2 })));
    expect(s.expecting).toBe("product");

    s.scan("APPLE");
    expect(s.said).toEqual(error(t.t("terminal.notOnCount", { product: "APPLE", location: "A-01" })));
    s.scan("B-01");
    expect(s.said).toEqual(error(issue("productNotFound", { code: "B-01" })));
    // A label's expiry picks the line.
    s.scan("(01)05900000000015(17)270201");
    expect(s.said).toEqual(ok("Milk"));
    expect(s.state.draft.positionId).toBe(71);
    expect(proposedQuantity(s.state, s.step)).toBe(undefined);

    s.quantity(-1);
    expect(s.said).toEqual(error(t.t("terminal.quantityInvalid")));
    s.quantity(0);
    expect(s.sent).toEqual([{
      method: "PATCH",
      path: "/WmsOrderPosition/71/QuantityReal?quantityReal=0",
      label: t.t("terminal.step.count", { product: "MILK", quantity: 0, location: "A-01" }),
    }]);
    expect(s.said).toEqual(ok(t.t("terminal.counted", { product: "MILK", quantity: 0 })));
    expect(s.task.positions[1].quantityReal).toBe(0);
    expect(s.state.draft.location?.id).toBe(11);
    expect(s.expecting).toBe("product");
  });

  it("has no new document, no finish and no shortage", () => {
    expect(new Screen("check").on({ type: "fresh" }).state.task).toBe(null);
    const s = count();
    expect(s.step.allDone).toBe(false);
    expect(s.step.target).toBe(null);
  });
});

describe("a refused step confirmed anyway", () => {
  const entry = (path: string, body?: unknown) => ({
    seq: 1,
    owner: "o",
    method: "POST" as const,
    path,
    body,
    key: "k",
    task: "t",
    label: "",
    state: "refused" as const,
    createdAt: "",
  });

  it("accepts the warnings of a confirmation by its query, of a movement by its body", () => {
    expect(acceptingWarnings(entry("/WmsDocument/9/confirm"))).toEqual({
      path: "/WmsDocument/9/confirm?acceptWarnings=true",
      body: undefined,
    });
    expect(acceptingWarnings(entry("/WmsDocument/9/confirm?acceptWarnings=false"))).toMatchObject({
      path: "/WmsDocument/9/confirm?acceptWarnings=true",
    });
    expect(acceptingWarnings(entry("/Container/3/Relocate", { destinationLocationId: 2 }))).toEqual({
      path: "/Container/3/Relocate",
      body: { destinationLocationId: 2, acceptWarnings: true },
    });
  });
});
