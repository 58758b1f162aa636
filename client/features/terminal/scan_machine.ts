// The terminal's scan handling as a pure state machine (issue 34): the task and the step under way, and
// each event (a scan, a quantity, a lot, a shortage, a finish, an answer from the server) turned into the
// next state and the effects to perform, in order: what to say, what to queue, what to ask the server.
// No React, no fetch, no clock: the screen (terminal.tsx) performs the effects and feeds back what the
// server answered as events, so every rule here is tested in plain unit tests (scan_machine.test.ts).
import type { Translator } from "../../../shared/i18n/mod.ts";
import { formatDay, isCalendarDay } from "../../../shared/list/format.ts";
import { isGs1, readGs1 } from "../../../shared/gs1/read.ts";
import { readScan, type ScanMeaning, type TerminalIndex, type TerminalProduct } from "./data.ts";
import {
  codeOf,
  documentTypes,
  type Finding,
  type Guide,
  guideTakes,
  judgeLocation,
  judgeProduct,
  judgeQuantity,
  type Kind,
  labelQuantity,
  left,
  linesKey,
  missingLot,
  namesBin,
  placeOf,
  type Position,
  type SourceLine,
  validQuantity,
  walk,
} from "./flow.ts";
import type { QueueEntry } from "./queue.ts";
import { readTypedDate } from "./typed_date.ts";

export type Rec = Record<string, unknown>;

export type Lot = { expiryDate: string | null; productionDate: string | null; serialNumber: string | null };
export const noLot: Lot = { expiryDate: null, productionDate: null, serialNumber: null };

/** Screens whose goods leave a place: each step says where to take them (FEFO). */
export const takesFrom = (kind: Kind) => kind === "out" || kind === "collect";

/** A document (or a count) the terminal carries out. */
export interface Task {
  /** The queue's task id. */
  id: string;
  kind: Kind;
  /** The server's id once known. */
  documentId: number | null;
  /** How paths name it: the id, or `{local:…}` while its creation waits in the queue. */
  ref: string;
  number: string;
  typeCode: string;
  /** Carry out its positions (an order's document, one with positions) rather than add new ones. */
  pick: boolean;
  sourceLocationId: number | null;
  destinationLocationId: number | null;
  positions: Position[];
  /** A count: its order id. */
  countId?: number;
  /** Its confirmation is queued: the task ends once it is sent (or stays, refused, to be resolved). */
  finishing?: boolean;
  /**
   * The free stock lines of each product within each place its positions name (linesKey), FEFO first,
   * as last read online: kept with the task, so that where to take goods is still said offline.
   */
  lines?: Record<string, SourceLine[]>;
}

/** What the operator has scanned towards the next step. */
export interface Draft {
  location?: { id: number; label: string };
  container?: { id: number; number: string };
  product?: TerminalProduct;
  code?: string;
  lot: Lot;
  quantity?: number;
  /** The position the step is for (pick mode, counting). */
  positionId?: number | string;
  /** Relocation of a whole container. */
  whole?: boolean;
  /** The position the location was scanned for: there it counts even where FEFO said another bin. */
  locationFor?: number | string;
}

export type Tote = { id: number; number: string };

/** The machine's state: everything the scan handling decides on that is not the server's data. */
export interface ScanState {
  kind: Kind;
  task: Task | null;
  draft: Draft;
  /** Positions put back to the end of the walk. */
  skipped: ReadonlySet<number | string>;
  /** The tote a picking puts into now. */
  tote: Tote | null;
  /** Codes already asked of the server while online (each once a screen). */
  lookedUp: ReadonlySet<string>;
}

export const initialState = (kind: Kind, task: Task | null = null): ScanState => ({
  kind,
  task,
  draft: { lot: noLot },
  skipped: new Set(),
  tote: null,
  lookedUp: new Set(),
});

/** What the machine decides with, beside its state. */
export interface Context {
  t: Translator;
  /** The products, locations and containers (null: not arrived yet). */
  data: TerminalIndex | null;
  online: boolean;
  /** A fresh unique id (a task's, a local document's or position's). */
  newId: () => string;
}

/** A write as it is queued (under the task's id), then sent when possible. */
export type Write = Pick<QueueEntry, "method" | "path" | "body" | "makes" | "label">;

export type Effect =
  /** Restart the scan-to-feedback clock (a quantity taken from a label, as one typed). */
  | { type: "clock" }
  /** Say it with a sound and a vibration; null: say nothing (the screen left). */
  | { type: "say"; kind: "ok" | "error" | "warn"; text: string }
  | { type: "hush" }
  | { type: "send"; task: string; write: Write }
  /** Find the document (or count) a code names: answered with `opened`, `count`, `notFound` or `failed`. */
  | { type: "findTask"; code: string }
  /** Ask the server for a product the data does not know; then `scan` again (with `again`). */
  | { type: "lookUp"; code: string }
  /** The scan waits for the data to arrive, then is taken again. */
  | { type: "wait"; code: string }
  /** Read a count's positions at a location: answered with `counting` or `failed`. */
  | { type: "countAt"; countId: number | undefined; location: { id: number; label: string } };

export type Event =
  /** `again`: the same scan taken on after a look-up (the clock keeps running). */
  | { type: "scan"; code: string; again?: boolean }
  | { type: "quantity"; quantity: number }
  /** The lot form sent. */
  | { type: "lot"; lot: Lot }
  /** A new document from nothing. */
  | { type: "fresh" }
  | { type: "opened"; doc: Rec; positions: Position[] }
  | { type: "count"; order: Rec }
  | { type: "counting"; location: { id: number; label: string }; positions: Position[] }
  | { type: "notFound"; code: string }
  | { type: "failed"; text: string }
  /** The operator cannot find the rest of these positions. */
  | { type: "shortage"; which: Position[] }
  | { type: "finish" }
  | { type: "skip"; id: number | string }
  | { type: "whole" }
  | { type: "leave" }
  | { type: "startOver" };

export type Expect =
  | "document"
  | "packing"
  | "location"
  | "product"
  | "quantity"
  | "lot"
  | "put"
  | "tote"
  | "destination";

/** The current step, derived from the state and the data. */
export interface Step {
  /** What is left to do, in walking order. */
  todo: Position[];
  /** The position the step is for: the walk's next; on a receipt, the one the scanned product chose. */
  target: Position | null;
  targetPlace: number | null;
  allDone: boolean;
  /** Something of the task was carried out. */
  picked: boolean;
  /** A release from nothing whose product and quantity are known: taken as a position would be. */
  freeTake: Position | null;
  /** Where the target (or freeTake) is to be taken from; null: not known; undefined: no guide. */
  guide: Guide | null | undefined;
  /** The free lines still to be read for the guides (linesKey, comma separated). */
  linesWanted: string;
  expecting: Expect;
}

/** A location's label by its id ("#id" when the data does not know it). */
export const labelOf = (data: TerminalIndex | null) => (id: number | null) =>
  id === null ? "" : data?.locationById.get(id)?.label ?? `#${id}`;

export function stepOf(state: ScanState, data: TerminalIndex | null): Step {
  const { kind, task, draft } = state;
  const doc = task ?? { sourceLocationId: null, destinationLocationId: null };
  const todo = task && data ? walk(kind, task.positions, doc, data, state.skipped) : [];
  const target = !task?.pick || kind === "check"
    ? null
    : kind === "in"
    ? task.positions.find((x) => x.id === draft.positionId) ?? null
    : todo[0] ?? null;
  const allDone = task !== null && task.pick && kind !== "check" && todo.length === 0;
  const picked = task !== null && task.positions.some((x) => (x.quantityReal ?? 0) > 0);
  const targetPlace = target ? placeOf(kind, target, doc) : null;
  const freeTake = task && kind === "out" && !task.pick && draft.product && draft.quantity !== undefined &&
      !draft.location
    ? emptyPosition(draft.product, draft.quantity, "draft")
    : null;
  const taking = freeTake ? [freeTake] : todo;
  const guides = task && data && takesFrom(kind)
    ? guideTakes(kind, task.positions, taking, doc, data, task.lines ?? {})
    : null;
  const guide: Guide | null | undefined = guides?.get(target?.id ?? freeTake?.id ?? "");
  const linesWanted = task && data && takesFrom(kind)
    ? [
      ...new Set(
        taking.map((x) => placeOf(kind, x, doc)).map((place, n) =>
          namesBin(place, data) ? "" : linesKey(taking[n].productId, place)
        ).filter((key) => key && !task.lines?.[key]),
      ),
    ].join(",")
    : "";
  // A location scanned for an earlier position counts only while the walk stays there: within the
  // position's place, and where FEFO takes it (unless scanned for this very position).
  const atPlace = draft.location !== undefined &&
    (target === null || targetPlace === null || !data || data.covers(targetPlace, draft.location.id)) &&
    (target === null || !guide || guide.takes.length === 0 || draft.locationFor === target.id ||
      guide.takes.some((x) => x.locationId === draft.location!.id));
  const expecting = expectingOf(state, atPlace);
  return { todo, target, targetPlace, allDone, picked, freeTake, guide, linesWanted, expecting };
}

function expectingOf({ kind, task, draft }: ScanState, atPlace: boolean): Expect {
  if (!task) return "document";
  if (kind === "check") return !draft.location ? "location" : !draft.product ? "product" : "quantity";
  if (kind === "collect" && !task.pick && task.destinationLocationId === null) return "packing";
  if (kind === "in") {
    if (!draft.product) return "product";
    if (draft.quantity === undefined) return "quantity";
    if (missingLot(draft.product, draft.lot).length) return "lot";
    return "put";
  }
  if (kind === "relocate") {
    if (!draft.location && !draft.container) return "location";
    if (!draft.whole && !draft.product) return "product";
    if (!draft.whole && draft.quantity === undefined) return "quantity";
    return "destination";
  }
  // out, collect
  if (!atPlace) {
    // A release from nothing started from the product: its quantity, then where it is taken from.
    if (kind === "out" && !task.pick && draft.product && draft.quantity === undefined) return "quantity";
    return "location";
  }
  if (!draft.product) return "product";
  if (draft.quantity === undefined) return "quantity";
  return "tote";
}

/** The next step in one line. */
export function promptOf(
  t: Translator,
  state: ScanState,
  step: Step,
  p: { data: TerminalIndex | null; refusedHere: boolean; suggestions: readonly { label: string }[] },
): string {
  const { kind, task, draft } = state;
  const { target, targetPlace, guide } = step;
  const label = labelOf(p.data);
  if (!task) return t.t("terminal.prompt.document");
  if (task.finishing && !p.refusedHere) return t.t("terminal.prompt.sending", { number: task.number });
  if (step.allDone) return t.t("terminal.prompt.allDone");
  switch (step.expecting) {
    case "packing":
      return t.t("terminal.prompt.packing");
    case "location": {
      if (kind === "relocate") return t.t("terminal.prompt.source");
      // The bin FEFO takes from first, else the position's own place.
      const next = guide?.takes[0];
      if (next) return t.t("terminal.prompt.locationAt", { location: label(next.locationId) });
      if (target && targetPlace !== null) {
        return t.t("terminal.prompt.locationAt", { location: label(targetPlace) });
      }
      if (draft.product) return t.t("terminal.prompt.locationOf", { product: draft.product.index });
      if (kind === "out" && !task.pick) return t.t("terminal.prompt.productOrLocation");
      return t.t("terminal.prompt.location");
    }
    case "product":
      return target
        ? t.t("terminal.prompt.productOf", { product: target.productIndex })
        : t.t("terminal.prompt.product");
    case "quantity":
      return t.t("terminal.prompt.quantity", { product: draft.product?.index ?? "" });
    case "lot":
      return t.t("terminal.prompt.lot", { product: draft.product?.index ?? "" });
    case "put": {
      const first = p.suggestions[0]?.label ?? (target ? label(targetPlace) : "");
      return first ? t.t("terminal.prompt.putAt", { location: first }) : t.t("terminal.prompt.put");
    }
    case "tote":
      return kind === "collect" ? t.t("terminal.prompt.tote") : t.t("terminal.prompt.confirmStep");
    case "destination":
      return t.t("terminal.prompt.destination");
    default:
      return t.t("terminal.prompt.document");
  }
}

/** The quantity the quantity field proposes: what FEFO takes at the scanned bin, else what is left, else 1. */
export function proposedQuantity(state: ScanState, step: Step): number | undefined {
  const { kind, draft } = state;
  const { target, guide } = step;
  if (draft.quantity !== undefined) return draft.quantity;
  if (target && kind !== "check") {
    return guide?.takes.find((x) => x.locationId === draft.location?.id)?.quantity ?? left(target);
  }
  return kind === "check" ? undefined : 1;
}

/** A finding's text in the user's language, a lot's date in it in the one date format. */
export function findingText(t: Translator, f: Finding): string {
  const key = `apiError.${f.code}`;
  const params = Object.fromEntries(
    Object.entries(f.params).map(([k, v]) => [k, isCalendarDay(v) ? t.day(v) : v]),
  );
  return t.has(key) ? t.t(key as never, params) : f.code;
}

/** The date shown as an example of the format to type: the last day of this year. */
export const dateExample = () => `${new Date().getFullYear()}-12-31`;

export function emptyPosition(product: TerminalProduct, quantity: number, id: string): Position {
  return {
    id,
    productId: product.id,
    productIndex: product.index,
    productName: product.name,
    quantity,
    quantityReal: null,
    sourceLocationId: null,
    destinationLocationId: null,
    sourceContainerId: null,
    destinationContainerId: null,
    expiryDate: null,
    productionDate: null,
    serialNumber: null,
  };
}

/**
 * A step the server refused for its warnings alone, to be sent again in its place with them accepted: a
 * confirmation by its query, a group movement or a container's relocation by its body.
 */
export function acceptingWarnings(e: Pick<QueueEntry, "path" | "body">): { path: string; body: unknown } {
  const bare = e.path.split("?")[0];
  const path = /\/confirm$/.test(bare) ? `${bare}?acceptWarnings=true` : e.path;
  const body = e.body && typeof e.body === "object" && path === e.path
    ? { ...(e.body as Rec), acceptWarnings: true }
    : e.body;
  return { path, body };
}

/** The next state and the effects to perform, in order. */
export interface Outcome {
  state: ScanState;
  effects: Effect[];
}

/** Takes one event. */
export function transition(state: ScanState, event: Event, ctx: Context): Outcome {
  const run = new Run(state, ctx);
  run.take(event);
  return { state: run.state, effects: run.effects };
}

/**
 * One event's run. Like the screen's handlers it replaces, it reads the task, the draft and the step as
 * they were when the event came (`s0`, `step`) and writes the next ones into `state`.
 */
class Run {
  state: ScanState;
  readonly effects: Effect[] = [];
  readonly step: Step;
  readonly t: Translator;

  constructor(readonly s0: ScanState, readonly ctx: Context) {
    this.state = s0;
    this.step = stepOf(s0, ctx.data);
    this.t = ctx.t;
  }

  get kind() {
    return this.s0.kind;
  }

  setTask(task: Task | null) {
    this.state = { ...this.state, task };
  }

  setDraft(draft: Draft) {
    this.state = { ...this.state, draft };
  }

  say(kind: "ok" | "error" | "warn", text: string) {
    this.effects.push({ type: "say", kind, text });
  }

  fail = (text: string) => this.say("error", text);
  good = (text: string) => this.say("ok", text);
  /** Taken, but not as suggested: said in amber. */
  warn = (text: string) => this.say("warn", text);

  send(task: Task, write: Write) {
    this.effects.push({ type: "send", task: task.id, write });
  }

  label = (id: number | null) => labelOf(this.ctx.data)(id);

  take(e: Event) {
    const { t } = this;
    switch (e.type) {
      case "scan":
        return this.scan(e.code, e.again ?? false);
      case "quantity":
        return this.takeQuantity(e.quantity, this.s0.draft);
      case "lot":
        return this.enterLot(e.lot);
      case "fresh":
        return this.startFresh(null);
      case "opened":
        return this.opened(e.doc, e.positions);
      case "count":
        return this.openCount(e.order);
      case "counting": {
        const task = this.s0.task;
        if (!task) return;
        this.setTask({ ...task, positions: e.positions });
        this.setDraft({ lot: noLot, location: e.location });
        return this.good(t.t("terminal.countAt", { location: e.location.label, count: e.positions.length }));
      }
      case "notFound":
        return this.fail(t.t("terminal.documentNotFound", { code: e.code }));
      case "failed":
        return this.fail(e.text);
      case "shortage":
        return this.shortage(e.which);
      case "finish":
        return this.finish();
      case "skip":
        this.state = { ...this.state, skipped: new Set([...this.s0.skipped, e.id]) };
        return;
      case "whole":
        return this.setDraft({ ...this.s0.draft, whole: true });
      case "leave":
        this.setTask(null);
        this.setDraft({ lot: noLot });
        this.effects.push({ type: "hush" });
        return;
      case "startOver":
        return this.setDraft({ lot: noLot });
    }
  }

  // ----- Starting a task -----
  startFresh(destinationLocationId: number | null) {
    const { kind, t } = this;
    if (kind === "check") return;
    const local = this.ctx.newId();
    const typeCode = documentTypes[kind].fresh;
    if ((kind === "collect" && destinationLocationId === null) || kind === "relocate") {
      // A picking from nothing is made once the operator has scanned where the totes go; a relocation
      // makes its own document with each move (a group movement, a container's relocation).
      this.setTask({
        id: this.ctx.newId(),
        kind,
        documentId: null,
        ref: "",
        number: t.t("terminal.newDocument"),
        typeCode,
        pick: false,
        sourceLocationId: null,
        destinationLocationId: null,
        positions: [],
      });
      this.setDraft({ lot: noLot });
      return;
    }
    const next: Task = {
      id: this.ctx.newId(),
      kind,
      documentId: null,
      ref: `{local:${local}}`,
      number: t.t("terminal.newDocument"),
      typeCode,
      pick: false,
      sourceLocationId: null,
      destinationLocationId,
      positions: [],
    };
    // The screen moves on at once; the document's making is stored before any step that names it.
    this.setTask(next);
    this.setDraft({ lot: noLot });
    this.send(next, {
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode, ...(destinationLocationId ? { destinationLocationId } : {}) },
      makes: local,
      label: t.t("terminal.step.create", { type: typeCode }),
    });
  }

  opened(doc: Rec, list: Position[]) {
    this.setTask({
      id: this.ctx.newId(),
      kind: this.kind,
      documentId: doc.id as number,
      ref: String(doc.id),
      number: doc.documentNumber as string,
      typeCode: doc.typeCode as string,
      pick: list.length > 0 && this.kind !== "relocate",
      sourceLocationId: (doc.sourceLocationId as number | null) ?? null,
      destinationLocationId: (doc.destinationLocationId as number | null) ?? null,
      positions: list,
    });
    this.setDraft({ lot: noLot });
    this.state = { ...this.state, skipped: new Set() };
    this.good(this.t.t("terminal.opened", { number: doc.documentNumber as string }));
  }

  openCount(order: Rec) {
    this.setTask({
      id: this.ctx.newId(),
      kind: this.kind,
      documentId: null,
      ref: "",
      number: order.orderNumber as string,
      typeCode: order.typeCode as string,
      pick: true,
      sourceLocationId: null,
      destinationLocationId: null,
      positions: [],
      countId: order.id as number,
    });
    this.setDraft({ lot: noLot });
    this.good(this.t.t("terminal.opened", { number: order.orderNumber as string }));
  }

  // ----- Handling a scan -----
  scan(raw: string, again: boolean) {
    const { kind, t } = this;
    const { task, draft } = this.s0;
    const { data, online } = this.ctx;
    if (!again) this.effects.push({ type: "clock" });
    const code = raw.trim();
    if (!code) return;
    if (!task) return this.effects.push({ type: "findTask", code });
    if (!data) {
      // The products and locations are on their way: the scan waits for them (offline, they never come).
      if (online) return this.effects.push({ type: "wait", code });
      return this.fail(t.t("terminal.noData"));
    }
    const scanned = readScan(data, code);
    if (
      scanned.kind === "unknown" && scanned.issue === "productNotFound" && online &&
      !this.s0.lookedUp.has(code)
    ) {
      // Not among the products kept for offline use (a product made since, or beyond what is kept): the
      // server is asked once, and the scan taken again with what it answers.
      this.state = { ...this.state, lookedUp: new Set([...this.s0.lookedUp, code]) };
      return this.effects.push({ type: "lookUp", code });
    }
    const expecting = this.step.expecting;
    switch (expecting) {
      case "packing": {
        const finding = judgeLocation("in", null, scanned, data);
        if (finding || scanned.kind !== "location") return this.fail(findingText(t, finding!));
        // The picking's document is made now, with the place its totes go to.
        this.startFresh(scanned.location.id);
        return this.good(t.t("terminal.packingAt", { location: scanned.location.label }));
      }
      case "location":
        // A release from nothing may start from the product: its quantity next, then where to take it.
        if (
          kind === "out" && !task.pick && scanned.kind === "product" && !draft.product && !draft.location
        ) return this.scanProduct(scanned);
        return this.scanLocation(scanned);
      case "product":
        return this.scanProduct(scanned);
      case "put":
        return this.putAway(scanned);
      case "tote":
        if (kind !== "collect") return;
        return this.intoTote(scanned);
      case "destination":
        return this.relocateTo(scanned);
      case "quantity":
      case "lot":
        // A second scan of the same product raises the quantity by the label's (a carton more).
        if (scanned.kind === "product" && scanned.product.id === draft.product?.id) {
          this.setDraft({ ...draft, quantity: (draft.quantity ?? 0) + labelQuantity(scanned) });
          return this.good(t.t("terminal.onePlus", { product: scanned.product.index }));
        }
        // The lot step asks for a date (or a serial number): what was typed or scanned is that.
        if (expecting === "lot") return this.takeLot(code, scanned);
        return this.fail(findingText(
          t,
          judgeProduct(null, scanned, kind) ?? {
            code: "document.issue.wrongProduct",
            params: { product: draft.product?.index ?? "", code },
          },
        ));
    }
  }

  /**
   * What the lot step asks for first, from the scan field: a date in the user's format, ISO or GS1's
   * YYMMDD (or a GS1 label's date element), or the serial number as scanned (a GS1 label's, or a code
   * that names nothing else). No date, no step forward.
   */
  takeLot(code: string, scanned: ScanMeaning) {
    const { t } = this;
    const { draft } = this.s0;
    if (!draft.product) return;
    const field = missingLot(draft.product, draft.lot)[0];
    if (!field) return;
    const gs1 = isGs1(code) ? readGs1(code) : null;
    if (field === "serialNumber" && !gs1?.serialNumber && (gs1 || scanned.kind !== "unknown")) {
      // Another product's, a location's or a container's code is no serial number.
      return this.fail(findingText(
        t,
        judgeProduct(null, scanned, this.kind) ??
          { code: "document.issue.wrongProduct", params: { product: draft.product.index, code } },
      ));
    }
    const value = field === "serialNumber"
      ? gs1?.serialNumber ?? code.slice(0, 100)
      : readTypedDate(code, t.lang) ?? gs1?.[field] ?? null;
    if (!value) {
      return this.fail(t.t("terminal.notADate", { text: code, example: formatDay(t, dateExample()) }));
    }
    this.setDraft({ ...draft, lot: { ...draft.lot, [field]: value } });
    this.good(t.t("terminal.lotEntered", {
      field: t.t(`terminal.lot.${field}`),
      value: field === "serialNumber" ? value : formatDay(t, value),
    }));
  }

  /** The lot form: noted only once it is whole; what is still missing is said. */
  enterLot(entered: Lot) {
    const { draft } = this.s0;
    if (!draft.product) return;
    const lot = { ...draft.lot, ...entered };
    const still = missingLot(draft.product, lot)[0];
    if (still) {
      return this.fail(this.t.t("terminal.lotMissing", { field: this.t.t(`terminal.lot.${still}`) }));
    }
    this.setDraft({ ...draft, lot });
    this.good(this.t.t("terminal.lotTaken"));
  }

  scanLocation(scanned: ScanMeaning) {
    const { kind, t, label } = this;
    const { task, draft } = this.s0;
    const { data } = this.ctx;
    const { target, targetPlace, guide } = this.step;
    if (!task || !data) return;
    if (kind === "relocate" && scanned.kind === "container") {
      this.setDraft({
        ...draft,
        container: scanned.container,
        location: { id: scanned.container.locationId, label: label(scanned.container.locationId) },
      });
      return this.good(
        t.t("terminal.containerAt", {
          container: scanned.container.number,
          location: label(scanned.container.locationId),
        }),
      );
    }
    const expected = kind === "relocate"
      ? null
      : target
      ? targetPlace
      : kind === "in"
      ? null
      : task.sourceLocationId;
    const finding = judgeLocation(kind === "relocate" ? "out" : kind, expected, scanned, data);
    if (finding) return this.fail(findingText(t, finding));
    if (scanned.kind !== "location") return;
    if (kind === "check") {
      return this.effects.push({ type: "countAt", countId: task.countId, location: scanned.location });
    }
    const next: Draft = { ...draft, location: scanned.location, locationFor: target?.id };
    this.setDraft(next);
    // Another bin than FEFO's is taken where the server allows it (the checks above), and said.
    const first = guide?.takes[0];
    const note = first && !guide!.takes.some((x) => x.locationId === scanned.location.id)
      ? t.t("terminal.notSuggested", { location: scanned.location.label, suggested: label(first.locationId) })
      : undefined;
    if (kind === "out" && !task.pick && next.product && next.quantity !== undefined) {
      return this.pickFree(next, false, note);
    }
    if (note) return this.warn(note);
    this.good(t.t("terminal.locationOk", { location: scanned.location.label }));
  }

  scanProduct(scanned: ScanMeaning) {
    const { kind, t } = this;
    const { task, draft } = this.s0;
    if (!task || !this.ctx.data) return;
    if (kind === "check") {
      if (scanned.kind !== "product") return this.fail(findingText(t, judgeProduct(null, scanned, kind)!));
      const line = task.positions.find((x) =>
        x.productId === scanned.product.id &&
        (!scanned.gs1?.expiryDate || x.expiryDate === scanned.gs1.expiryDate) &&
        (!scanned.gs1?.serialNumber || x.serialNumber === scanned.gs1.serialNumber)
      );
      if (!line) {
        return this.fail(
          t.t("terminal.notOnCount", {
            product: scanned.product.index,
            location: draft.location?.label ?? "",
          }),
        );
      }
      this.setDraft({ ...draft, product: scanned.product, positionId: line.id, quantity: undefined });
      return this.good(scanned.product.name);
    }
    // A receipt carried out by positions: the scanned product picks its position.
    let position: Position | null = this.step.target;
    if (kind === "in" && task.pick && scanned.kind === "product") {
      position = this.step.todo.find((x) => x.productId === scanned.product.id) ?? null;
      if (!position) {
        return this.fail(findingText(t, {
          code: "document.issue.productNotOnOrder",
          params: { product: scanned.product.index, order: task.number },
        }));
      }
    }
    const finding = judgeProduct(position, scanned, kind);
    if (finding || scanned.kind !== "product") return this.fail(findingText(t, finding!));
    const lot: Lot = {
      expiryDate: scanned.gs1?.expiryDate ?? position?.expiryDate ?? null,
      productionDate: scanned.gs1?.productionDate ?? position?.productionDate ?? null,
      serialNumber: scanned.gs1?.serialNumber ?? position?.serialNumber ?? null,
    };
    const next: Draft = {
      ...draft,
      product: scanned.product,
      code: scanned.code,
      lot,
      positionId: position?.id,
      quantity: undefined,
    };
    this.setDraft(next);
    // What the label said beyond the product, read back to the operator (a batch has no field of its own).
    const said = [
      scanned.gs1?.lot ? t.t("terminal.label.lot", { lot: scanned.gs1.lot }) : null,
      lot.expiryDate ? t.t("terminal.label.expiry", { date: t.day(lot.expiryDate) }) : null,
      lot.serialNumber ? t.t("terminal.label.serial", { serial: lot.serialNumber }) : null,
    ].filter(Boolean);
    this.good([`${scanned.product.index} · ${scanned.product.name}`, ...said].join(" · "));
    // A label that says how many (a count, a net weight) needs no typing: taken as if entered.
    if (scanned.gs1?.count || scanned.gs1?.netWeightKg) this.takeQuantity(labelQuantity(scanned), next);
  }

  /** The quantity entered (or proposed): go on to the next step, or send the count. */
  takeQuantity(quantity: number, d: Draft) {
    const { kind, t } = this;
    const { task } = this.s0;
    this.effects.push({ type: "clock" });
    if (!task || !d.product) return;
    const position = task.positions.find((x) => x.id === d.positionId) ?? null;
    if (kind === "check") {
      if (!validQuantity(quantity, true)) return this.fail(t.t("terminal.quantityInvalid"));
      if (!position) return;
      this.send(task, {
        method: "PATCH",
        path: `/WmsOrderPosition/${position.id}/QuantityReal?quantityReal=${quantity}`,
        label: t.t("terminal.step.count", {
          product: position.productIndex,
          quantity,
          location: d.location?.label ?? "",
        }),
      });
      this.setTask({
        ...task,
        positions: task.positions.map((x) => x.id === position.id ? { ...x, quantityReal: quantity } : x),
      });
      this.setDraft({ lot: noLot, location: d.location });
      return this.good(t.t("terminal.counted", { product: position.productIndex, quantity }));
    }
    if (!validQuantity(quantity)) return this.fail(t.t("terminal.quantityInvalid"));
    if (position && task.pick) {
      const finding = judgeQuantity(position, quantity);
      if (finding) return this.fail(findingText(t, finding));
    }
    this.setDraft({ ...d, quantity });
    if (kind === "out" && !task.pick) return this.pickFree({ ...d, quantity });
    if (kind === "out" && task.pick && position) return this.pickPosition(task, position, { ...d, quantity });
  }

  /**
   * A line added to the document (not carried out of its positions): the call queued, the line shown at
   * once as done, the place kept for the next scan when the walk stays there, and the operator told.
   */
  addLine(
    current: Task,
    d: Draft & { product: TerminalProduct; quantity: number },
    places: Partial<Position>,
    label: string,
    said: string,
    keepLocation: boolean,
    /** Said with it: taken elsewhere than suggested. */
    note: string | undefined,
    // A call of its own (a release's scan); by default the line is added as it stands, done.
    call: { path: string; body: Rec } = {
      path: "/WmsDocumentPosition",
      body: {
        documentId: current.documentId ?? current.ref,
        productCode: d.code ?? d.product.index,
        quantity: d.quantity,
        quantityReal: d.quantity,
        ...places,
        ...d.lot,
      },
    },
  ) {
    this.send(current, { method: "POST", ...call, label });
    this.setTask({
      ...current,
      positions: [...current.positions, {
        ...emptyPosition(d.product, d.quantity, `local-${this.ctx.newId()}`),
        ...places,
        quantityReal: d.quantity,
        ...d.lot,
      }],
    });
    this.setDraft({ lot: noLot, location: keepLocation ? d.location : undefined });
    if (note) this.warn(`${said}. ${note}`);
    else this.good(said);
  }

  /**
   * A release from nothing: the scan takes FEFO at the scanned location. The location stays scanned for
   * the next product when the operator started from it (`keep`), not when the product came first.
   */
  pickFree(d: Draft, keep = true, note?: string) {
    const { t } = this;
    const { task } = this.s0;
    if (!task || !d.product || !d.location || d.quantity === undefined) return;
    this.addLine(
      task,
      { ...d, product: d.product, quantity: d.quantity },
      { sourceLocationId: d.location.id },
      t.t("terminal.step.take", {
        product: d.product.index,
        quantity: d.quantity,
        location: d.location.label,
      }),
      t.t("terminal.taken", { product: d.product.index, quantity: d.quantity }),
      keep,
      note,
      {
        path: "/WmsDocumentPosition/scan",
        body: {
          documentId: task.documentId ?? task.ref,
          productCode: d.code ?? d.product.index,
          quantity: d.quantity,
          sourceLocationId: d.location.id,
        },
      },
    );
  }

  /** A position carried out: its picked quantity grows on the server (Pick checks the scan again). */
  pickPosition(current: Task, position: Position, d: Draft, containerId?: number) {
    const { kind, t } = this;
    const quantity = d.quantity;
    if (quantity === undefined) return;
    this.send(current, {
      method: "POST",
      path: `/WmsDocumentPosition/${position.id}/Pick`,
      body: {
        quantity,
        productCode: d.code ?? null,
        locationId: d.location?.id ?? null,
        containerId: containerId ?? null,
      },
      label: t.t("terminal.step.take", {
        product: position.productIndex,
        quantity,
        location: d.location?.label ?? "",
      }),
    });
    // As the server does: a part done at a bin under the position's zone (or where it names none) is a
    // position of its own at that bin, and the rest stays for the next bin; done whole, it is the bin's.
    const placeField = kind === "in" ? "destinationLocationId" : "sourceLocationId";
    const at = d.location?.id ?? null;
    const elsewhere = at !== null && at !== placeOf(kind, position, current) &&
      (position.quantityReal ?? 0) === 0;
    const tote = containerId ? { destinationContainerId: containerId } : {};
    const positions = current.positions.flatMap((x): Position[] => {
      if (x.id !== position.id) return [x];
      if (elsewhere && quantity < left(x)) {
        return [{ ...x, quantity: x.quantity - quantity }, {
          ...x,
          id: `local-${this.ctx.newId()}`,
          quantity,
          quantityReal: quantity,
          [placeField]: at,
          ...tote,
        }];
      }
      return [{
        ...x,
        quantityReal: (x.quantityReal ?? 0) + quantity,
        ...(elsewhere ? { [placeField]: at } : {}),
        ...tote,
      }];
    });
    this.setTask({ ...current, positions });
    // The same place stays scanned while the walk stays there.
    this.setDraft({ lot: noLot, location: kind === "in" ? undefined : d.location });
    this.good(t.t("terminal.taken", { product: position.productIndex, quantity }));
  }

  putAway(scanned: ScanMeaning) {
    const { kind, t } = this;
    const { task, draft } = this.s0;
    const { data } = this.ctx;
    if (!task || !data || !draft.product || draft.quantity === undefined) return;
    const position = task.positions.find((x) => x.id === draft.positionId) ?? null;
    const expected = position ? placeOf(kind, position, task) : null;
    const finding = judgeLocation("in", expected, scanned, data);
    if (finding || scanned.kind !== "location") return this.fail(findingText(t, finding!));
    const d = { ...draft, location: scanned.location };
    if (position && task.pick) {
      const f = judgeQuantity(position, draft.quantity);
      if (f) return this.fail(findingText(t, f));
      return this.pickPosition(task, position, d);
    }
    const to = scanned.location;
    this.addLine(
      task,
      { ...d, product: draft.product, quantity: draft.quantity },
      { destinationLocationId: to.id },
      t.t("terminal.step.put", {
        product: draft.product.index,
        quantity: draft.quantity,
        location: to.label,
      }),
      t.t("terminal.put", { product: draft.product.index, quantity: draft.quantity, location: to.label }),
      false,
      undefined,
    );
  }

  intoTote(scanned: ScanMeaning) {
    const { t } = this;
    const { task, draft } = this.s0;
    if (!task || !this.ctx.data || draft.quantity === undefined || !draft.product) return;
    if (scanned.kind !== "container") return this.fail(t.t("terminal.notTote", { code: codeOf(scanned) }));
    const box = scanned.container;
    this.state = { ...this.state, tote: box };
    const position = task.positions.find((x) => x.id === draft.positionId) ?? null;
    if (task.pick && position) return this.pickPosition(task, position, draft, box.id);
    // Picking from nothing: a position from the scanned place into the tote.
    this.addLine(
      task,
      { ...draft, product: draft.product, quantity: draft.quantity },
      { sourceLocationId: draft.location?.id ?? null, destinationContainerId: box.id },
      t.t("terminal.step.tote", { product: draft.product.index, quantity: draft.quantity, tote: box.number }),
      t.t("terminal.intoTote", { product: draft.product.index, quantity: draft.quantity, tote: box.number }),
      true,
      undefined,
    );
  }

  relocateTo(scanned: ScanMeaning) {
    const { t } = this;
    const { task, draft } = this.s0;
    const { data } = this.ctx;
    if (!task || !data) return;
    const finding = judgeLocation("in", null, scanned, data);
    if (finding || scanned.kind !== "location") return this.fail(findingText(t, finding!));
    const to = scanned.location;
    if (draft.whole && draft.container) {
      this.send(task, {
        method: "POST",
        path: `/Container/${draft.container.id}/Relocate`,
        body: { destinationLocationId: to.id },
        label: t.t("terminal.step.moveContainer", { container: draft.container.number, location: to.label }),
      });
      this.setDraft({ lot: noLot });
      return this.good(t.t("terminal.moved", { what: draft.container.number, location: to.label }));
    }
    if (!draft.product || draft.quantity === undefined || !draft.location) return;
    this.send(task, {
      method: "POST",
      path: "/WmsDocumentPosition/groupmovement",
      body: {
        destinationLocationId: to.id,
        confirm: true,
        moves: [{
          productId: draft.product.id,
          quantity: draft.quantity,
          sourceLocationId: draft.location.id,
          sourceContainerId: draft.container?.id ?? null,
          ...Object.fromEntries(Object.entries(draft.lot).filter(([, v]) => v !== null)),
        }],
      },
      label: t.t("terminal.step.move", {
        product: draft.product.index,
        quantity: draft.quantity,
        from: draft.location.label,
        location: to.label,
      }),
    });
    this.setDraft({ lot: noLot });
    this.good(
      t.t("terminal.moved", { what: `${draft.quantity} × ${draft.product.index}`, location: to.label }),
    );
  }

  /** The operator cannot find the rest of these positions: reported, never skipped silently. */
  shortage(which: Position[]) {
    const { t } = this;
    const { task, draft } = this.s0;
    if (!task || !which.length) return;
    for (const x of which) {
      this.send(task, {
        method: "POST",
        path: `/WmsDocumentPosition/${x.id}/Shortage`,
        label: t.t("terminal.step.shortage", { product: x.productIndex, quantity: left(x) }),
      });
    }
    const ids = new Set(which.map((x) => x.id));
    const positions = task.positions.map((x) => (ids.has(x.id) ? { ...x, short: true } : x));
    // Nothing found at all: an order's document goes with its last position, and the task ends.
    const nothing = !positions.some((x) => (x.quantityReal ?? 0) > 0);
    this.setTask(nothing ? null : { ...task, positions });
    this.setDraft({ lot: noLot, location: draft.location });
    this.fail(
      which.length === 1
        ? t.t("terminal.shortReported", { product: which[0].productIndex, quantity: left(which[0]) })
        : t.plural("terminal.shortReportedMany", which.length, { count: which.length }),
    );
  }

  /** The document is confirmed through the queue; the task stays until that is sent (or refused). */
  finish() {
    const { t } = this;
    const { task } = this.s0;
    if (!task) return;
    this.send(task, {
      method: "POST",
      path: `/WmsDocument/${task.documentId ?? task.ref}/confirm`,
      label: t.t("terminal.step.confirm", { number: task.number }),
    });
    this.good(t.t("terminal.finished", { number: task.number }));
    this.state = { ...this.state, task: { ...task, finishing: true }, draft: { lot: noLot }, tote: null };
  }
}
