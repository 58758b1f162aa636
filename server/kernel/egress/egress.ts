// The one way the server opens a connection to a host someone named (a tenant's printer, SMTP account or
// shop, the operator's SMS gateway or OpenID provider, and any later: webhooks go through here too). The
// host is resolved once, every address it resolves to is checked (address.ts), and the socket goes to a
// checked address: a name that answers a public address to the check and 127.0.0.1 to the connection
// (DNS rebinding) never reaches inside. A refusal is `egress.refused` (422) everywhere, the same for an
// inside address and a name that does not resolve, and decided before any packet leaves, so it tells
// nothing about what listens there. The operator allows what a self-hosted installation needs
// (EGRESS_ALLOW; EXTERNAL_PRIVATE_HOSTS=allow allows everything).
import { connect as netConnect, type Socket } from "node:net";
import { lookup } from "node:dns/promises";
import { AppError } from "../errors.ts";
import {
  type Address,
  type AllowList,
  allowsAddress,
  allowsName,
  bareHost,
  connectable,
  isHostName,
  isLocalhostName,
  literalAddress,
  parseAllowList,
  refusedRange,
} from "./address.ts";
import { type Destination, egressFetch, type EgressInit } from "./http.ts";

export type { Destination };

/** What a refusal carries for the logs (never for the caller: one answer whatever the reason). */
export class EgressRefusal extends Error {
  constructor(readonly host: string, readonly reason: string) {
    super(`connection to ${host} refused: ${reason}`);
    this.name = "EgressRefusal";
  }
}

/** Is this the egress policy's refusal? */
export function isRefusal(err: unknown): err is AppError {
  return err instanceof AppError && err.code === "egress.refused";
}

/** Why a refusal was made (`unresolved` may pass later; a range will not). */
export function refusalReason(err: AppError): string {
  return err.details.cause instanceof EgressRefusal ? err.details.cause.reason : "";
}

function refuse(host: string, reason: string): AppError {
  // The security log's event (the host and why, never a credential): written as the refused request's by
  // the error handler, or by a caller that turns the refusal into a state (refusalEvent).
  return new AppError("egress.refused", {
    cause: new EgressRefusal(host, reason),
    security: { kind: "egress.refused", detail: egressRefusalDetail(host, reason) },
  });
}

/** What a refusal's security event says: the host (at most 200 characters) and why. */
function egressRefusalDetail(host: string, reason: string): string {
  return `connection to ${host.slice(0, 200)} refused: ${reason}`;
}

/** A refusal's security event as its detail says it (for a caller that writes the event itself). */
export function refusalEvent(err: AppError): string {
  return err.details.security?.detail ?? "connection refused";
}

export interface EgressOptions {
  /** EGRESS_ALLOW's entries. */
  allow?: readonly string[];
  /** Everything allowed (EXTERNAL_PRIVATE_HOSTS=allow). */
  allowAll?: boolean;
  /** `ip[:port]` of the DNS server names are asked of (EGRESS_DNS); the system's resolver otherwise. */
  dns?: string;
  resolveTimeoutMs?: number;
  /** Certificates trusted instead of the system's (tests' own authorities only). */
  ca?: string[];
}

function nameServer(text: string): { ipAddr: string; port: number } {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? /^([^:]+)(?::(\d+))?$/.exec(text) ??
    /^([0-9a-f:]+)()$/i.exec(text);
  const ip = m && literalAddress(m[1]);
  const port = m?.[2] ? Number(m[2]) : 53;
  if (!ip || !(port >= 1 && port <= 65535)) throw new Error(`EGRESS_DNS: "${text}" is no address[:port]`);
  return { ipAddr: ip.toString(), port };
}

export class Egress {
  readonly allow: AllowList;
  private readonly dns?: { ipAddr: string; port: number };
  private readonly resolveTimeoutMs: number;
  readonly ca?: string[];

  constructor(o: EgressOptions = {}) {
    this.allow = parseAllowList(o.allow ?? [], o.allowAll ?? false);
    this.dns = o.dns ? nameServer(o.dns) : undefined;
    this.resolveTimeoutMs = o.resolveTimeoutMs ?? 10_000;
    this.ca = o.ca;
  }

  /** The host resolved once and checked; an AppError `egress.refused` when it may not be reached. */
  async resolve(host: string): Promise<Destination> {
    const bare = bareHost(host);
    const literal = literalAddress(bare);
    if (literal) {
      this.check(host, literal);
      return { name: null, addresses: [connectable(literal)] };
    }
    if (!isHostName(bare)) throw refuse(host, "notAName");
    const named = allowsName(this.allow, bare);
    if (!named && isLocalhostName(bare)) throw refuse(host, "loopback");
    const found = await this.lookup(bare);
    if (found.length === 0) throw refuse(host, "unresolved");
    // Every address is checked: a name that points partly inside is refused whole, so that no
    // fallback between its addresses ever lands inside.
    if (!named) { for (const a of found) this.check(host, a); }
    return { name: bare, addresses: found.map(connectable) };
  }

  private check(host: string, a: Address): void {
    if (allowsAddress(this.allow, a)) return;
    const why = refusedRange(a);
    if (why) throw refuse(host, why);
  }

  private async lookup(name: string): Promise<Address[]> {
    const signal = AbortSignal.timeout(this.resolveTimeoutMs);
    let texts: string[];
    if (this.dns) {
      const options = { nameServer: this.dns, signal };
      const answers = await Promise.allSettled([
        Deno.resolveDns(name, "A", options),
        Deno.resolveDns(name, "AAAA", options),
      ]);
      texts = answers.flatMap((a) => a.status === "fulfilled" ? a.value : []);
    } else {
      // The system's resolver (hosts file, search domains), as a connection by name would use it.
      const timedOut = new Promise<never>((_, reject) =>
        signal.addEventListener("abort", () => reject(signal.reason), { once: true })
      );
      try {
        texts = (await Promise.race([lookup(name, { all: true, verbatim: true }), timedOut]))
          .map((a) => a.address);
      } catch {
        texts = [];
      }
    }
    return texts.map((t) => literalAddress(t)).filter((a): a is Address => a !== null);
  }

  /** Refuses (egress.refused) a host the server may not reach; nothing is connected. */
  async assert(host: string): Promise<void> {
    await this.resolve(host);
  }

  /**
   * A TCP connection to a checked address of the host, tried in the resolver's order within `timeoutMs`.
   * A refusal is egress.refused; a failure to connect is the last socket error.
   */
  async connect(host: string, port: number, timeoutMs: number): Promise<Socket> {
    const end = Date.now() + timeoutMs;
    const { addresses } = await this.resolve(host);
    let last: unknown = new Error("timed out");
    for (const { address } of addresses) {
      const left = end - Date.now();
      if (left <= 0) break;
      try {
        return await openSocket(address, port, left);
      } catch (err) {
        last = err;
      }
    }
    throw last;
  }

  /**
   * fetch() through the policy: http(s) only, each request (and each redirect followed) to a checked
   * address of its host, the name kept for the Host header, SNI and the certificate's check.
   */
  fetch(url: string | URL, init: EgressInit = {}): Promise<Response> {
    return egressFetch(this, url, init);
  }

  /**
   * nodemailer's `getSocket`: the SMTP connection opened here, to a checked address, while nodemailer keeps
   * the host's name for TLS (SNI, certificate).
   */
  readonly smtpSocket = (
    options: { host?: string; port?: number | string; secure?: boolean; connectionTimeout?: number },
    done: (err: Error | null, socket?: { connection: Socket }) => void,
  ): void => {
    // nodemailer's own defaults: localhost, 465 for implicit TLS, else 587.
    const port = Number(options.port) || (options.secure ? 465 : 587);
    this.connect(options.host ?? "localhost", port, options.connectionTimeout ?? 10_000)
      .then((connection) => done(null, { connection }), (err) => done(err));
  };
}

function openSocket(address: string, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect({ host: address, port });
    const fail = (err: unknown) => {
      socket.destroy();
      reject(err);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error("timed out")));
    socket.once("error", fail);
    socket.once("connect", () => {
      socket.setTimeout(0);
      socket.off("error", fail);
      resolve(socket);
    });
  });
}

/** The settings of server/config.ts the policy reads (the kernel names them, not the whole Config). */
export interface EgressSettings {
  externalPrivateHosts: boolean;
  egressAllow: string[];
  egressDns?: string;
}

const policies = new WeakMap<EgressSettings, Egress>();

/** The installation's policy (one per configuration). */
export function egressOf(config: EgressSettings): Egress {
  let egress = policies.get(config);
  if (!egress) {
    egress = new Egress({
      allow: config.egressAllow,
      allowAll: config.externalPrivateHosts,
      dns: config.egressDns,
    });
    policies.set(config, egress);
  }
  return egress;
}
