// The SecurityLog resource: the tenant's security events (sign-ins, refusals, misused keys and tokens,
// administrators' changes), listed, filtered and exported by administrators only; nobody edits or deletes an
// event (the server prunes those past SECURITY_LOG_DAYS). The server alone writes it (service.ts).
import { users } from "../../access/users/entity.ts";
import { Resource } from "../../../engine/engine.ts";
import { securityEventKinds, securityOutcomes } from "./kinds.ts";
import { securityEvents } from "./table.ts";

export const securityLogEntry = new Resource({
  resource: "SecurityLog",
  table: securityEvents,
  title: ["event", "userName"],
  sort: "-at",
  keyColumns: ["at", "event", "outcome"],
  writers: "admin",
  readers: "admin",
  readOnly: true,
  fields: {
    at: { kind: "date", list: "sort filter show" },
    event: { options: securityEventKinds, list: "filter show" },
    outcome: { options: securityOutcomes, list: "filter show" },
    userName: { list: "sort filter search show" },
    // Events keep no constraint on the user (a deleted user's events stay).
    userId: { ref: () => users, titles: ["visibleName", "username"], display: "userName", list: "filter" },
    ip: { list: "filter search show" },
    userAgent: { list: "search" },
    requestId: { list: "filter" },
    detail: { list: "search show" },
  },
});

export const securityLogMeta = securityLogEntry.meta;
