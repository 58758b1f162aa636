// The one write tail of a change a verb makes itself, beside the engine's own verbs (add, edit, patch,
// remove): its RecordLog entry and its hub event, both inside the change's transaction, so that a change
// that rolls back leaves neither (the outbox publishes only after the commit). Verbs call this instead of
// writing the record log and the outbox by hand.
import type { Db } from "../db/connection.ts";
import type { HubAction } from "../../shared/hub/contract.ts";
import type { Outbox } from "../hub/outbox.ts";
import type { HubResource } from "../hub/visibility.ts";
import { type RecordLogEntry, writeRecordLog, writeRecordLogs } from "./record_log.ts";

/** Whom the record log names: the caller (`ctx.actor`), the user a code acts for, or no one (null). */
export interface ChangedBy {
  userId: number | null;
  username: string | null;
}

export interface RecordChange {
  action: RecordLogEntry["action"];
  /** The record log's resource type; with an outbox, also the event's resource. */
  resource: string;
  id: number;
  title: string | null;
  /** The record before and after, as the entry keeps them (undefined: SQL NULL; null: the JSON null). */
  old?: unknown;
  new?: unknown;
  /** Whom a private record belongs to, for its event's visibility rule (a favorite's user, a contractor). */
  ownerId?: number;
}

function entryOf(by: ChangedBy | null, change: RecordChange): RecordLogEntry {
  return {
    action: change.action,
    resourceType: change.resource,
    resourceId: change.id,
    title: change.title,
    oldObject: change.old,
    newObject: change.new,
    userId: by?.userId ?? null,
    userName: by?.username ?? null,
  };
}

/**
 * Writes the change's RecordLog entry and queues its event (`resource`, `action`, `id`) in `outbox`; with
 * no outbox (null), only the entry: the record has no real-time rule, or the verb announces it itself.
 */
export async function recordChange(
  tx: Db,
  outbox: Outbox,
  by: ChangedBy | null,
  change: RecordChange & { resource: HubResource; action: HubAction },
): Promise<void>;
export async function recordChange(
  tx: Db,
  outbox: null,
  by: ChangedBy | null,
  change: RecordChange,
): Promise<void>;
export async function recordChange(
  tx: Db,
  outbox: Outbox | null,
  by: ChangedBy | null,
  change: RecordChange,
): Promise<void> {
  await writeRecordLog(tx, entryOf(by, change));
  // The overloads hold an outbox's change to a hub resource and action.
  if (outbox) {
    outbox.add(change.resource as HubResource, change.action as HubAction, change.id, change.ownerId);
  }
}

/** Many changes of one verb (a generator's new records): their entries in one statement, then their events. */
export async function recordChanges(
  tx: Db,
  outbox: Outbox,
  by: ChangedBy | null,
  changes: (RecordChange & { resource: HubResource; action: HubAction })[],
): Promise<void> {
  await writeRecordLogs(tx, changes.map((change) => entryOf(by, change)));
  for (const c of changes) outbox.add(c.resource, c.action, c.id, c.ownerId);
}
