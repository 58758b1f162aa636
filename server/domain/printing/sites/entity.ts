// Print sites: a warehouse (or a hall of one) whose printers live on its own network, reached through a
// print agent the warehouse runs there (server/print_agent/). Administrators keep them and make each site's
// agent key (agent/keys.ts: shown once, only its SHA-256 kept); staff read them. Whether the site's agent is
// connected is written by the agent's channel (agent/queue.ts) and answered as `agentState`.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { Resource } from "../../../engine/engine.ts";

export const printSites = sqliteTable("print_sites", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  description: text("description"),
  /** SHA-256 (hex) of the site's agent key; null: no key (never made, or withdrawn). */
  agentKeyHash: text("agent_key_hash"),
  agentKeyMadeAt: text("agent_key_made_at"),
  agentKeyMadeByName: text("agent_key_made_by_name"),
  /** The agent's name for itself (its computer), version and system, as its last hello said. */
  agentName: text("agent_name"),
  agentVersion: text("agent_version"),
  agentConnectedAt: text("agent_connected_at"),
  agentDisconnectedAt: text("agent_disconnected_at"),
  /** Written on connecting and every heartbeat while connected. */
  agentLastSeenAt: text("agent_last_seen_at"),
  agentLastSeenIp: text("agent_last_seen_ip"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("print_sites_name_nocase").on(sql`${t.name} COLLATE NOCASE`),
  index("print_sites_name").on(t.name, t.id),
  index("print_sites_agent_last_seen_at").on(t.agentLastSeenAt, t.id),
  index("print_sites_created_at").on(t.createdAt, t.id),
  index("print_sites_updated_at").on(t.updatedAt, t.id),
  uniqueIndex("print_sites_agent_key_hash").on(t.agentKeyHash),
]);

export const agentStates = ["noKey", "offline", "online"] as const;
export type AgentState = (typeof agentStates)[number];

/** A connected agent is heard from at least this often; one silent longer counts as offline. */
export const AGENT_HEARTBEAT_SECONDS = 30;
const SILENT_MS = AGENT_HEARTBEAT_SECONDS * 3 * 1000;

type Row = typeof printSites.$inferSelect;

/** Whether the site's agent can be reached now: a key, a connection not since closed, heard from lately. */
export function agentStateOf(
  row: Pick<Row, "agentKeyHash" | "agentConnectedAt" | "agentDisconnectedAt" | "agentLastSeenAt">,
  now = Date.now(),
): AgentState {
  if (row.agentKeyHash === null) return "noKey";
  const connected = row.agentConnectedAt !== null &&
    (row.agentDisconnectedAt === null || row.agentDisconnectedAt < row.agentConnectedAt);
  const heard = row.agentLastSeenAt !== null && now - Date.parse(row.agentLastSeenAt) < SILENT_MS;
  return connected && heard ? "online" : "offline";
}

export const printSite = new Resource({
  resource: "PrintSite",
  table: printSites,
  title: ["name"],
  sort: "name",
  writers: "admin",
  unique: [{ fields: ["name"], nocase: true }],
  fields: {
    name: { max: 100, list: "sort filter search show" },
    description: { kind: "textarea", max: 500, list: "search" },
    agentState: { kind: "enum", options: agentStates, output: z.enum(agentStates), input: false },
    agentKeyMadeAt: { kind: "date", input: false, list: "show" },
    agentKeyMadeByName: { input: false },
    agentName: { input: false, list: "show" },
    agentVersion: { input: false },
    agentLastSeenAt: { kind: "date", input: false, list: "sort filter show" },
    agentLastSeenIp: { input: false },
    agentKeyHash: { output: false, input: false, meta: false },
    agentConnectedAt: { output: false, input: false, meta: false },
    agentDisconnectedAt: { output: false, input: false, meta: false },
    createdAt: { list: "sort filter" },
    updatedAt: { list: "sort filter" },
  },
  toRecord: (row, record) => ({ ...record, agentState: agentStateOf(row as Row) }),
});

export const printSiteMeta = printSite.meta;
