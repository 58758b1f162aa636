// The RecordLog resource: the audit trail, listed and read by administrators; the server alone writes it,
// in the transaction of each change (service.ts). Its table stays in table.ts: the resource engine writes
// the log, so it cannot depend on this declaration.
import { z } from "zod";
import { users } from "../../access/users/entity.ts";
import { jsonText } from "../../../engine/declare.ts";
import { Resource } from "../../../engine/engine.ts";
import { recordLog } from "./table.ts";

export const recordLogActions = ["created", "changed", "deleted", "loggedIn"] as const;

/** The old and new objects, parsed back from their stored JSON. */
const object = { kind: "json", codec: jsonText, output: z.unknown().nullable() } as const;

export const recordLogEntry = new Resource({
  resource: "RecordLog",
  table: recordLog,
  title: ["title", "resourceType"],
  sort: "-createdAt",
  writers: "admin",
  readers: "admin",
  readOnly: true,
  fields: {
    createdAt: { list: "sort filter show" },
    action: { list: "filter show" },
    resourceType: { list: "filter show" },
    resourceId: { kind: "number", list: "filter show" },
    title: { list: "search show" },
    userName: { list: "filter search show" },
    // Audit rows keep no constraint on the user (a deleted user's entries stay).
    userId: { ref: () => users, titles: ["visibleName", "username"], display: "userName" },
    oldObject: object,
    newObject: object,
  },
});

export const recordLogMeta = recordLogEntry.meta;
export type RecordLogEntry = z.output<typeof recordLogEntry.entity.record>;
