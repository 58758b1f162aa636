// The print agent's protocol (/printAgent, a WebSocket the agent opens OUT to the server): shared by the
// server (server/domain/printing/agent/) and the agent program (./agent.ts), so it imports nothing. The
// agent's first message carries its site's key; then the server sends jobs, the agent answers each with its
// result, and the server acknowledges the result. Every message is one JSON object with a `type`.

/** Where the agent connects (outside /api: the front of a sharded server holds the socket). */
export const PRINT_AGENT_PATH = "/printAgent";
/** The protocol this file describes; a server refuses an agent speaking another. */
export const PROTOCOL_VERSION = 1;

/** Close codes: the key was refused (withdrawn, replaced, unknown, or too many refusals from the address). */
export const CLOSE_KEY_REFUSED = 4401;
/** A message outside the protocol, too large, or no hello in time. */
export const CLOSE_PROTOCOL = 4400;
/** Another agent connected with the same site's key: the newer one keeps the site. */
export const CLOSE_REPLACED = 4409;
/** Too many refused keys from this address: try again later. */
export const CLOSE_TOO_MANY = 4429;
/** The server is going away (a restart); the agent reconnects. */
export const CLOSE_GOING_AWAY = 1001;

/** A key: `wpa.<tenant id>.<43 characters of base64url: 256 random bits>`. The tenant id only routes. */
export const KEY_PATTERN = /^wpa\.([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

/** The tenant a key names (for routing; the tenant's database decides whether the key stands), or null. */
export function tenantIdOfAgentKey(key: string): number | null {
  const m = KEY_PATTERN.exec(key);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) ? id : null;
}

/** Why a job failed, as the agent knows it; the print dialog names each in the user's language. */
export const failureReasons = [
  /** Nothing listens at the printer's address (switched off, wrong port). */
  "connectionRefused",
  /** The printer did not answer in time. */
  "timeout",
  /** The address cannot be reached or resolved (no route, unknown name). */
  "unreachable",
  /** The system's print queue refused the job (lp / SumatraPDF failed). */
  "queueFailed",
  /** This agent does not print to that printer (not in its list of printers), or cannot print the kind. */
  "notAllowed",
  /** Anything else. */
  "other",
] as const;
export type FailureReason = (typeof failureReasons)[number];

/** The longest detail of a failure the server keeps. */
export const MAX_DETAIL = 500;

export interface AgentInfo {
  /** The agent's name for itself (the computer's name by default), shown to administrators. */
  name: string;
  version: string;
  /** Deno.build.os of the agent's computer. */
  os: string;
}

/** Agent → server. */
export type AgentMessage =
  | { type: "hello"; protocol: number; key: string; agent: AgentInfo }
  | { type: "result"; id: number; ok: true }
  | { type: "result"; id: number; ok: false; reason: FailureReason; detail: string }
  | { type: "ping" };

export interface JobPrinter {
  id: number;
  name: string;
  /** Where a ZPL (raw) job goes: the printer's address and raw port (9100). */
  host: string;
  port: number;
}

/** Server → agent. */
export type ServerMessage =
  | { type: "welcome"; site: { id: number; name: string }; heartbeatSeconds: number }
  /** A job to print: `data` is the exact bytes, base64; a ZPL job goes raw to the printer, a PDF to a queue. */
  | { type: "job"; id: number; kind: "zpl" | "pdf"; printer: JobPrinter; data: string; bytes: number }
  /** The result of this job is stored: the agent may forget it. */
  | { type: "ack"; id: number }
  | { type: "pong" };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown, max: number): v is string => typeof v === "string" && v.length <= max;
const positive = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/** Reads an agent's message (the server's side); null: not part of the protocol. */
export function parseAgentMessage(data: string): AgentMessage | null {
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(v)) return null;
  switch (v.type) {
    case "hello": {
      const a = v.agent;
      if (
        !Number.isSafeInteger(v.protocol) || !text(v.key, 200) || !isObject(a) || !text(a.name, 100) ||
        !text(a.version, 40) || !text(a.os, 40)
      ) return null;
      return {
        type: "hello",
        protocol: v.protocol as number,
        key: v.key,
        agent: { name: a.name, version: a.version, os: a.os },
      };
    }
    case "result":
      if (!positive(v.id)) return null;
      if (v.ok === true) return { type: "result", id: v.id, ok: true };
      if (
        v.ok !== false || !(failureReasons as readonly unknown[]).includes(v.reason) ||
        typeof v.detail !== "string"
      ) return null;
      return {
        type: "result",
        id: v.id,
        ok: false,
        reason: v.reason as FailureReason,
        detail: v.detail.slice(0, MAX_DETAIL),
      };
    case "ping":
      return { type: "ping" };
    default:
      return null;
  }
}

/** Reads the server's message (the agent's side); null: not part of the protocol. */
export function parseServerMessage(data: string): ServerMessage | null {
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(v)) return null;
  switch (v.type) {
    case "welcome": {
      const s = v.site;
      if (!isObject(s) || !positive(s.id) || !text(s.name, 200) || !positive(v.heartbeatSeconds)) return null;
      return { type: "welcome", site: { id: s.id, name: s.name }, heartbeatSeconds: v.heartbeatSeconds };
    }
    case "job": {
      const p = v.printer;
      if (
        !positive(v.id) || (v.kind !== "zpl" && v.kind !== "pdf") || !isObject(p) || !positive(p.id) ||
        !text(p.name, 200) || !text(p.host, 253) || !positive(p.port) || (p.port as number) > 65535 ||
        typeof v.data !== "string" || !Number.isSafeInteger(v.bytes)
      ) return null;
      return {
        type: "job",
        id: v.id,
        kind: v.kind,
        printer: { id: p.id, name: p.name, host: p.host, port: p.port as number },
        data: v.data,
        bytes: v.bytes as number,
      };
    }
    case "ack":
      return positive(v.id) ? { type: "ack", id: v.id } : null;
    case "pong":
      return { type: "pong" };
    default:
      return null;
  }
}

/** Bytes as base64 (a job's data travels in JSON). */
export function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

export function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
