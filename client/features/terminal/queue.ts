// The terminal's durable queue (decision 0009): every write the operator makes is stored first (IndexedDB
// in the browser) and sent in order when the network allows, each with its own Idempotency-Key, so a call
// that reached the server before the connection dropped is answered, not done again, when it is sent
// again. What the server refuses is kept, marked refused with the server's message, and holds back the
// later steps of the same task until the operator resolves it: retried (after a change elsewhere) or
// dropped knowingly. Nothing is dropped silently. A step may make a record (a new document) that later
// steps name before it exists: they carry `{local:<id>}` in their path or body, filled with the server's
// id once the step that makes it has been answered.

/** A write waiting to be sent, or refused. */
export interface QueueEntry {
  /** The order of writing (the store's key). */
  seq?: number;
  /** Whose it is: `<tenant>:<user>`; another user's entries are neither sent nor shown. */
  owner: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** May hold `{local:<id>}`. */
  path: string;
  /** May hold `"{local:<id>}"` string values, each replaced by the server's number. */
  body?: unknown;
  /** The Idempotency-Key: made once with the entry, sent with every attempt. */
  key: string;
  /** The local id of the record this call makes (its answer's `id`), for the entries after it. */
  makes?: string;
  /** The task (a document being received, released, ...) it belongs to: a refusal holds back the rest. */
  task: string;
  /** What the operator did, in their words, for the list of refused steps. */
  label: string;
  state: "pending" | "refused";
  /**
   * The server's refusal: its code, status and the message (and issues' messages) in the user's language;
   * `warningsOnly`: the refusal is warnings alone, which the operator may accept.
   */
  refusal?: { status: number; code: string; message: string; warningsOnly?: boolean };
  /** Attempts the server answered with an error that may pass (5xx, a key still being answered, 429). */
  attempts?: number;
  createdAt: string;
}

/** Where entries and local ids live: IndexedDB in the browser (idb_store.ts), memory in unit tests. */
export interface QueueStore {
  entries(owner: string): Promise<QueueEntry[]>;
  add(entry: QueueEntry): Promise<number>;
  put(entry: QueueEntry): Promise<void>;
  remove(seq: number): Promise<void>;
  localId(local: string): Promise<number | undefined>;
  setLocalId(local: string, id: number): Promise<void>;
}

/** A call's failure as the queue sorts it. */
export interface CallFailure {
  /** 0: the server was not reached. */
  status: number;
  code: string;
  message: string;
  warningsOnly?: boolean;
}

/**
 * Tries of a step the server answers with an error that may pass before it is listed as refused (holding
 * only its task): a server error that comes back every time, or a key whose first answer was lost (the
 * change was made; the operator checks the record before sending it again).
 */
export const MAX_ATTEMPTS = 5;

/** Sends one call with its key; answers the parsed body, or throws a CallFailure-like error. */
export type Caller = (method: string, path: string, body: unknown, key: string) => Promise<unknown>;

export interface FlushResult {
  sent: number;
  refused: number;
  /** Something was left for a later flush (the network, the sign-in, a server asking to wait). */
  stopped: boolean;
  /** The server was not reached at all. */
  offline: boolean;
}

/** Not reached: wait for the network. Not signed in: wait for the sign-in. Neither is the step's fault. */
const unreachable = (f: CallFailure) => f.status === 0;
const signedOut = (f: CallFailure) => f.status === 401;
/** Errors that may pass: tried again later, up to MAX_ATTEMPTS, holding back only the step's task. */
const mayPass = (f: CallFailure) =>
  f.status >= 500 || f.status === 429 || f.status === 408 || f.code === "request.idempotencyKeyInProgress";

const LOCAL = /\{local:([\w-]+)\}/g;

export class Queue {
  #flushing: Promise<FlushResult> | null = null;
  #tail: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<() => void>();
  /** Answers of the last flush by key, for the screen to take the server's record (a new position's id). */
  readonly answers = new Map<string, unknown>();

  constructor(readonly store: QueueStore, readonly owner: string, readonly call: Caller) {}

  subscribe(fn: () => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  #changed(): void {
    for (const fn of this.#listeners) fn();
  }

  /**
   * Stores a write; answers its key. Writes are stored in the order enqueue was called, even when the
   * caller does not wait for one before the next. Nothing is sent here: call flush().
   */
  enqueue(e: Pick<QueueEntry, "method" | "path" | "body" | "makes" | "task" | "label">): Promise<string> {
    const key = crypto.randomUUID();
    const stored = this.#tail.then(() =>
      this.store.add({
        ...e,
        owner: this.owner,
        key,
        state: "pending",
        createdAt: new Date().toISOString(),
      })
    );
    this.#tail = stored.catch(() => 0);
    return stored.then(() => {
      this.#changed();
      return key;
    });
  }

  entries(): Promise<QueueEntry[]> {
    return this.store.entries(this.owner);
  }

  /** Sends what is pending, in order; one flush at a time (a second call waits for the running one). */
  flush(): Promise<FlushResult> {
    this.#flushing ??= this.#tail.then(() => this.#flush()).finally(() => {
      this.#flushing = null;
      this.#changed();
    });
    return this.#flushing;
  }

  async #flush(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, refused: 0, stopped: false, offline: false };
    const held = new Set<string>();
    for (const entry of await this.store.entries(this.owner)) {
      if (entry.state === "refused") {
        held.add(entry.task);
        continue;
      }
      if (held.has(entry.task)) continue;
      const ready = await this.#resolve(entry);
      if (!ready) {
        // It names a record not made yet (its maker was dropped): it cannot be sent as it is.
        await this.#refuse(entry, { status: 0, code: "terminal.missingRecord", message: "" });
        held.add(entry.task);
        result.refused++;
        continue;
      }
      try {
        const answer = await this.call(entry.method, ready.path, ready.body, entry.key);
        this.answers.set(entry.key, answer);
        if (entry.makes) {
          const id = (answer as { id?: unknown } | null)?.id;
          if (typeof id === "number") await this.store.setLocalId(entry.makes, id);
        }
        await this.store.remove(entry.seq!);
        result.sent++;
        this.#changed();
      } catch (err) {
        const failure = asFailure(err);
        if (unreachable(failure) || signedOut(failure)) {
          result.stopped = true;
          result.offline = unreachable(failure);
          return result;
        }
        if (mayPass(failure) && (entry.attempts ?? 0) + 1 < MAX_ATTEMPTS) {
          await this.store.put({ ...entry, attempts: (entry.attempts ?? 0) + 1 });
          held.add(entry.task);
          result.stopped = true;
          continue;
        }
        await this.#refuse(entry, failure);
        held.add(entry.task);
        result.refused++;
      }
    }
    return result;
  }

  async #refuse(entry: QueueEntry, failure: CallFailure): Promise<void> {
    await this.store.put({
      ...entry,
      state: "refused",
      refusal: {
        status: failure.status,
        code: failure.code,
        message: failure.message,
        ...(failure.warningsOnly ? { warningsOnly: true } : {}),
      },
    });
    this.#changed();
  }

  /** The entry with its local ids filled in; null when one is not known yet. */
  async #resolve(entry: QueueEntry): Promise<{ path: string; body: unknown } | null> {
    const locals = new Set<string>();
    for (const m of entry.path.matchAll(LOCAL)) locals.add(m[1]);
    const json = entry.body === undefined ? undefined : JSON.stringify(entry.body);
    for (const m of (json ?? "").matchAll(LOCAL)) locals.add(m[1]);
    const ids = new Map<string, number>();
    for (const local of locals) {
      const id = await this.store.localId(local);
      if (id === undefined) return null;
      ids.set(local, id);
    }
    const fill = (s: string) => s.replace(LOCAL, (_m, local) => String(ids.get(local)));
    return {
      path: fill(entry.path),
      body: json === undefined
        ? undefined
        : JSON.parse(json.replace(/"\{local:([\w-]+)\}"/g, (_m, local) => String(ids.get(local)))),
    };
  }

  /**
   * The operator sends a refused step again, or changed (`change`: another path or body, say with warnings
   * accepted), in its place in the queue. It goes with a new key: a refusal that committed something (a
   * number collision's counter) is kept on the server under the old key and would only be answered again.
   */
  async retry(seq: number, change: Partial<Pick<QueueEntry, "path" | "body">> = {}): Promise<void> {
    const entry = (await this.store.entries(this.owner)).find((e) => e.seq === seq);
    if (!entry) return;
    const { refusal: _was, attempts: _tries, ...rest } = entry;
    await this.store.put({ ...rest, ...change, key: crypto.randomUUID(), state: "pending" });
    this.#changed();
  }

  /** The operator drops a refused step knowingly; the task's later steps go on. */
  async drop(seq: number): Promise<void> {
    await this.store.remove(seq);
    this.#changed();
  }

  /** The server's id of a record made through the queue (undefined until it has been sent). */
  localId(local: string): Promise<number | undefined> {
    return this.store.localId(local);
  }
}

function asFailure(err: unknown): CallFailure {
  const e = err as Partial<CallFailure> | undefined;
  if (e && typeof e.status === "number" && typeof e.code === "string") {
    return { status: e.status, code: e.code, message: e.message ?? "", warningsOnly: e.warningsOnly };
  }
  return { status: 0, code: "network", message: err instanceof Error ? err.message : String(err) };
}

/** A store in memory: unit tests, and a browser without IndexedDB (private windows of old browsers). */
export class MemoryQueueStore implements QueueStore {
  #seq = 0;
  readonly #entries = new Map<number, QueueEntry>();
  readonly #ids = new Map<string, number>();

  entries(owner: string): Promise<QueueEntry[]> {
    return Promise.resolve(
      [...this.#entries.values()].filter((e) => e.owner === owner).sort((a, b) => a.seq! - b.seq!)
        .map((e) => ({ ...e })),
    );
  }
  add(entry: QueueEntry): Promise<number> {
    const seq = ++this.#seq;
    this.#entries.set(seq, { ...entry, seq });
    return Promise.resolve(seq);
  }
  put(entry: QueueEntry): Promise<void> {
    this.#entries.set(entry.seq!, { ...entry });
    return Promise.resolve();
  }
  remove(seq: number): Promise<void> {
    this.#entries.delete(seq);
    return Promise.resolve();
  }
  localId(local: string): Promise<number | undefined> {
    return Promise.resolve(this.#ids.get(local));
  }
  setLocalId(local: string, id: number): Promise<void> {
    this.#ids.set(local, id);
    return Promise.resolve();
  }
}
