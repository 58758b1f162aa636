// The print agent: a small program a warehouse runs next to its printers (`deno task print-agent`, or the
// single file `deno task print-agent:compile` makes). It connects OUT to the server's /printAgent WebSocket
// with its site's key, so the server never reaches into the warehouse's network; receives the site's jobs;
// sends ZPL raw to the printer (TCP 9100) and a PDF to the computer's print queue (lp on Linux and macOS,
// SumatraPDF on Windows, or a command of one's own); and reports each job printed or failed. It reconnects
// after any loss with a growing pause, keeps every report until the server acknowledges it, and prints a
// job handed to it again (its previous connection broke before the report arrived) only once.
// It imports nothing of the server but the protocol (./protocol.ts).
import {
  type AgentMessage,
  CLOSE_KEY_REFUSED,
  CLOSE_REPLACED,
  CLOSE_TOO_MANY,
  type FailureReason,
  fromBase64,
  MAX_DETAIL,
  parseServerMessage,
  PRINT_AGENT_PATH,
  PROTOCOL_VERSION,
  type ServerMessage,
} from "./protocol.ts";

export const AGENT_VERSION = "1.0.0";

/** Where a printer's jobs go: raw to an address (ZPL), or to a print queue of this computer (PDF). */
export type Destination = { raw: { host: string; port: number } } | { queue: string | null };

export interface AgentOptions {
  /** The WMS's address: https://wms.example.com (ws:// and wss:// also do). */
  server: string;
  /** The site's key (made by an administrator under Printers → Sites). */
  key: string;
  /** This agent's name, shown to administrators (the computer's name by default). */
  name?: string;
  /**
   * The printers this agent prints to, by the name they have in the WMS (or `#<id>`): `host:port` for a
   * label printer, `queue:<name>` (or `queue:` for the default) for a print queue. When given, only these
   * printers are printed to (a job for another one fails as not allowed); when not, a ZPL job goes to the
   * address the WMS names and a PDF to the computer's default print queue.
   */
  printers?: Record<string, string>;
  /**
   * The command printing a PDF, as a list of words: `{file}` is the PDF, `{printer}` the queue ("" for the
   * default). By default `lp [-d queue] file`, or on Windows `SumatraPDF -print-to queue|-print-to-default
   * -silent file`.
   */
  pdfCommand?: string[];
  /** How long a printer may take to accept a connection and the job. */
  printTimeoutMs?: number;
  /** The pause before reconnecting: doubles from the first to the last after each failed try. */
  backoffMs?: { first: number; last: number };
  log?: (level: "info" | "warn" | "error", message: string) => void;
  /** Told of each change (tests and a service's status). */
  onEvent?: (event: AgentEvent) => void;
}

export type AgentEvent =
  | { type: "connected"; site: { id: number; name: string } }
  | { type: "disconnected"; code: number; reason: string }
  | { type: "printed"; id: number }
  | { type: "failed"; id: number; reason: FailureReason; detail: string };

export interface AgentHandle {
  /** Closes the connection and waits for the job being printed, if any. */
  stop(): Promise<void>;
  readonly connected: boolean;
}

/** Job results remembered, so a job handed over again is reported, not printed twice. */
const REMEMBERED = 1000;

type Result = { ok: true } | { ok: false; reason: FailureReason; detail: string };

/** The server's socket address from its web address. */
export function socketUrl(server: string): string {
  const url = new URL(server);
  if (url.protocol === "https:") url.protocol = "wss:";
  else if (url.protocol === "http:") url.protocol = "ws:";
  url.pathname = url.pathname.replace(/\/+$/, "") + PRINT_AGENT_PATH;
  url.search = "";
  url.hash = "";
  return url.href;
}

/** Reads `host:port`, `[v6]:port` or `queue:<name>`; throws on anything else. */
export function parseDestination(text: string): Destination {
  if (text.startsWith("queue:")) {
    const name = text.slice("queue:".length).trim();
    return { queue: name || null };
  }
  const m = /^\[([0-9A-Fa-f:.]+)\]:(\d{1,5})$/.exec(text) ?? /^([A-Za-z0-9.-]+):(\d{1,5})$/.exec(text);
  const port = m ? Number(m[2]) : 0;
  if (!m || port < 1 || port > 65535) {
    throw new Error(`"${text}" is neither host:port nor queue:<name>`);
  }
  return { raw: { host: m[1], port } };
}

/** A failure as the reason the server records. */
export function reasonOf(err: unknown): FailureReason {
  if (err instanceof Deno.errors.ConnectionRefused) return "connectionRefused";
  if (err instanceof Deno.errors.TimedOut) return "timeout";
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  if (/refused/i.test(text)) return "connectionRefused";
  if (/timed? ?out/i.test(text)) return "timeout";
  if (/unreachable|lookup|resolve|not known|no route|NotFound|AddrNotAvailable/i.test(text)) {
    return "unreachable";
  }
  return "other";
}

const detailOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, MAX_DETAIL);

/** Sends bytes raw to a printer's port: connected, written, closed, within `timeoutMs`. */
export function sendRaw(host: string, port: number, data: Uint8Array, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let conn: Deno.TcpConn | undefined;
    let over = false;
    const finish = (err?: unknown) => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      try {
        conn?.close();
      } catch { /* closed already */ }
      if (err === undefined) resolve();
      else reject(err);
    };
    const timer = setTimeout(
      () => finish(new Deno.errors.TimedOut(`the printer at ${host}:${port} did not answer in time`)),
      timeoutMs,
    );
    (async () => {
      const c = await Deno.connect({ hostname: host, port });
      // Connected after the time ran out: closed at once.
      if (over) return c.close();
      conn = c;
      for (let written = 0; written < data.length;) written += await c.write(data.subarray(written));
      await c.closeWrite();
    })().then(() => finish(), (err) => finish(err));
  });
}

/** Prints a PDF with the system's print queue (or the configured command). */
async function printPdf(data: Uint8Array, queue: string | null, command: string[] | undefined, id: number) {
  const file = await Deno.makeTempFile({ prefix: `wms-job-${id}-`, suffix: ".pdf" });
  try {
    await Deno.writeFile(file, data);
    const words = command ??
      (Deno.build.os === "windows"
        ? ["SumatraPDF", ...(queue ? ["-print-to", queue] : ["-print-to-default"]), "-silent", file]
        : ["lp", ...(queue ? ["-d", queue] : []), "-t", `WMS job ${id}`, file]);
    const args = words.map((w) => w.replaceAll("{file}", file).replaceAll("{printer}", queue ?? ""));
    const out = await new Deno.Command(args[0], { args: args.slice(1), stdout: "null", stderr: "piped" })
      .output();
    if (!out.success) {
      const said = new TextDecoder().decode(out.stderr).trim();
      throw Object.assign(new Error(`${args[0]} exited with ${out.code}${said ? `: ${said}` : ""}`), {
        queue: true,
      });
    }
  } catch (err) {
    if ((err as { queue?: boolean }).queue || err instanceof Deno.errors.NotFound) {
      throw Object.assign(err as Error, { queue: true });
    }
    throw err;
  } finally {
    await Deno.remove(file).catch(() => {});
  }
}

/** Starts the agent; it runs until stopped. */
export function startAgent(options: AgentOptions): AgentHandle {
  const log = options.log ?? ((level, message) => console[level](`${new Date().toISOString()} ${message}`));
  const emit = (e: AgentEvent) => {
    try {
      options.onEvent?.(e);
    } catch { /* a listener's failure is not the agent's */ }
  };
  const backoff = options.backoffMs ?? { first: 1_000, last: 60_000 };
  const printTimeoutMs = options.printTimeoutMs ?? 10_000;
  const url = socketUrl(options.server);
  const printers = options.printers === undefined
    ? undefined
    : new Map(Object.entries(options.printers).map(([name, d]) => [name, parseDestination(d)]));
  const name = options.name ??
    (() => {
      try {
        return Deno.hostname();
      } catch {
        return "print agent";
      }
    })();

  let socket: WebSocket | undefined;
  let connected = false;
  let stopped = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let beatTimer: ReturnType<typeof setInterval> | undefined;
  let lastHeard = 0;
  /** Results the server has not acknowledged yet; results remembered. */
  const unacknowledged = new Map<number, Result>();
  const done = new Map<number, Result>();
  const waiting: Extract<ServerMessage, { type: "job" }>[] = [];
  let printing: Promise<void> | undefined;

  const send = (m: AgentMessage) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(m));
  };
  const report = (id: number, r: Result) =>
    send(r.ok ? { type: "result", id, ok: true } : { type: "result", id, ...r });

  function remember(id: number, r: Result) {
    done.set(id, r);
    if (done.size > REMEMBERED) done.delete(done.keys().next().value!);
    unacknowledged.set(id, r);
    report(id, r);
  }

  function destinationOf(job: Extract<ServerMessage, { type: "job" }>): Destination | null {
    if (printers) return printers.get(job.printer.name) ?? printers.get(`#${job.printer.id}`) ?? null;
    return job.kind === "zpl" ? { raw: { host: job.printer.host, port: job.printer.port } } : { queue: null };
  }

  async function print(job: Extract<ServerMessage, { type: "job" }>): Promise<Result> {
    const to = destinationOf(job);
    if (!to) {
      return {
        ok: false,
        reason: "notAllowed",
        detail: `${job.printer.name} is not among this agent's printers`,
      };
    }
    const data = fromBase64(job.data);
    try {
      if ("raw" in to) await sendRaw(to.raw.host, to.raw.port, data, printTimeoutMs);
      else if (job.kind === "pdf") await printPdf(data, to.queue, options.pdfCommand, job.id);
      else return { ok: false, reason: "notAllowed", detail: "a ZPL job cannot go to a print queue" };
      return { ok: true };
    } catch (err) {
      return {
        ok: false,
        reason: (err as { queue?: boolean }).queue ? "queueFailed" : reasonOf(err),
        detail: detailOf(err),
      };
    }
  }

  /** Prints the waiting jobs one after another, in the order they came. */
  function drain() {
    if (printing) return;
    printing = (async () => {
      while (waiting.length) {
        const job = waiting.shift()!;
        const known = done.get(job.id);
        if (known) {
          unacknowledged.set(job.id, known);
          report(job.id, known);
          continue;
        }
        const r = await print(job);
        if (r.ok) {
          log("info", `job ${job.id}: ${job.bytes} bytes printed on ${job.printer.name}`);
          emit({ type: "printed", id: job.id });
        } else {
          log("warn", `job ${job.id} on ${job.printer.name} failed (${r.reason}): ${r.detail}`);
          emit({ type: "failed", id: job.id, reason: r.reason, detail: r.detail });
        }
        remember(job.id, r);
      }
    })().finally(() => {
      printing = undefined;
      if (waiting.length) drain();
    });
  }

  function connect() {
    retryTimer = undefined;
    if (stopped) return;
    const ws = socket = new WebSocket(url);
    lastHeard = Date.now();
    ws.onopen = () => {
      send({
        type: "hello",
        protocol: PROTOCOL_VERSION,
        key: options.key,
        agent: { name: name.slice(0, 100), version: AGENT_VERSION, os: Deno.build.os },
      });
    };
    ws.onmessage = (e) => {
      lastHeard = Date.now();
      const m = typeof e.data === "string" ? parseServerMessage(e.data) : null;
      if (!m) {
        log("warn", "the server sent a message this agent does not understand");
        return;
      }
      if (m.type === "welcome") {
        connected = true;
        failures = 0;
        log("info", `connected to ${url} for the site ${m.site.name}`);
        emit({ type: "connected", site: m.site });
        for (const [id, r] of unacknowledged) report(id, r);
        clearInterval(beatTimer);
        beatTimer = setInterval(() => {
          // A server silent for three beats is gone (a half-open connection): connect again.
          if (Date.now() - lastHeard > m.heartbeatSeconds * 3000) ws.close();
          else {
            send({ type: "ping" });
            for (const [id, r] of unacknowledged) report(id, r);
          }
        }, m.heartbeatSeconds * 1000);
      } else if (m.type === "job") {
        waiting.push(m);
        drain();
      } else if (m.type === "ack") {
        unacknowledged.delete(m.id);
      }
    };
    ws.onerror = () => {/* the close event follows */};
    ws.onclose = (e) => {
      if (socket !== ws) return;
      clearInterval(beatTimer);
      socket = undefined;
      const was = connected;
      connected = false;
      emit({ type: "disconnected", code: e.code, reason: e.reason });
      if (stopped) return;
      if (e.code === CLOSE_KEY_REFUSED) {
        log("error", "the server refused the key: it was withdrawn or replaced (make a new one under Sites)");
      } else if (e.code === CLOSE_REPLACED) {
        log("error", "another agent connected with the same site's key and took over");
      } else if (e.code === CLOSE_TOO_MANY) {
        log("error", "too many refused keys from this address: waiting");
      } else if (was) log("warn", `disconnected (${e.code} ${e.reason}): connecting again`);
      // Refused, replaced or throttled: trying again soon would change nothing, so the longest pause.
      const refused = e.code === CLOSE_KEY_REFUSED || e.code === CLOSE_REPLACED || e.code === CLOSE_TOO_MANY;
      const delay = refused ? backoff.last : Math.min(backoff.last, backoff.first * 2 ** failures++);
      // A little spread, so that a warehouse's agents do not all come back at the same moment.
      retryTimer = setTimeout(
        connect,
        Math.round(delay * (0.75 + crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32 * 0.25)),
      );
    };
  }

  connect();
  return {
    get connected() {
      return connected;
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(beatTimer);
      const ws = socket;
      if (ws && ws.readyState !== WebSocket.CLOSED) {
        const closed = new Promise<void>((r) => ws.addEventListener("close", () => r(), { once: true }));
        ws.close(1000, "agent stopped");
        await closed;
      }
      await printing;
    },
  };
}
