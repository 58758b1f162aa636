// The print agents' sockets (/printAgent), held where the hub's are: on the front of a sharded server (or the
// one thread of a server without shards), since that thread accepts connections. A socket's first message
// is the agent's hello with its site's key; the key names its tenant, whose shard checks it (queue.ts) and
// answers the site. From then on the channel hands the site's jobs to the agent (a few at a time, the next
// when one is reported) and stores each report. It hears through the hub of every committed change of the
// tenants whose agents it holds, wherever the change was made: a new job makes it take the site's queue, a
// changed site makes it check the key again (a withdrawn or replaced key disconnects its agent at once).
// A heartbeat every AGENT_HEARTBEAT_SECONDS notes the agent as seen, checks the key and takes the queue
// again, so nothing waits on an event that was lost (a shard restarted meanwhile).
import type { Services } from "../../../kernel/services.ts";
import type { Tenant } from "../../../tenancy/registry.ts";
import { AppError } from "../../../kernel/errors.ts";
import type { HubEventBody, HubObserver } from "../../../hub/hub.ts";
import {
  CLOSE_GOING_AWAY,
  CLOSE_KEY_REFUSED,
  CLOSE_PROTOCOL,
  CLOSE_REPLACED,
  CLOSE_TOO_MANY,
  parseAgentMessage,
  PROTOCOL_VERSION,
  type ServerMessage,
  tenantIdOfAgentKey,
} from "../../../print_agent/protocol.ts";
import { AGENT_HEARTBEAT_SECONDS } from "../sites/entity.ts";
import { agentBeat, agentBye, agentHello, agentReport, agentTake } from "./queue.ts";
import { keyHash } from "./keys.ts";
import { securityEventFor, securityEventOutside } from "../../logs/security_log/service.ts";

/** What the channel uses: the hub (jobs published, changes observed), attempt limits, the security log, tenants. */
export type AgentServices = Pick<
  Services,
  "attempts" | "config" | "control" | "hub" | "placement" | "registry" | "security"
>;

/** The part of a WebSocket the channel uses. */
export interface AgentSocket {
  send(data: string): void;
  close(code: number, reason: string): void;
}

/** Jobs an agent holds at once (sent, not yet reported): the next are sent as these are reported. */
export const MAX_HOLDING = 4;
/** An agent's messages are small (a hello, a result); anything larger is not the protocol. */
const MAX_MESSAGE_CHARS = 16_384;
/** A socket that has not said hello within this time is closed. */
const HELLO_TIMEOUT_MS = 10_000;
/**
 * Refused keys from one address within the sign-in window before its hellos are refused unheard. A key is
 * 256 random bits, so this guards the server's work, not the keys: it is set well above what a few agents
 * left running with a withdrawn key (one try a minute each) make, so that they never lock out a good one
 * behind the same address.
 */
export const REFUSED_KEYS_PER_IP = 200;
/** The correlation id of the channel's own events (its observer ignores them). */
const OWN = "print-agent";

let nextId = 1;

export class AgentConnection {
  readonly id = nextId++;
  tenant: Tenant | null = null;
  siteId = 0;
  keyHash = "";
  closed = false;
  /** Jobs sent to this agent and not yet reported. */
  readonly holding = new Set<number>();
  pulling = false;
  pullAgain = false;
  lastHeardAt = Date.now();
  helloTimer?: ReturnType<typeof setTimeout>;
  beatTimer?: ReturnType<typeof setInterval>;
  /** Messages of one socket are handled one after another. */
  queue: Promise<void> = Promise.resolve();

  constructor(readonly socket: AgentSocket, readonly ip: string | null) {}

  send(message: ServerMessage): void {
    if (this.closed) return;
    try {
      this.socket.send(JSON.stringify(message));
    } catch { /* closing under us: its close event cleans up */ }
  }
}

export class AgentChannel implements HubObserver {
  readonly #all = new Set<AgentConnection>();
  /** `tenant:site` → the site's agent. */
  readonly #bySite = new Map<string, AgentConnection>();
  readonly #byTenant = new Map<number, Set<AgentConnection>>();
  readonly #stopObserving: () => void;

  constructor(readonly platform: AgentServices) {
    this.#stopObserving = platform.hub.observe(this);
  }

  /** A socket opened: it has HELLO_TIMEOUT_MS to say hello. */
  open(socket: AgentSocket, ip: string | null): AgentConnection {
    const conn = new AgentConnection(socket, ip);
    this.#all.add(conn);
    conn.helloTimer = setTimeout(
      () => this.close(conn, CLOSE_PROTOCOL, "printAgent.noHello"),
      HELLO_TIMEOUT_MS,
    );
    return conn;
  }

  /** A message of the socket, handled after the ones before it. */
  receive(conn: AgentConnection, data: unknown): void {
    conn.queue = conn.queue.then(() => this.#handle(conn, data)).catch((err) => {
      console.error(`print agent: a message on socket ${conn.id} failed:`, err);
    });
  }

  async #handle(conn: AgentConnection, data: unknown): Promise<void> {
    if (conn.closed) return;
    conn.lastHeardAt = Date.now();
    const msg = typeof data === "string" && data.length <= MAX_MESSAGE_CHARS ? parseAgentMessage(data) : null;
    if (!msg) {
      this.close(conn, CLOSE_PROTOCOL, "printAgent.badMessage");
      return;
    }
    if (msg.type === "hello") {
      if (conn.tenant) this.close(conn, CLOSE_PROTOCOL, "printAgent.badMessage");
      else await this.#hello(conn, msg.key, msg.protocol, msg.agent);
      return;
    }
    if (!conn.tenant) {
      this.close(conn, CLOSE_PROTOCOL, "printAgent.noHello");
      return;
    }
    if (msg.type === "ping") {
      conn.send({ type: "pong" });
      return;
    }
    await this.#report(conn, msg);
  }

  async #hello(
    conn: AgentConnection,
    key: string,
    protocol: number,
    agent: { name: string; version: string; os: string },
  ): Promise<void> {
    clearTimeout(conn.helloTimer);
    if (protocol !== PROTOCOL_VERSION) {
      this.close(conn, CLOSE_PROTOCOL, "printAgent.protocolVersion");
      return;
    }
    const attemptsKey = `printAgent:${conn.ip ?? "?"}`;
    const limit = REFUSED_KEYS_PER_IP;
    // The agent as the security log names it: its own words, never the key.
    const event = {
      ip: conn.ip,
      userAgent: `${agent.name} ${agent.version} (${agent.os})`,
    };
    if (await this.platform.attempts.retryAfter(attemptsKey, limit) > 0) {
      // Of the address, whatever tenant its keys name: the system log (nothing is looked up for it).
      securityEventOutside(this.platform, {
        ...event,
        kind: "printAgent.throttled",
        detail: `an agent's hello refused unheard after ${limit} refused keys from its address`,
      });
      this.close(conn, CLOSE_TOO_MANY, "printAgent.tooManyAttempts");
      return;
    }
    // An unknown, withdrawn or replaced key, or one of a tenant that is not active: the same answer for
    // each, so that keys and tenants cannot be probed. The event goes to the log of the tenant the key
    // names when that tenant is active, else to the system log.
    const refuse = async (tenant?: Tenant) => {
      await this.platform.attempts.take(attemptsKey);
      const refused = { ...event, kind: "printAgent.keyRefused" as const };
      if (tenant) {
        securityEventFor(this.platform, tenant, {
          ...refused,
          detail: "a key that opens none of the sites: unknown, withdrawn or replaced",
        });
      } else securityEventOutside(this.platform, { ...refused, detail: "a key of no active tenant" });
      this.close(conn, CLOSE_KEY_REFUSED, "printAgent.keyRefused");
    };
    const tenantId = tenantIdOfAgentKey(key);
    const tenant = tenantId === null ? undefined : await this.platform.registry.byId(tenantId);
    if (!tenant || tenant.status !== "active") return await refuse();
    const hash = keyHash(key);
    let site: { id: number; name: string } | null;
    try {
      site = await agentHello(this.platform, tenant, { keyHash: hash, ip: conn.ip, agent });
    } catch (err) {
      // The tenant's shard is restarting, or the tenant lives on another instance: the agent tries again.
      this.close(conn, 1013, err instanceof AppError ? err.code : "server.unavailable");
      if (!(err instanceof AppError)) console.error(`print agent: hello on socket ${conn.id} failed:`, err);
      return;
    }
    if (!site) return await refuse(tenant);
    if (conn.closed) {
      // Gone while its key was checked: the site is not left showing it connected.
      await agentBye(this.platform, tenant, { siteId: site.id }).catch(() => {});
      return;
    }
    conn.tenant = tenant;
    conn.siteId = site.id;
    conn.keyHash = hash;
    const id = `${tenant.id}:${site.id}`;
    const before = this.#bySite.get(id);
    if (before) this.close(before, CLOSE_REPLACED, "printAgent.replaced", false);
    this.#bySite.set(id, conn);
    let set = this.#byTenant.get(tenant.id);
    if (!set) this.#byTenant.set(tenant.id, set = new Set());
    set.add(conn);
    conn.send({ type: "welcome", site, heartbeatSeconds: AGENT_HEARTBEAT_SECONDS });
    conn.beatTimer = setInterval(() => void this.#beat(conn), AGENT_HEARTBEAT_SECONDS * 1000);
    this.#publish(tenant.id, [{ resource: "PrintSite", action: "changed", id: site.id }]);
    await this.#pull(conn);
  }

  /** Stores the agent's result of a job and takes the next. */
  async #report(
    conn: AgentConnection,
    msg: Extract<ReturnType<typeof parseAgentMessage>, { type: "result" }>,
  ) {
    const tenant = conn.tenant!;
    const answer = await agentReport(this.platform, tenant, {
      keyHash: conn.keyHash,
      siteId: conn.siteId,
      jobId: msg.id,
      ok: msg.ok,
      ...(msg.ok ? {} : { reason: msg.reason, detail: msg.detail }),
    });
    if (answer === null) {
      this.close(conn, CLOSE_KEY_REFUSED, "printAgent.keyRefused");
      return;
    }
    conn.holding.delete(msg.id);
    if (!answer.known) {
      securityEventFor(this.platform, tenant, {
        kind: "printAgent.foreignJob",
        ip: conn.ip,
        detail: `the agent of site ${conn.siteId} reported on job ${msg.id}, which is not its site's`,
      });
    }
    conn.send({ type: "ack", id: msg.id });
    if (answer.changed) this.#publish(tenant.id, [{ resource: "PrintJob", action: "changed", id: msg.id }]);
    await this.#pull(conn);
  }

  /**
   * Hands the agent the site's next jobs, as many as it may hold; a pull asked for while one runs runs again
   * after it (a job queued meanwhile is not missed).
   */
  async #pull(conn: AgentConnection): Promise<void> {
    if (conn.closed || !conn.tenant) return;
    if (conn.pulling) {
      conn.pullAgain = true;
      return;
    }
    conn.pulling = true;
    try {
      do {
        conn.pullAgain = false;
        const room = MAX_HOLDING - conn.holding.size;
        if (room <= 0) break;
        const jobs = await agentTake(this.platform, conn.tenant, {
          keyHash: conn.keyHash,
          siteId: conn.siteId,
          holding: [...conn.holding],
          limit: room,
        });
        if (jobs === null) {
          this.close(conn, CLOSE_KEY_REFUSED, "printAgent.keyRefused");
          return;
        }
        // Jobs taken by a connection that closed meanwhile stay sent, unreported: the next agent gets them.
        if (conn.closed) return;
        for (const job of jobs) {
          conn.holding.add(job.id);
          conn.send({ type: "job", ...job });
        }
        if (jobs.length) {
          this.#publish(
            conn.tenant.id,
            jobs.map((j) => ({ resource: "PrintJob", action: "changed", id: j.id })),
          );
        }
        if (jobs.length === room) conn.pullAgain = true;
      } while (conn.pullAgain && !conn.closed);
    } catch (err) {
      // The tenant's shard is down for a moment: the heartbeat takes the queue again.
      if (!(err instanceof AppError)) {
        console.error(`print agent: taking jobs for socket ${conn.id} failed:`, err);
      }
    } finally {
      conn.pulling = false;
    }
  }

  /** Every heartbeat: an agent silent too long is closed; the key checked, the queue taken again. */
  async #beat(conn: AgentConnection): Promise<void> {
    if (conn.closed || !conn.tenant) return;
    if (Date.now() - conn.lastHeardAt > AGENT_HEARTBEAT_SECONDS * 3 * 1000) {
      this.close(conn, CLOSE_GOING_AWAY, "printAgent.silent");
      return;
    }
    await this.#check(conn);
    await this.#pull(conn);
  }

  /** Whether the connection's key still opens its site; one that does not is closed. */
  async #check(conn: AgentConnection): Promise<void> {
    if (conn.closed || !conn.tenant) return;
    try {
      const standing = await agentBeat(this.platform, conn.tenant, {
        keyHash: conn.keyHash,
        siteId: conn.siteId,
      });
      if (!standing) this.close(conn, CLOSE_KEY_REFUSED, "printAgent.keyRefused");
    } catch (err) {
      if (!(err instanceof AppError)) console.error(`print agent: checking socket ${conn.id} failed:`, err);
    }
  }

  /** Committed changes of a tenant (the hub's observer): new jobs are taken, a changed site's key checked. */
  published(tenantId: number, events: HubEventBody[], correlationId: string | null): void {
    const conns = this.#byTenant.get(tenantId);
    if (!conns || correlationId === OWN) return;
    const newJobs = events.some((e) => e.resource === "PrintJob" && e.action === "created");
    const sites = new Set(events.filter((e) => e.resource === "PrintSite").map((e) => e.id));
    for (const conn of conns) {
      if (sites.has(conn.siteId)) conn.queue = conn.queue.then(() => this.#check(conn));
      // A printer moved to this site may bring its queued jobs; any new job may be this site's.
      if (newJobs || events.some((e) => e.resource === "Printer")) {
        conn.queue = conn.queue.then(() => this.#pull(conn));
      }
    }
  }

  #publish(tenantId: number, events: HubEventBody[]): void {
    this.platform.hub.publish(tenantId, events, OWN).catch((err) =>
      console.error("print agent: publishing events failed:", err)
    );
  }

  /** Closes a socket (and forgets it); `bye` notes the site's agent as gone unless another took its place. */
  close(conn: AgentConnection, code: number, reason: string, bye = true): void {
    this.gone(conn, bye);
    try {
      conn.socket.close(code, reason);
    } catch { /* already closed */ }
  }

  /** The socket is gone. */
  gone(conn: AgentConnection, bye = true): void {
    if (!this.#all.delete(conn)) return;
    conn.closed = true;
    clearTimeout(conn.helloTimer);
    clearInterval(conn.beatTimer);
    const tenant = conn.tenant;
    if (!tenant) return;
    const id = `${tenant.id}:${conn.siteId}`;
    if (this.#bySite.get(id) === conn) {
      this.#bySite.delete(id);
      if (bye) {
        agentBye(this.platform, tenant, { siteId: conn.siteId }).then(
          () => this.#publish(tenant.id, [{ resource: "PrintSite", action: "changed", id: conn.siteId }]),
          () => {/* the shard is down: the site shows offline once its last beat is old */},
        );
      }
    }
    const set = this.#byTenant.get(tenant.id);
    set?.delete(conn);
    if (set?.size === 0) this.#byTenant.delete(tenant.id);
  }

  /** Agents connected now, by tenant and site (for tests and health). */
  connected(tenantId: number): number[] {
    return [...(this.#byTenant.get(tenantId) ?? [])].map((c) => c.siteId);
  }

  closing(): void {
    this.#stopObserving();
    for (const conn of [...this.#all]) this.close(conn, CLOSE_GOING_AWAY, "server.shutdown", false);
  }
}
