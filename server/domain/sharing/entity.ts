// The SharedAccess resource: administrators and business managers list and read the accesses they handed
// out (the secrets never: only their hashes are kept); making one and withdrawing it are verbs of their own
// (service.ts), since the secret is answered once, at its making.
import { z } from "zod";
import { jsonText } from "../../engine/declare.ts";
import { Resource } from "../../engine/engine.ts";
import { sharedAccessContentTypes, sharedAccesses } from "./table.ts";
import { nowIso } from "../../kernel/time.ts";

export const sharedAccessStates = ["active", "withdrawn", "expired", "used"] as const;
export type SharedAccessState = (typeof sharedAccessStates)[number];

type Row = typeof sharedAccesses.$inferSelect;

/** An access's state now: withdrawn by hand, ended by its duration, used up (single use), else active. */
export function stateOf(
  row: Pick<Row, "withdrawnAt" | "expiresAt" | "usedAt">,
  now = nowIso(),
): SharedAccessState {
  if (row.withdrawnAt !== null) return "withdrawn";
  if (row.expiresAt !== null && row.expiresAt <= now) return "expired";
  if (row.usedAt !== null) return "used";
  return "active";
}

const listed = "sort filter show" as const;

export const sharedAccess = new Resource({
  resource: "SharedAccess",
  table: sharedAccesses,
  title: ["contentType"],
  sort: "-createdAt",
  writers: "manager",
  readAccess: "manager",
  readOnly: true,
  fields: {
    contentType: { options: sharedAccessContentTypes, list: "filter show" },
    contractorId: { display: "contractorName", only: { keyRole: "contractor" }, list: listed },
    personId: { list: "filter" },
    // Minutes: the list names the choice ("24 hours"); an export writes the minutes with their unit.
    durationMin: { unit: "min", list: "show" },
    singleUse: { list: "show" },
    allowedOrigins: { kind: "json", codec: jsonText, output: z.array(z.string()) },
    expiresAt: { kind: "date", list: "show" },
    usedAt: { kind: "date", list: "show" },
    createdAt: { list: listed },
    createdByName: { list: "show" },
    lastActivationAt: { kind: "date", list: "show" },
    lastActivationIp: { list: "show" },
    withdrawnAt: { kind: "date", list: "show" },
    withdrawnByName: { list: "show" },
    tokenHash: { output: false, input: false, meta: false },
    shortKeyHash: { output: false, input: false, meta: false },
    createdByUserId: { output: false, input: false, meta: false },
    statusCode: { output: z.enum(sharedAccessStates), input: false, meta: false },
    isAvailable: { output: z.boolean(), input: false, meta: false },
  },
  toRecord: (row, record) => {
    const state = stateOf(row as Row);
    return { ...record, statusCode: state, isAvailable: state === "active" };
  },
});

export const sharedAccessMeta = sharedAccess.meta;
