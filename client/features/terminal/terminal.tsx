// The terminal screens (issue 15; decision 0009): receipt, release, picking, relocation and counting on a
// phone or a handheld. One scan field always ready (a scanner gun types into it, or anywhere on the screen
// through the wedge reader), the camera on demand, the next step in one line, each scan judged at once
// against the document (flow.ts) with a sound and a vibration, every write queued durably (queue.ts) and
// sent in order with its Idempotency-Key, so the work goes on through a network outage, and what the
// server refuses on sync listed for the operator to resolve. Other operators' progress on the same
// document arrives through the hub.
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { reportError } from "../../errors.ts";
import { Button as AriaButton } from "react-aria-components/Button";
import { api, ApiError } from "../../api.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { startupAtom } from "../../state.ts";
import { ChunkBoundary, lazyScreen } from "../../shell/lazy.tsx";
import {
  type ScannerSuffix,
  scannerSuffixes,
  scannerSuffixOf,
  setScannerSuffix,
} from "../../shell/chrome.tsx";
import { defaultWedge, WedgeReader } from "./wedge.ts";
import { feedback, unlockSound } from "./feedback.ts";
import { type CallFailure, Queue, type QueueEntry } from "./queue.ts";
import { cache, cached, IdbQueueStore } from "./idb_store.ts";
import {
  containerOf,
  locationOf,
  productOf,
  readScan,
  type ScanMeaning,
  type TerminalData,
  TerminalIndex,
  type TerminalProduct,
} from "./data.ts";
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
import * as css from "./terminal.css.ts";
import { readTypedDate } from "./typed_date.ts";
import { formatDay } from "../../../shared/list/format.ts";
import { readTyped, useNumberMarks } from "../../ui/number_text.ts";
import { ProductOption } from "../dialogs/product_option.tsx";
import { gtinForms, isGs1, readGs1 } from "../../../shared/gs1/read.ts";
import { isCalendarDay } from "../../../shared/list/format.ts";

type Rec = Record<string, unknown>;

// The camera (ZXing, most of the terminal's script) is loaded when it is first opened; the service worker
// has it cached for offline use all the same.
const Camera = lazyScreen<{ onScan: (code: string) => void; onClose: () => void }>(
  () => import("./camera.tsx").then((m) => ({ default: m.Camera })),
  ["terminal"],
);
type Lot = { expiryDate: string | null; productionDate: string | null; serialNumber: string | null };
const noLot: Lot = { expiryDate: null, productionDate: null, serialNumber: null };

/** Screens whose goods leave a place: each step says where to take them (FEFO). */
const takesFrom = (kind: Kind) => kind === "out" || kind === "collect";

/** A document (or a count) the terminal carries out. */
interface Task {
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
interface Draft {
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

type Say = { kind: "ok" | "error" | "warn"; text: string } | null;

const opened = (s: string | null | undefined) => s ?? "";

function positionOf(r: Rec): Position {
  return {
    id: r.id as number,
    productId: r.productId as number,
    productIndex: opened(r.productIndex as string),
    productName: opened(r.productName as string),
    quantity: r.quantity as number,
    quantityReal: (r.quantityReal as number | null) ?? null,
    sourceLocationId: (r.sourceLocationId as number | null) ?? null,
    destinationLocationId: (r.destinationLocationId as number | null) ?? null,
    sourceContainerId: (r.sourceContainerId as number | null) ?? null,
    destinationContainerId: (r.destinationContainerId as number | null) ?? null,
    expiryDate: (r.expiryDate as string | null) ?? null,
    productionDate: (r.productionDate as string | null) ?? null,
    serialNumber: (r.serialNumber as string | null) ?? null,
  };
}

const filter = (rules: { field: string; operator: string; value?: unknown }[]) =>
  encodeURIComponent(JSON.stringify(rules));

/** Every page of a list (at most `pages` of 1,000). */
async function allPages(path: string, pages = 20): Promise<Rec[]> {
  const out: Rec[] = [];
  for (let n = 1; n <= pages; n++) {
    const sep = path.includes("?") ? "&" : "?";
    const r = await api<{ results: Rec[]; allFilteredRowCount: number }>(
      "GET",
      `${path}${sep}PageNumber=${n}&PageSize=1000`,
      undefined,
      { quiet: true },
    );
    out.push(...r.results);
    if (out.length >= r.allFilteredRowCount || r.results.length === 0) break;
  }
  return out;
}

/** The products, locations and containers the terminal needs, fresh from the server. */
async function fetchData(): Promise<TerminalData> {
  const [products, locations, containers] = await Promise.all([
    allPages("/Product?sortColumn=id"),
    allPages("/StorageSpace?sortColumn=id"),
    allPages("/Container?sortColumn=id"),
  ]);
  return {
    products: products.map(productOf),
    locations: locations.map(locationOf),
    containers: containers.map(containerOf),
    savedAt: new Date().toISOString(),
  };
}

/** A product by a code the cache does not know: by its barcode (a GS1 label's GTIN in each form) or index. */
async function productOnline(code: string): Promise<TerminalProduct | null> {
  const gs1 = isGs1(code) ? readGs1(code) : null;
  const candidates = gs1 ? (gs1.gtin ? gtinForms(gs1.gtin) : []) : [code];
  const rules = (field: string, value: string) => filter([{ field, operator: "eq", value }]);
  for (const candidate of candidates) {
    for (const [field, value] of [["barcodes", candidate], ["index", candidate.toUpperCase()]] as const) {
      if (gs1 && field === "index") continue;
      const r = await api<{ results: Rec[] }>(
        "GET",
        `/Product?PageSize=2&BasicFiltersSerialized=${rules(field, value)}`,
        undefined,
        { quiet: true },
      );
      if (r.results.length === 1) return productOf(r.results[0]);
    }
  }
  return null;
}

/**
 * The free lines to take a product from within a place (a zone; null: anywhere), FEFO first, as
 * GET WmsInventory/bestsourcematerial answers them: what orders reserved is not among them.
 */
async function sourceLines(productId: number, place: number | null): Promise<SourceLine[]> {
  const within = place === null ? "" : `&locationId=${place}`;
  const r = await api<{ results: Rec[] }>(
    "GET",
    `/WmsInventory/bestsourcematerial/${productId}?limit=100${within}`,
    undefined,
    { quiet: true },
  );
  return r.results.map((l) => ({
    id: l.id as number,
    locationId: l.locationId as number,
    locationLabel: l.locationLabel as string,
    containerNumber: (l.containerNumber as string | null) ?? null,
    expiryDate: (l.expiryDate as string | null) ?? null,
    productionDate: (l.productionDate as string | null) ?? null,
    serialNumber: (l.serialNumber as string | null) ?? null,
    quantity: l.quantity as number,
  }));
}

/** Free lines by linesKey. */
type Lines = Record<string, SourceLine[]>;

/** The lines of every key, read again; a key that cannot be read keeps what was known of it. */
async function readLines(keys: Iterable<string>, known: Lines = {}): Promise<Lines> {
  const out: Lines = {};
  await Promise.all([...new Set(keys)].map(async (key) => {
    const [product, place] = key.split("@");
    try {
      out[key] = await sourceLines(Number(product), place === "" ? null : Number(place));
    } catch {
      if (known[key]) out[key] = known[key];
    }
  }));
  return out;
}

/** The message of a refused call: the server's issues (already in the user's language), else its text. */
function failureText(t: Translator, err: unknown): string {
  if (err instanceof ApiError) {
    const issues = (err.issues as { message?: string }[]).map((i) => i.message).filter(Boolean);
    if (issues.length) return issues.join(" ");
    const fields = Object.entries(err.fields ?? {}).map(([field, codes]) =>
      `${field}: ${codes.map((c) => (t.has(c) ? t.t(c as never) : c)).join(", ")}`
    );
    if (fields.length) return fields.join("; ");
    if (err.code === "network") return t.t("error.network");
    const key = `apiError.${err.code}`;
    if (t.has(key)) return t.t(key as never, err.params);
    return err.message || t.t("error.unknown");
  }
  return t.t("error.unknown");
}

function findingText(t: Translator, f: Finding): string {
  const key = `apiError.${f.code}`;
  // A lot's date in it (the expiry the position expects, the one the label says) in the one date format.
  const params = Object.fromEntries(
    Object.entries(f.params).map(([k, v]) => [k, isCalendarDay(v) ? t.day(v) : v]),
  );
  return t.has(key) ? t.t(key as never, params) : f.code;
}

export function TerminalScreen(p: { kind: Kind; openedDialogId?: string }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  if (!startup) return <p>{t.t("common.loading")}</p>;
  const u = startup.user;
  if (u.connectedContractorId || !(u.isSuperUser || u.logisticsEnabled || u.terminalEnabled)) {
    return <p role="alert">{t.t("terminal.noAccess")}</p>;
  }
  const owner = `${startup.tenant.slug}:${startup.user.id}`;
  return (
    <Terminal
      key={`${owner}:${p.kind}`}
      kind={p.kind}
      owner={owner}
      openedDialogId={p.openedDialogId}
    />
  );
}

function Terminal(p: { kind: Kind; owner: string; openedDialogId?: string }) {
  const t = useT();
  const { kind, owner } = p;
  const queue = useMemo(
    () =>
      new Queue(
        new IdbQueueStore(),
        owner,
        (method, path, body, key) =>
          api(method, path, body, { idempotencyKey: key, quiet: true, cause: "queued" }).catch((err) => {
            if (!(err instanceof ApiError)) throw err;
            const issues = err.issues as { message?: string; severity?: string }[];
            const failure: CallFailure & { warningsOnly?: boolean } = {
              status: err.status,
              code: err.code,
              message: failureText(t, err),
            };
            if (issues.length && issues.every((i) => i.severity === "warning")) failure.warningsOnly = true;
            throw failure;
          }),
      ),
    [owner, t],
  );
  const [online, setOnline] = useState(() => typeof navigator === "undefined" || navigator.onLine);
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  const [data, setData] = useState<TerminalIndex | null>(null);
  const dataRef = useRef(data);
  dataRef.current = data;
  const [task, setTaskState] = useState<Task | null>(null);
  const [draft, setDraft] = useState<Draft>({ lot: noLot });
  const [say, setSay] = useState<Say>(null);
  const [camera, setCamera] = useState(false);
  const [typing, setTyping] = useState(false);
  const [skipped, setSkipped] = useState<Set<number | string>>(new Set());
  const [suggestions, setSuggestions] = useState<{ locationId: number; label: string; reason: string }[]>([]);
  const [tote, setTote] = useState<{ id: number; number: string } | null>(null);
  const scanField = useRef<HTMLInputElement>(null);
  const [scanText, setScanText] = useState("");

  const taskKey = `task:${kind}`;
  const setTask = useCallback((next: Task | null | ((now: Task | null) => Task | null)) => {
    setTaskState((now) => {
      const value = typeof next === "function" ? next(now) : next;
      void cache(owner, taskKey, value);
      return value;
    });
  }, [owner, taskKey]);

  // The queue as the screen shows it, and sending whenever there may be something to send.
  useEffect(() => {
    const refresh = () => void queue.entries().then(setEntries);
    refresh();
    return queue.subscribe(refresh);
  }, [queue]);
  const flush = useCallback(async () => {
    const r = await queue.flush();
    // What the server answered says more than the browser's flag; an empty queue says nothing.
    if (r.offline) setOnline(false);
    else if (r.sent > 0 || r.refused > 0) setOnline(true);
  }, [queue]);
  useEffect(() => {
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    addEventListener("online", up);
    addEventListener("offline", down);
    void flush();
    const timer = setInterval(() => void flush(), 10_000);
    return () => {
      removeEventListener("online", up);
      removeEventListener("offline", down);
      clearInterval(timer);
    };
  }, [flush]);

  /** Codes already asked of the server while online (each once a screen). */
  const lookedUp = useRef(new Set<string>());
  // A scan made before the data arrived waits for it (taken below, once the handler sees the data).
  const [waitingScan, setWaitingScan] = useState<string | null>(null);

  // The data: the cached copy at once, then a fresh one when the server answers.
  useEffect(() => {
    let live = true;
    void cached<TerminalData>(owner, "data").then((d) =>
      live && d && setData((now) => now ?? new TerminalIndex(d))
    );
    void cached<Task>(owner, taskKey).then((saved) => live && saved && setTaskState((now) => now ?? saved));
    fetchData().then((d) => {
      if (!live) return;
      setData(new TerminalIndex(d));
      void cache(owner, "data", d);
    }, () => live && setOnline(false));
    return () => {
      live = false;
    };
  }, [owner, taskKey]);

  const pendingOf = (taskId: string) => entries.filter((e) => e.task === taskId);
  const refused = entries.filter((e) => e.state === "refused");

  // The task's document from the server, once nothing of it waits in the queue (others' progress too).
  const reload = useCallback(async (current: Task) => {
    let documentId = current.documentId;
    if (documentId === null && current.ref.startsWith("{local:")) {
      documentId = (await queue.localId(current.ref.slice(7, -1))) ?? null;
    }
    if (documentId === null || current.kind === "check") return;
    const id = documentId;
    const [doc, positions] = await Promise.all([
      api<Rec>("GET", `/WmsDocument/${documentId}`, undefined, { quiet: true }),
      api<{ results: Rec[] }>(
        "GET",
        `/WmsDocument/${documentId}/Positions?PageSize=1000&sortColumn=id`,
        undefined,
        { quiet: true },
      ),
    ]);
    // Where the positions are to be taken from, read again with them (others take stock meanwhile).
    const fresh = positions.results.map(positionOf);
    const index = dataRef.current;
    const keys = new Set(Object.keys(current.lines ?? {}));
    if (index && takesFrom(current.kind)) {
      const places = { sourceLocationId: doc.sourceLocationId as number | null, destinationLocationId: null };
      for (const x of fresh) {
        const place = placeOf(current.kind, x, places);
        if (left(x) > 0 && !namesBin(place, index)) keys.add(linesKey(x.productId, place));
      }
    }
    const lines = keys.size ? await readLines(keys, current.lines) : current.lines;
    // Steps made meanwhile are newer than this answer: it is left for the next reload.
    if ((await queue.entries()).some((e) => e.task === current.id && e.state === "pending")) return;
    const same = (now: Task | null) => now !== null && now.id === current.id;
    if (doc.statusCode !== "workingCopy") {
      setTask((now) => (same(now) ? null : now));
      return;
    }
    setTask((now) =>
      same(now)
        ? {
          ...now!,
          documentId: id,
          ref: String(id),
          number: doc.documentNumber as string,
          positions: fresh.map((np) => ({
            ...np,
            short: now!.positions.find((o) => o.id === np.id)?.short,
          })),
          lines,
        }
        : now
    );
  }, [queue, setTask]);
  const quiet = task !== null && pendingOf(task.id).length === 0;
  const reloadOrLeave = (current: Task) =>
    reload(current).catch((err) => {
      // The document is gone (its last position reported short): the task ends.
      if (err instanceof ApiError && err.status === 404) {
        setTask((now) => (now?.id === current.id ? null : now));
      }
    });
  useEffect(() => {
    if (task && quiet && online) void reloadOrLeave(task);
    // Only when the queue of the task has emptied or the network came back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quiet, online]);
  const onOthers = () => {
    if (task && quiet && online) void reloadOrLeave(task);
  };
  useResourceEvents("WmsDocumentPosition", onOthers);
  useResourceEvents("WmsDocument", onOthers);

  // Scan to feedback: from the scan (or the quantity) taken to the answer painted, as "terminal-feedback"
  // performance measures (bench/terminal.ts reads them).
  const scanAt = useRef<number | null>(null);
  const measured = () => {
    const start = scanAt.current;
    scanAt.current = null;
    if (start !== null) {
      requestAnimationFrame(() =>
        performance.measure("terminal-feedback", { start, end: performance.now() })
      );
    }
  };
  const fail = (text: string) => {
    feedback("error");
    setSay({ kind: "error", text });
    measured();
  };
  const good = (text: string) => {
    feedback("ok");
    setSay({ kind: "ok", text });
    measured();
  };
  /** Taken, but not as suggested: said in amber. */
  const warn = (text: string) => {
    feedback("ok");
    setSay({ kind: "warn", text });
    measured();
  };

  /** Queues a write of the task and sends at once when possible. */
  const send = async (
    current: Task,
    e: Pick<QueueEntry, "method" | "path" | "body" | "makes" | "label">,
  ) => {
    await queue.enqueue({ ...e, task: current.id });
    void flush();
  };

  // ----- Starting a task -----
  const startFresh = async (destinationLocationId: number | null = null) => {
    if (kind === "check") return;
    const local = crypto.randomUUID();
    const typeCode = documentTypes[kind].fresh;
    if ((kind === "collect" && destinationLocationId === null) || kind === "relocate") {
      // A picking from nothing is made once the operator has scanned where the totes go; a relocation
      // makes its own document with each move (a group movement, a container's relocation).
      setTask({
        id: crypto.randomUUID(),
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
      setDraft({ lot: noLot });
      return;
    }
    const next: Task = {
      id: crypto.randomUUID(),
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
    setTask(next);
    setDraft({ lot: noLot });
    await queue.enqueue({
      method: "POST",
      path: "/WmsDocument",
      body: { typeCode, ...(destinationLocationId ? { destinationLocationId } : {}) },
      makes: local,
      task: next.id,
      label: t.t("terminal.step.create", { type: typeCode }),
    });
    void flush();
  };

  const openDocument = async (doc: Rec) => {
    const positions = await api<{ results: Rec[] }>(
      "GET",
      `/WmsDocument/${doc.id}/Positions?PageSize=1000&sortColumn=id`,
      undefined,
      { quiet: true },
    );
    const list = positions.results.map(positionOf);
    setTask({
      id: crypto.randomUUID(),
      kind,
      documentId: doc.id as number,
      ref: String(doc.id),
      number: doc.documentNumber as string,
      typeCode: doc.typeCode as string,
      pick: list.length > 0 && kind !== "relocate",
      sourceLocationId: (doc.sourceLocationId as number | null) ?? null,
      destinationLocationId: (doc.destinationLocationId as number | null) ?? null,
      positions: list,
    });
    setDraft({ lot: noLot });
    setSkipped(new Set());
    good(t.t("terminal.opened", { number: doc.documentNumber as string }));
  };

  const openCount = (order: Rec) => {
    setTask({
      id: crypto.randomUUID(),
      kind,
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
    setDraft({ lot: noLot });
    good(t.t("terminal.opened", { number: order.orderNumber as string }));
  };

  // ----- The current step -----
  const doc = task ?? { sourceLocationId: null, destinationLocationId: null };
  const todo = task && data ? walk(kind, task.positions, doc, data, skipped) : [];
  // The position the step is for: the walk's next; on a receipt, the one the scanned product chose.
  const target = !task?.pick || kind === "check"
    ? null
    : kind === "in"
    ? task.positions.find((x) => x.id === draft.positionId) ?? null
    : todo[0] ?? null;
  const allDone = task !== null && task.pick && kind !== "check" && todo.length === 0;
  const picked = task !== null && task.positions.some((x) => (x.quantityReal ?? 0) > 0);
  const refusedHere = task !== null && entries.some((e) => e.task === task.id && e.state === "refused");
  const targetPlace = target ? placeOf(kind, target, doc) : null;
  const label = (id: number | null) => (id === null ? "" : data?.locationById.get(id)?.label ?? `#${id}`);

  // A release from nothing whose product and quantity are known: where to take them, as for a position.
  const freeTake = task && kind === "out" && !task.pick && draft.product && draft.quantity !== undefined &&
      !draft.location
    ? { ...emptyPosition(draft.product, draft.quantity), id: "draft" }
    : null;
  const taking = freeTake ? [freeTake] : todo;
  // Where each position still to take is to be taken from (FEFO over free stock; null: not known).
  const guides = task && data && takesFrom(kind)
    ? guideTakes(kind, task.positions, taking, doc, data, task.lines ?? {})
    : null;
  const guide: Guide | null | undefined = guides?.get(target?.id ?? freeTake?.id ?? "");
  // The lines still to be read for that (a zone's, or anywhere's, per product).
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
  type Expect =
    | "document"
    | "packing"
    | "location"
    | "product"
    | "quantity"
    | "lot"
    | "put"
    | "tote"
    | "destination";
  const expecting: Expect = (() => {
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
  })();

  const promptText = (() => {
    if (!task) return t.t("terminal.prompt.document");
    if (task.finishing && !refusedHere) return t.t("terminal.prompt.sending", { number: task.number });
    if (allDone) return t.t("terminal.prompt.allDone");
    switch (expecting) {
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
        if (kind === "out" && task && !task.pick) return t.t("terminal.prompt.productOrLocation");
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
        const first = suggestions[0]?.label ?? (target ? label(targetPlace) : "");
        return first ? t.t("terminal.prompt.putAt", { location: first }) : t.t("terminal.prompt.put");
      }
      case "tote":
        return kind === "collect" ? t.t("terminal.prompt.tote") : t.t("terminal.prompt.confirmStep");
      case "destination":
        return t.t("terminal.prompt.destination");
      default:
        return t.t("terminal.prompt.document");
    }
  })();

  // Put-away suggestions for a receipt's product (online; offline the position's own place, if any).
  useEffect(() => {
    if (expecting !== "put" || !draft.product || !online) {
      setSuggestions([]);
      return;
    }
    let live = true;
    // The answer is the list itself (not a page of results), each suggestion named by its `label`.
    api<{ locationId: number; label: string; reason: string }[]>(
      "GET",
      `/WmsInventory/locationsuggestin?productId=${draft.product.id}&quantity=${draft.quantity ?? 1}&limit=3`,
      undefined,
      { quiet: true },
    ).then(
      (r) =>
        live &&
        setSuggestions(r.map((s) => ({ locationId: s.locationId, label: s.label, reason: s.reason }))),
      () => live && setSuggestions([]),
    );
    return () => {
      live = false;
    };
  }, [expecting, draft.product, draft.quantity, online]);

  // The free lines a step needs to say where to take goods, read once online; kept with the task.
  const [looking, setLooking] = useState(false);
  useEffect(() => {
    if (!online || !linesWanted || !task) return;
    let live = true;
    const id = task.id;
    setLooking(true);
    void readLines(linesWanted.split(",")).then((got) => {
      if (!live) return;
      setLooking(false);
      setTask((now) => (now?.id === id ? { ...now, lines: { ...now.lines, ...got } } : now));
    });
    return () => {
      live = false;
      setLooking(false);
    };
    // The task's id and the keys wanted say everything the reading depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linesWanted, online, task?.id]);

  // ----- Handling a scan -----
  const handleScan = async (raw: string) => {
    scanAt.current = performance.now();
    const code = raw.trim();
    if (!code) return;
    setScanText("");
    if (!task) return await findTask(code);
    if (!data) {
      // The products and locations are on their way: the scan waits for them (offline, they never come).
      if (online) return setWaitingScan(code);
      return fail(t.t("terminal.noData"));
    }
    const scanned = readScan(data, code);
    if (
      scanned.kind === "unknown" && scanned.issue === "productNotFound" && online &&
      !lookedUp.current.has(code)
    ) {
      // Not among the products kept for offline use (a product made since, or beyond what is kept): the
      // server is asked once, and the scan taken again with what it answers.
      lookedUp.current.add(code);
      const found = await productOnline(code).catch(() => null);
      if (found) {
        const next = new TerminalIndex({ ...data.data, products: [...data.data.products, found] });
        setData(next);
        void cache(owner, "data", next.data);
        return setWaitingScan(code);
      }
    }
    switch (expecting) {
      case "packing": {
        const finding = judgeLocation("in", null, scanned, data);
        if (finding || scanned.kind !== "location") return fail(findingText(t, finding!));
        // The picking's document is made now, with the place its totes go to.
        await startFresh(scanned.location.id);
        return good(t.t("terminal.packingAt", { location: scanned.location.label }));
      }
      case "location":
        // A release from nothing may start from the product: its quantity next, then where to take it.
        if (
          kind === "out" && !task.pick && scanned.kind === "product" && !draft.product && !draft.location
        ) return await scanProduct(scanned);
        return await scanLocation(scanned);
      case "product":
        return scanProduct(scanned);
      case "put":
        return await putAway(scanned);
      case "tote":
        if (kind !== "collect") return;
        return await intoTote(scanned);
      case "destination":
        return await relocateTo(scanned);
      case "quantity":
      case "lot":
        // A second scan of the same product raises the quantity by the label's (a carton more).
        if (scanned.kind === "product" && scanned.product.id === draft.product?.id) {
          setDraft({ ...draft, quantity: (draft.quantity ?? 0) + labelQuantity(scanned) });
          return good(t.t("terminal.onePlus", { product: scanned.product.index }));
        }
        // The lot step asks for a date (or a serial number): what was typed or scanned is that.
        if (expecting === "lot") return takeLot(code, scanned);
        return fail(findingText(
          t,
          judgeProduct(null, scanned, kind) ?? {
            code: "document.issue.wrongProduct",
            params: { product: draft.product?.index ?? "", code },
          },
        ));
    }
  };

  /**
   * What the lot step asks for first, from the scan field: a date in the user's format, ISO or GS1's
   * YYMMDD (or a GS1 label's date element), or the serial number as scanned (a GS1 label's, or a code
   * that names nothing else). No date, no step forward.
   */
  const takeLot = (code: string, scanned: ScanMeaning) => {
    if (!draft.product) return;
    const field = missingLot(draft.product, draft.lot)[0];
    if (!field) return;
    const gs1 = isGs1(code) ? readGs1(code) : null;
    if (field === "serialNumber" && !gs1?.serialNumber && (gs1 || scanned.kind !== "unknown")) {
      // Another product's, a location's or a container's code is no serial number.
      return fail(findingText(
        t,
        judgeProduct(null, scanned, kind) ??
          { code: "document.issue.wrongProduct", params: { product: draft.product.index, code } },
      ));
    }
    const value = field === "serialNumber"
      ? gs1?.serialNumber ?? code.slice(0, 100)
      : readTypedDate(code, t.lang) ?? gs1?.[field] ?? null;
    if (!value) {
      return fail(t.t("terminal.notADate", { text: code, example: formatDay(t, dateExample()) }));
    }
    setDraft({ ...draft, lot: { ...draft.lot, [field]: value } });
    good(t.t("terminal.lotEntered", {
      field: t.t(`terminal.lot.${field}`),
      value: field === "serialNumber" ? value : formatDay(t, value),
    }));
  };

  const findTask = async (code: string) => {
    try {
      if (kind === "check") {
        const r = await api<{ results: Rec[] }>(
          "GET",
          `/WmsOrder/Verify/Progress?PageSize=5&BasicFiltersSerialized=${
            filter([{ field: "orderNumber", operator: "eq", value: code }])
          }`,
          undefined,
          { quiet: true },
        );
        if (r.results[0]) return openCount(r.results[0]);
      } else {
        const r = await api<{ results: Rec[] }>(
          "GET",
          `/WmsDocument?PageSize=5&BasicFiltersSerialized=${
            filter([{ field: "documentNumber", operator: "eq", value: code }, {
              field: "typeCode",
              operator: "in",
              value: documentTypes[kind].types,
            }])
          }`,
          undefined,
          { quiet: true },
        );
        if (r.results[0]) return await openDocument(r.results[0]);
        // An order's number: its open document of this screen's kind.
        const orders = await api<{ results: Rec[] }>(
          "GET",
          `/WmsOrder?PageSize=1&BasicFiltersSerialized=${
            filter([{ field: "orderNumber", operator: "eq", value: code }])
          }`,
          undefined,
          { quiet: true },
        );
        if (orders.results[0]) {
          const docs = await api<{ results: Rec[] }>(
            "GET",
            `/WmsDocument?PageSize=1&sortColumn=id&BasicFiltersSerialized=${
              filter([
                { field: "orderId", operator: "eq", value: orders.results[0].id },
                { field: "statusCode", operator: "eq", value: "workingCopy" },
                { field: "typeCode", operator: "in", value: documentTypes[kind].types },
              ])
            }`,
            undefined,
            { quiet: true },
          );
          if (docs.results[0]) return await openDocument(docs.results[0]);
        }
      }
      fail(t.t("terminal.documentNotFound", { code }));
    } catch (err) {
      fail(failureText(t, err));
    }
  };

  const scanLocation = async (scanned: ScanMeaning) => {
    if (!task || !data) return;
    if (kind === "relocate" && scanned.kind === "container") {
      setDraft({
        ...draft,
        container: scanned.container,
        location: { id: scanned.container.locationId, label: label(scanned.container.locationId) },
      });
      return good(
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
    if (finding) return fail(findingText(t, finding));
    if (scanned.kind !== "location") return;
    if (kind === "check") {
      try {
        const r = await api<{ results: Rec[] }>(
          "GET",
          `/WmsOrder/Verify/${task.countId}/PositionsProgress?PageSize=1000&BasicFiltersSerialized=${
            filter([{ field: "sourceLocationId", operator: "eq", value: scanned.location.id }])
          }`,
          undefined,
          { quiet: true },
        );
        const positions = r.results.map(positionOf);
        setTask({ ...task, positions });
        setDraft({ lot: noLot, location: scanned.location });
        return good(t.t("terminal.countAt", { location: scanned.location.label, count: positions.length }));
      } catch (err) {
        return fail(failureText(t, err));
      }
    }
    const next: Draft = { ...draft, location: scanned.location, locationFor: target?.id };
    setDraft(next);
    // Another bin than FEFO's is taken where the server allows it (the checks above), and said.
    const first = guide?.takes[0];
    const note = first && !guide!.takes.some((x) => x.locationId === scanned.location.id)
      ? t.t("terminal.notSuggested", { location: scanned.location.label, suggested: label(first.locationId) })
      : undefined;
    if (kind === "out" && !task.pick && next.product && next.quantity !== undefined) {
      return await pickFree(next, false, note);
    }
    if (note) return warn(note);
    good(t.t("terminal.locationOk", { location: scanned.location.label }));
  };

  const scanProduct = async (scanned: ScanMeaning) => {
    if (!task || !data) return;
    if (kind === "check") {
      if (scanned.kind !== "product") return fail(findingText(t, judgeProduct(null, scanned, kind)!));
      const line = task.positions.find((x) =>
        x.productId === scanned.product.id &&
        (!scanned.gs1?.expiryDate || x.expiryDate === scanned.gs1.expiryDate) &&
        (!scanned.gs1?.serialNumber || x.serialNumber === scanned.gs1.serialNumber)
      );
      if (!line) {
        return fail(
          t.t("terminal.notOnCount", {
            product: scanned.product.index,
            location: draft.location?.label ?? "",
          }),
        );
      }
      setDraft({ ...draft, product: scanned.product, positionId: line.id, quantity: undefined });
      return good(scanned.product.name);
    }
    // A receipt carried out by positions: the scanned product picks its position.
    let position: Position | null = target;
    if (kind === "in" && task.pick && scanned.kind === "product") {
      position = todo.find((x) => x.productId === scanned.product.id) ?? null;
      if (!position) {
        return fail(
          findingText(t, {
            code: "document.issue.productNotOnOrder",
            params: { product: scanned.product.index, order: task.number },
          }),
        );
      }
    }
    const finding = judgeProduct(position, scanned, kind === "relocate" ? "relocate" : kind);
    if (finding || scanned.kind !== "product") return fail(findingText(t, finding!));
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
    setDraft(next);
    // What the label said beyond the product, read back to the operator (a batch has no field of its own).
    const said = [
      scanned.gs1?.lot ? t.t("terminal.label.lot", { lot: scanned.gs1.lot }) : null,
      lot.expiryDate ? t.t("terminal.label.expiry", { date: t.day(lot.expiryDate) }) : null,
      lot.serialNumber ? t.t("terminal.label.serial", { serial: lot.serialNumber }) : null,
    ].filter(Boolean);
    good([`${scanned.product.index} · ${scanned.product.name}`, ...said].join(" · "));
    // A label that says how many (a count, a net weight) needs no typing: taken as if entered.
    if (scanned.gs1?.count || scanned.gs1?.netWeightKg) await takeQuantity(labelQuantity(scanned), next);
  };

  /** The quantity entered (or proposed): go on to the next step, or send the count. */
  const takeQuantity = async (quantity: number, d: Draft = draft) => {
    scanAt.current = performance.now();
    if (!task || !d.product) return;
    const position = task.positions.find((x) => x.id === d.positionId) ?? null;
    if (kind === "check") {
      if (!validQuantity(quantity, true)) return fail(t.t("terminal.quantityInvalid"));
      if (!position) return;
      await send(task, {
        method: "PATCH",
        path: `/WmsOrderPosition/${position.id}/QuantityReal?quantityReal=${quantity}`,
        label: t.t("terminal.step.count", {
          product: position.productIndex,
          quantity,
          location: d.location?.label ?? "",
        }),
      });
      setTask({
        ...task,
        positions: task.positions.map((x) => x.id === position.id ? { ...x, quantityReal: quantity } : x),
      });
      setDraft({ lot: noLot, location: d.location });
      return good(t.t("terminal.counted", { product: position.productIndex, quantity }));
    }
    if (!validQuantity(quantity)) return fail(t.t("terminal.quantityInvalid"));
    if (position && task.pick) {
      const finding = judgeQuantity(position, quantity);
      if (finding) return fail(findingText(t, finding));
    }
    setDraft({ ...d, quantity });
    if (kind === "out" && !task.pick) return await pickFree({ ...d, quantity });
    if (kind === "out" && task.pick && position) {
      return await pickPosition(task, position, { ...d, quantity });
    }
  };

  /**
   * A line added to the document (not carried out of its positions): the call queued, the line shown at
   * once as done, the place kept for the next scan when the walk stays there, and the operator told.
   */
  const addLine = async (
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
  ) => {
    await send(current, { method: "POST", ...call, label });
    setTask({
      ...current,
      positions: [...current.positions, {
        ...emptyPosition(d.product, d.quantity),
        ...places,
        quantityReal: d.quantity,
        ...d.lot,
      }],
    });
    setDraft({ lot: noLot, location: keepLocation ? d.location : undefined });
    if (note) warn(`${said}. ${note}`);
    else good(said);
  };

  /**
   * A release from nothing: the scan takes FEFO at the scanned location. The location stays scanned for
   * the next product when the operator started from it (`keep`), not when the product came first.
   */
  const pickFree = async (d: Draft, keep = true, note?: string) => {
    if (!task || !d.product || !d.location || d.quantity === undefined) return;
    await addLine(
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
  };

  /** A position carried out: its picked quantity grows on the server (Pick checks the scan again). */
  const pickPosition = async (current: Task, position: Position, d: Draft, containerId?: number) => {
    if (d.quantity === undefined) return;
    await send(current, {
      method: "POST",
      path: `/WmsDocumentPosition/${position.id}/Pick`,
      body: {
        quantity: d.quantity,
        productCode: d.code ?? null,
        locationId: d.location?.id ?? null,
        containerId: containerId ?? null,
      },
      label: t.t("terminal.step.take", {
        product: position.productIndex,
        quantity: d.quantity,
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
      if (elsewhere && d.quantity! < left(x)) {
        return [{ ...x, quantity: x.quantity - d.quantity! }, {
          ...x,
          id: `local-${crypto.randomUUID()}`,
          quantity: d.quantity!,
          quantityReal: d.quantity!,
          [placeField]: at,
          ...tote,
        }];
      }
      return [{
        ...x,
        quantityReal: (x.quantityReal ?? 0) + d.quantity!,
        ...(elsewhere ? { [placeField]: at } : {}),
        ...tote,
      }];
    });
    setTask({ ...current, positions });
    // The same place stays scanned while the walk stays there.
    setDraft({ lot: noLot, location: kind === "in" ? undefined : d.location });
    good(t.t("terminal.taken", { product: position.productIndex, quantity: d.quantity }));
  };

  const putAway = async (scanned: ScanMeaning) => {
    if (!task || !data || !draft.product || draft.quantity === undefined) return;
    const position = task.positions.find((x) => x.id === draft.positionId) ?? null;
    const expected = position ? placeOf(kind, position, task) : null;
    const finding = judgeLocation("in", expected, scanned, data);
    if (finding || scanned.kind !== "location") return fail(findingText(t, finding!));
    const d = { ...draft, location: scanned.location };
    if (position && task.pick) {
      const f = judgeQuantity(position, draft.quantity);
      if (f) return fail(findingText(t, f));
      return await pickPosition(task, position, d);
    }
    const to = scanned.location;
    await addLine(
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
  };

  const intoTote = async (scanned: ScanMeaning) => {
    if (!task || !data || draft.quantity === undefined || !draft.product) return;
    if (scanned.kind !== "container") {
      return fail(
        t.t("terminal.notTote", {
          code: codeOf(scanned),
        }),
      );
    }
    const box = scanned.container;
    setTote(box);
    const position = task.positions.find((x) => x.id === draft.positionId) ?? null;
    if (task.pick && position) return await pickPosition(task, position, draft, box.id);
    // Picking from nothing: a position from the scanned place into the tote.
    await addLine(
      task,
      { ...draft, product: draft.product, quantity: draft.quantity },
      { sourceLocationId: draft.location?.id ?? null, destinationContainerId: box.id },
      t.t("terminal.step.tote", { product: draft.product.index, quantity: draft.quantity, tote: box.number }),
      t.t("terminal.intoTote", { product: draft.product.index, quantity: draft.quantity, tote: box.number }),
      true,
      undefined,
    );
  };

  const relocateTo = async (scanned: ScanMeaning) => {
    if (!task || !data) return;
    if (scanned.kind !== "location") return fail(findingText(t, judgeLocation("in", null, scanned, data)!));
    const finding = judgeLocation("in", null, scanned, data);
    if (finding) return fail(findingText(t, finding));
    const to = scanned.location;
    if (draft.whole && draft.container) {
      await send(task, {
        method: "POST",
        path: `/Container/${draft.container.id}/Relocate`,
        body: { destinationLocationId: to.id },
        label: t.t("terminal.step.moveContainer", { container: draft.container.number, location: to.label }),
      });
      setDraft({ lot: noLot });
      return good(t.t("terminal.moved", { what: draft.container.number, location: to.label }));
    }
    if (!draft.product || draft.quantity === undefined || !draft.location) return;
    await send(task, {
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
    setDraft({ lot: noLot });
    good(t.t("terminal.moved", { what: `${draft.quantity} × ${draft.product.index}`, location: to.label }));
  };

  /** The operator cannot find the rest of these positions: reported, never skipped silently. */
  const shortage = async (which: Position[]) => {
    if (!task || !which.length) return;
    for (const x of which) {
      await send(task, {
        method: "POST",
        path: `/WmsDocumentPosition/${x.id}/Shortage`,
        label: t.t("terminal.step.shortage", { product: x.productIndex, quantity: left(x) }),
      });
    }
    const ids = new Set(which.map((x) => x.id));
    const positions = task.positions.map((x) => (ids.has(x.id) ? { ...x, short: true } : x));
    // Nothing found at all: an order's document goes with its last position, and the task ends.
    const nothing = !positions.some((x) => (x.quantityReal ?? 0) > 0);
    setTask(nothing ? null : { ...task, positions });
    setDraft({ lot: noLot, location: draft.location });
    fail(
      which.length === 1
        ? t.t("terminal.shortReported", { product: which[0].productIndex, quantity: left(which[0]) })
        : t.plural("terminal.shortReportedMany", which.length, { count: which.length }),
    );
  };

  /** The document is confirmed through the queue; the task stays until that is sent (or refused). */
  const finish = async () => {
    if (!task) return;
    await send(task, {
      method: "POST",
      path: `/WmsDocument/${task.documentId ?? task.ref}/confirm`,
      label: t.t("terminal.step.confirm", { number: task.number }),
    });
    good(t.t("terminal.finished", { number: task.number }));
    setTask({ ...task, finishing: true });
    setDraft({ lot: noLot });
    setTote(null);
  };

  // ----- Keys: a scanner gun anywhere on the screen, the scan field included -----
  const startup = useAtomValue(startupAtom);
  const suffix = scannerSuffixOf(startup);
  const wedge = useMemo(
    () => new WedgeReader({ ...defaultWedge, suffix: suffix === "none" ? null : suffix }),
    [suffix],
  );
  /** When the last key came (the focus is not moved while keys come in). */
  const lastKeyAt = useRef(-Infinity);
  const handleRef = useRef(handleScan);
  useEffect(() => {
    handleRef.current = handleScan;
  });
  // The scan made before the data arrived, taken now (after the handler above has seen the data).
  useEffect(() => {
    if (!data || waitingScan === null) return;
    setWaitingScan(null);
    void handleRef.current(waitingScan);
  }, [data, waitingScan]);

  useEffect(() => {
    /** Keys a burst held back that were typing after all: typed into the field that has the focus. */
    const typeInto = (el: Element | null, text: string, remove = 0) => {
      if (!(el instanceof HTMLInputElement)) return;
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      set.call(el, el.value.slice(0, Math.max(0, el.value.length - remove)) + text);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    };
    const take = (r: ReturnType<WedgeReader["feed"]>, target: Element | null, e?: KeyboardEvent) => {
      if (r.kind === "held") e?.preventDefault();
      if (r.kind === "pass" && r.release) typeInto(target, r.release);
      if (r.kind === "scan") {
        e?.preventDefault();
        // Characters let into a field before the burst was known to be a scan are taken back.
        if (r.typedAhead) typeInto(target, "", r.typedAhead);
        void handleRef.current(r.code);
      }
    };
    let pause: ReturnType<typeof setTimeout> | undefined;
    /** The scan field's current burst of keys: how many, the last one's time. */
    const burst = { keys: 0, last: -Infinity };
    const onKey = (e: KeyboardEvent) => {
      unlockSound();
      lastKeyAt.current = performance.now();
      const target = document.activeElement;
      const field = scanField.current;
      // GS1's FNC1 separator: guns send it as the GS character (Ctrl+] on a keyboard layout).
      if (field && target === field && (e.key === "GroupSeparator" || (e.ctrlKey && e.key === "]"))) {
        e.preventDefault();
        setScanText((v) => v + "\x1d");
        return;
      }
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      if (field && target === field) {
        const now = e.timeStamp;
        burst.keys = now - burst.last <= defaultWedge.maxGapMs ? burst.keys + 1 : 1;
        burst.last = now;
        // The scan field keeps every key: Enter submits what it holds; a gun ending with Tab, or with
        // nothing, has its scan taken from the field at the suffix or the pause.
        if (suffix === "Tab" && e.key === "Tab" && field.value) {
          e.preventDefault();
          void handleRef.current(field.value);
        }
        if (suffix === "none" && e.key.length === 1) {
          clearTimeout(pause);
          // A gun's burst that filled the field, not a person typing into it.
          pause = setTimeout(() => {
            const value = field.value;
            if (burst.keys >= defaultWedge.minLength && burst.keys >= value.length) {
              void handleRef.current(value);
            }
          }, defaultWedge.maxGapMs + 10);
        }
        return;
      }
      // When the key was made, not when the page got to it: a busy page must not split a gun's burst.
      take(wedge.feed({ key: e.key, at: e.timeStamp }), target, e);
      clearTimeout(pause);
      // The end of a burst: a gun without a suffix has finished its scan; held keys were typing.
      pause = setTimeout(
        () => take(wedge.flush(performance.now()), document.activeElement),
        defaultWedge.maxGapMs + 10,
      );
    };
    addEventListener("keydown", onKey, true);
    addEventListener("pointerdown", unlockSound, { once: true });
    return () => {
      clearTimeout(pause);
      removeEventListener("keydown", onKey, true);
    };
  }, [wedge, suffix]);

  // The scan field is always ready: focus returns to it after each step, but never in the middle of keys
  // coming in (a gun's burst typed elsewhere would be split between the field and the wedge); a refresh of
  // the document from the server is no step and moves nothing.
  useEffect(() => {
    if (expecting === "quantity" || expecting === "lot") return;
    if (performance.now() - lastKeyAt.current < 500) return;
    scanField.current?.focus({ preventScroll: true });
  }, [expecting, say]);

  const pending = entries.filter((e) => e.state === "pending").length;

  return (
    <div className={css.screen} data-testid="terminal" data-expecting={expecting} data-ready={data !== null}>
      <div className={css.status} role="status" aria-live="polite">
        <span className={online ? css.online : css.offline} data-testid="terminal-online">
          {online ? t.t("terminal.online") : t.t("terminal.offline")}
        </span>
        <span className={css.pill} data-testid="terminal-queue">
          {t.plural("terminal.queued", pending, { count: pending })}
        </span>
        {task && <span className={css.pill}>{task.number}</span>}
      </div>

      <h2 className={css.prompt} data-testid="terminal-prompt">{promptText}</h2>

      {say && (
        <div
          className={say.kind === "error" ? css.refusal : say.kind === "warn" ? css.warning : css.success}
          role={say.kind === "error" ? "alert" : "status"}
          data-testid="terminal-say"
          data-kind={say.kind}
        >
          {say.text}
        </div>
      )}

      <form
        className={css.scanRow}
        onSubmit={(e) => {
          e.preventDefault();
          unlockSound();
          void handleScan(scanText);
        }}
      >
        <label htmlFor="terminal-scan" className={css.sub} style={{ position: "absolute", left: "-10000px" }}>
          {t.t("terminal.scanField")}
        </label>
        <input
          id="terminal-scan"
          ref={scanField}
          className={css.scanField}
          value={scanText}
          onChange={(e) =>
            setScanText(e.target.value)}
          inputMode={typing ? "text" : "none"}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t.t("terminal.scanPlaceholder")}
          data-testid="terminal-scan"
        />
        <AriaButton type="submit" className={css.button}>{t.t("terminal.enter")}</AriaButton>
      </form>
      <div className={css.row}>
        <AriaButton
          className={css.secondary}
          onPress={() =>
            setCamera((c) =>
              !c
            )}
          data-testid="terminal-camera-toggle"
        >
          {camera ? t.t("terminal.cameraClose") : t.t("terminal.cameraOpen")}
        </AriaButton>
        <AriaButton
          className={css.secondary}
          onPress={() => {
            setTyping((v) => !v);
            scanField.current?.focus();
          }}
        >
          {typing ? t.t("terminal.keyboardOff") : t.t("terminal.keyboardOn")}
        </AriaButton>
      </div>
      {typing && data && scanText.trim().length >= 2 &&
        (expecting === "product" ||
          (expecting === "location" && kind === "out" && task && !task.pick && !draft.product &&
            !draft.location)) &&
        (
          <ProductMatches
            products={data.data.products}
            text={scanText.trim()}
            onPick={(product) => void handleScan(product.index)}
          />
        )}
      {camera && (
        <ChunkBoundary>
          <Suspense fallback={<p className={css.sub}>{t.t("common.loading")}</p>}>
            <Camera
              onScan={(c) => void handleScan(c)}
              onClose={() => setCamera(false)}
            />
          </Suspense>
        </ChunkBoundary>
      )}

      {(expecting === "quantity" || (expecting === "tote" && kind !== "collect")) && draft.product && (
        <QuantityEntry
          key={`${draft.product.id}:${draft.positionId ?? ""}`}
          label={t.t("terminal.quantityOf", { product: draft.product.index, unit: draft.product.unit ?? "" })}
          initial={draft.quantity ??
            (target && kind !== "check"
              // What FEFO takes at the scanned bin, else what is left.
              ? guide?.takes.find((x) => x.locationId === draft.location?.id)?.quantity ?? left(target)
              : kind === "check"
              ? undefined
              : 1)}
          onTake={(q) => void takeQuantity(q)}
        />
      )}
      {expecting === "lot" && draft.product && (
        <LotEntry
          // Fresh from the draft when the scan field took a part of the lot.
          key={JSON.stringify(draft.lot)}
          product={draft.product}
          lot={draft.lot}
          onTake={(entered) => {
            const lot = { ...draft.lot, ...entered };
            // The lot is noted only once it is whole; what is still missing is said.
            const still = missingLot(draft.product!, lot)[0];
            if (still) return fail(t.t("terminal.lotMissing", { field: t.t(`terminal.lot.${still}`) }));
            setDraft({ ...draft, lot });
            good(t.t("terminal.lotTaken"));
          }}
        />
      )}
      {takesFrom(kind) && (target || freeTake) &&
        (expecting === "location" || expecting === "product" || expecting === "quantity") && (
        <TakeGuide
          guide={guide ?? null}
          looking={looking}
          online={online}
          left={target ? left(target) : freeTake?.quantity ?? 0}
          product={(target?.productIndex ?? draft.product?.index) ?? ""}
          label={label}
        />
      )}
      {expecting === "put" && suggestions.length > 0 && (
        <section className={css.card} aria-label={t.t("terminal.suggestions")}>
          <p className={css.sub}>{t.t("terminal.suggestions")}</p>
          <ul className={css.list}>
            {suggestions.map((s) => (
              <li key={s.locationId} className={css.item}>
                <span className={css.big}>{s.label}</span>
                <span className={css.muted}>{t.t(`terminal.reason.${s.reason}` as never)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {kind === "relocate" && expecting === "product" && draft.container && (
        <AriaButton
          className={css.secondary}
          onPress={() => setDraft({ ...draft, whole: true })}
        >
          {t.t("terminal.wholeContainer", { container: draft.container.number })}
        </AriaButton>
      )}
      {tote && kind === "collect" && (
        <p className={css.sub}>{t.t("terminal.currentTote", { tote: tote.number })}</p>
      )}

      {task && kind !== "check" && kind !== "relocate" && (
        <div className={css.row}>
          {target && (
            <>
              <AriaButton
                className={css.danger}
                onPress={() => void shortage([target])}
                data-testid="terminal-shortage"
              >
                {t.t("terminal.shortage")}
              </AriaButton>
              <AriaButton
                className={css.secondary}
                onPress={() => setSkipped(new Set([...skipped, target.id]))}
              >
                {t.t("terminal.skip")}
              </AriaButton>
            </>
          )}
          {task.pick && todo.length > 0 && !task.finishing && (
            <AriaButton
              className={css.danger}
              onPress={() => void shortage(todo)}
              data-testid="terminal-rest-short"
            >
              {t.t("terminal.restShort")}
            </AriaButton>
          )}
          <AriaButton
            className={css.button}
            onPress={() => void finish()}
            isDisabled={task.finishing ||
              (task.pick ? todo.length > 0 || !picked : task.positions.length === 0)}
            data-testid="terminal-finish"
          >
            {t.t("terminal.finish")}
          </AriaButton>
        </div>
      )}
      {task && (
        <div className={css.row}>
          <AriaButton
            className={css.secondary}
            onPress={() => {
              setTask(null);
              setDraft({ lot: noLot });
              setSay(null);
            }}
          >
            {t.t("terminal.leave")}
          </AriaButton>
          {draft.product || draft.location
            ? (
              <AriaButton
                className={css.secondary}
                onPress={() => setDraft({ lot: noLot })}
              >
                {t.t("terminal.startOver")}
              </AriaButton>
            )
            : null}
        </div>
      )}

      {refused.length > 0 && (
        <Refusals
          entries={refused}
          queue={queue}
          onFlush={() => void flush()}
          onConfirmAnyway={async (e) => {
            // The same step in its place, its warnings accepted: a confirmation by its query, a group
            // movement or a container's relocation by its body.
            const path = /\/confirm$/.test(e.path.split("?")[0])
              ? `${e.path.split("?")[0]}?acceptWarnings=true`
              : e.path;
            const body = e.body && typeof e.body === "object" && path === e.path
              ? { ...(e.body as Rec), acceptWarnings: true }
              : e.body;
            await queue.retry(e.seq!, { path, body });
            void flush();
          }}
        />
      )}

      {!task && <SuffixSetting value={suffix} />}

      {task
        ? <TaskPositions kind={kind} task={task} todo={todo} target={target} label={label} />
        : (
          <TaskChooser
            kind={kind}
            online={online}
            onOpen={openDocument}
            onCount={openCount}
            onFresh={() => void startFresh()}
          />
        )}
    </div>
  );
}

/** What the user's scanner gun ends a scan with, kept in their settings (also in the user's menu). */
function SuffixSetting(p: { value: ScannerSuffix }) {
  const t = useT();
  return (
    <label className={css.selectLabel}>
      {t.t("terminal.suffix")}
      <select
        className={css.select}
        value={p.value}
        onChange={(e) => {
          const value = scannerSuffixes.find((v) => v === e.target.value);
          if (value) setScannerSuffix(value).catch(reportError);
        }}
      >
        {scannerSuffixes.map((v) => <option key={v} value={v}>{t.t(`terminal.suffix.${v}`)}</option>)}
      </select>
    </label>
  );
}

function emptyPosition(product: TerminalProduct, quantity: number): Position {
  return {
    id: `local-${crypto.randomUUID()}`,
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

/** A quantity typed in the user's language ("1,5" in Polish); one it cannot read unambiguously is asked about. */
function QuantityEntry(p: { label: string; initial?: number; onTake: (q: number) => void }) {
  const t = useT();
  const [value, setValue] = useState(
    p.initial === undefined ? "" : t.number(p.initial, { useGrouping: false, maximumFractionDigits: 3 }),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const marks = useNumberMarks(t.lang);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  return (
    <form
      className={css.scanRow}
      onSubmit={(e) => {
        e.preventDefault();
        const read = readTyped(t, value, marks);
        setProblem(read.problem ?? null);
        if (read.problem === undefined) p.onTake(read.value);
      }}
    >
      <label className={css.field}>
        {p.label}
        <input
          ref={ref}
          className={css.numberField}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "terminal-quantity-problem" : undefined}
          data-testid="terminal-quantity"
        />
      </label>
      {problem ? <p id="terminal-quantity-problem" role="alert" className={css.sub}>{problem}</p> : null}
      <AriaButton type="submit" className={css.button} data-testid="terminal-quantity-ok">
        {t.t("terminal.ok")}
      </AriaButton>
    </form>
  );
}

function LotEntry(p: { product: TerminalProduct; lot: Lot; onTake: (lot: Lot) => void }) {
  const t = useT();
  const [lot, setLot] = useState<Lot>(p.lot);
  const need = missingLot(p.product, p.lot);
  return (
    <form
      className={css.card}
      onSubmit={(e) => {
        e.preventDefault();
        p.onTake(lot);
      }}
    >
      {need.some((field) => field !== "serialNumber") && (
        <p className={css.sub}>{t.t("terminal.lotHint", { example: formatDay(t, dateExample()) })}</p>
      )}
      {need.map((field, n) => (
        <label key={field} className={css.field}>
          {t.t(`terminal.lot.${field}`)}
          <input
            className={css.scanField}
            type={field === "serialNumber" ? "text" : "date"}
            autoFocus={n === 0}
            value={lot[field] ?? ""}
            onChange={(e) => setLot({ ...lot, [field]: e.target.value || null })}
            data-testid={`terminal-${field}`}
          />
        </label>
      ))}
      <AriaButton type="submit" className={css.button} data-testid="terminal-lot-ok">
        {t.t("terminal.ok")}
      </AriaButton>
    </form>
  );
}

/** The date shown as an example of the format to type: the last day of this year. */
const dateExample = () => `${new Date().getFullYear()}-12-31`;

/** At most this many products are offered for what was typed. */
const MATCHES = 6;

/**
 * Products whose name, index or barcode contains what the operator typed (the keyboard open), from the
 * products kept for offline use: tapped, the product is taken as if its index were scanned.
 */
function ProductMatches(
  p: { products: readonly TerminalProduct[]; text: string; onPick: (product: TerminalProduct) => void },
) {
  const t = useT();
  const found = useMemo(() => {
    const needle = p.text.toLocaleLowerCase(t.lang);
    const out: TerminalProduct[] = [];
    for (const product of p.products) {
      if (
        product.name.toLocaleLowerCase(t.lang).includes(needle) ||
        product.index.toLocaleLowerCase(t.lang).includes(needle) ||
        product.barcodes.some((b) => b.includes(p.text))
      ) out.push(product);
      if (out.length >= MATCHES) break;
    }
    return out;
  }, [p.products, p.text, t.lang]);
  return (
    <section className={css.card} aria-label={t.t("terminal.productMatches")} data-testid="terminal-matches">
      {found.length === 0
        ? <p className={css.muted}>{t.t("terminal.noProductMatches", { text: p.text })}</p>
        : (
          <ul className={css.list}>
            {found.map((product) => (
              <li key={product.id}>
                <AriaButton
                  className={css.itemButton}
                  onPress={() => p.onPick(product)}
                >
                  <ProductOption product={product} />
                </AriaButton>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}

/** Where the current position (or a release's product) is to be taken from, FEFO, line by line. */
function TakeGuide(
  p: {
    guide: Guide | null;
    looking: boolean;
    online: boolean;
    left: number;
    product: string;
    label: (id: number | null) => string;
  },
) {
  const t = useT();
  const { guide } = p;
  return (
    <section className={css.card} aria-label={t.t("terminal.takeFrom")} data-testid="terminal-take">
      <p className={css.sub}>{t.t("terminal.takeFrom")}</p>
      {guide === null
        ? (
          <p className={css.muted}>
            {p.looking && p.online ? t.t("terminal.takeLooking") : t.t("terminal.takeUnknown")}
          </p>
        )
        : (
          <ul className={css.list}>
            {guide.takes.map((x, n) => {
              const where = x.containerNumber
                ? `${p.label(x.locationId)} / ${x.containerNumber}`
                : p.label(x.locationId);
              const quantity = t.number(x.quantity);
              return (
                <li key={n} className={n === 0 ? css.current : css.item}>
                  <span className={css.big}>
                    {x.expiryDate
                      ? t.t("terminal.takeLot", {
                        quantity,
                        location: where,
                        date: formatDay(t, x.expiryDate),
                      })
                      : t.t("terminal.take", { quantity, location: where })}
                  </span>
                </li>
              );
            })}
            {guide.missing > 0 && (
              <li className={css.item}>
                <span className={css.problem}>
                  {guide.takes.length === 0
                    ? t.t("terminal.takeNone", { product: p.product })
                    : t.t("terminal.takeMissing", { quantity: t.number(guide.missing), product: p.product })}
                </span>
              </li>
            )}
          </ul>
        )}
    </section>
  );
}

function Refusals(
  p: {
    entries: QueueEntry[];
    queue: Queue;
    onFlush: () => void;
    onConfirmAnyway: (e: QueueEntry) => Promise<void>;
  },
) {
  const t = useT();
  return (
    <section className={css.card} aria-labelledby="terminal-refused" data-testid="terminal-refused">
      <h3 id="terminal-refused" className={css.big}>
        {t.plural("terminal.refused", p.entries.length, { count: p.entries.length })}
      </h3>
      <ul className={css.list}>
        {p.entries.map((e) => (
          <li key={e.seq} className={css.item}>
            <div>
              <div className={css.big}>{e.label}</div>
              <div className={css.problem}>
                {e.refusal?.code === "terminal.missingRecord"
                  ? t.t("terminal.missingRecord")
                  : e.refusal?.message || t.t("error.unknown")}
              </div>
            </div>
            <div className={css.row}>
              {e.refusal?.warningsOnly && (
                <AriaButton
                  className={css.button}
                  onPress={() => void p.onConfirmAnyway(e)}
                >
                  {t.t("terminal.confirmAnyway")}
                </AriaButton>
              )}
              <AriaButton
                className={css.secondary}
                onPress={() => void p.queue.retry(e.seq!).then(p.onFlush)}
              >
                {t.t("terminal.retry")}
              </AriaButton>
              <AriaButton className={css.danger} onPress={() => void p.queue.drop(e.seq!).then(p.onFlush)}>
                {t.t("terminal.drop")}
              </AriaButton>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TaskPositions(
  p: {
    kind: Kind;
    task: Task;
    todo: Position[];
    target: Position | null;
    label: (id: number | null) => string;
  },
) {
  const t = useT();
  const { task } = p;
  if (p.kind === "check") {
    return (
      <section aria-label={t.t("terminal.positions")}>
        <ul className={css.list}>
          {task.positions.map((x) => (
            <li key={x.id} className={css.item}>
              <span className={css.big}>{x.productIndex}</span>
              <span>{x.productName}{x.expiryDate ? ` · ${t.day(x.expiryDate)}` : ""}</span>
              <span>
                {x.quantityReal === null
                  ? t.t("terminal.notCounted")
                  : t.t("terminal.countedShort", { quantity: x.quantityReal })}
              </span>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  // Carrying out positions: what is done (or short); adding them: everything added so far.
  const done = task.pick ? task.positions.filter((x) => left(x) === 0 || x.short) : task.positions;
  const place = (x: Position) => p.label(placeOf(p.kind, x, task));
  const show = (x: Position, cls: string): ReactNode => (
    <li key={x.id} className={cls} data-testid="terminal-position">
      <span className={css.big}>{place(x) || "—"}</span>
      <span>{x.productIndex} · {x.productName}{x.expiryDate ? ` · ${t.day(x.expiryDate)}` : ""}</span>
      <span className={css.big}>
        {task.pick
          ? t.t("terminal.progress", { done: x.quantityReal ?? 0, quantity: x.quantity })
          : t.number(x.quantity)}
      </span>
    </li>
  );
  return (
    <section aria-label={t.t("terminal.positions")}>
      {task.pick && (
        <>
          <h3 className={css.sub}>{t.plural("terminal.toDo", p.todo.length, { count: p.todo.length })}</h3>
          <ul className={css.list}>{p.todo.map((x) => show(x, x === p.target ? css.current : css.item))}</ul>
        </>
      )}
      {done.length > 0 && (
        <>
          <h3 className={css.sub}>{t.plural("terminal.done", done.length, { count: done.length })}</h3>
          <ul className={css.list}>{done.map((x) => show(x, css.item))}</ul>
        </>
      )}
    </section>
  );
}

function TaskChooser(
  p: {
    kind: Kind;
    online: boolean;
    onOpen: (doc: Rec) => Promise<void>;
    onCount: (order: Rec) => void;
    onFresh: () => void;
  },
) {
  const t = useT();
  const [rows, setRows] = useState<Rec[] | null>(null);
  const [key, setKey] = useState(0);
  useResourceEvents("WmsDocument", () => setKey((k) => k + 1));
  useEffect(() => {
    if (!p.online) return;
    let live = true;
    const path = p.kind === "check"
      ? `/WmsOrder/Verify/Progress?PageSize=20&sortColumn=id&sortDescending=true&BasicFiltersSerialized=${
        filter([{ field: "statusCode", operator: "eq", value: "confirmed" }, {
          field: "verificationStatusCode",
          operator: "in",
          value: ["notStarted", "inProgressNoDifferences", "inProgressWithDifferences"],
        }])
      }`
      : `/WmsDocument?PageSize=20&sortColumn=id&sortDescending=true&BasicFiltersSerialized=${
        filter([{ field: "statusCode", operator: "eq", value: "workingCopy" }, {
          field: "typeCode",
          operator: "in",
          value: documentTypes[p.kind].types,
        }])
      }`;
    api<{ results: Rec[] }>("GET", path, undefined, { quiet: true }).then(
      (r) => live && setRows(r.results),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [p.kind, p.online, key]);
  const empty = rows === null
    ? (p.online ? t.t("common.loading") : t.t("terminal.listOffline"))
    : rows.length === 0
    ? t.t("terminal.nothingOpen")
    : null;
  return (
    <section aria-labelledby="terminal-open" className={css.screen}>
      {p.kind !== "check" && (
        <AriaButton className={css.button} onPress={p.onFresh} data-testid="terminal-new">
          {t.t(`terminal.new.${p.kind}`)}
        </AriaButton>
      )}
      <h3 id="terminal-open" className={css.sub}>
        {p.kind === "check" ? t.t("terminal.openCounts") : t.t("terminal.openDocuments")}
      </h3>
      {empty !== null ? <p className={css.muted}>{empty}</p> : (
        <ul className={css.list}>
          {rows!.map((r) => (
            <li key={r.id as number}>
              <AriaButton
                className={css.itemButton}
                onPress={() => (p.kind === "check" ? p.onCount(r) : void p.onOpen(r))}
                data-testid="terminal-task"
              >
                <span className={css.big}>{(r.documentNumber ?? r.orderNumber) as string}</span>
                <span>{(r.contractorName as string | null) ?? ""}</span>
                <span>
                  {t.t("terminal.percent", { percent: (r.progressPercent as number | undefined) ?? 0 })}
                </span>
              </AriaButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
