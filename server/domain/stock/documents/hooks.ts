// The stock engine's document lifecycle (issue 34): the points where it calls out to whatever a document
// carries out (an order: its reservations, its progress, a production's rules). Stock imports nothing of
// orders; orders registers its handlers when the platform is composed (server/hooks.ts,
// orders/stock_hooks.ts), and the verbs find them on their TenantContext. Each point runs inside the verb's
// transaction where the call into orders stood, so the effects, their order and the errors are as before.
import type { Db } from "../../../db/connection.ts";
import type { TenantContext } from "../../../kernel/context.ts";
import { HookPoint } from "../../../kernel/hooks.ts";
import type { Outbox } from "../../../hub/outbox.ts";
import type { DocumentRow } from "./table.ts";

/** What a guard is asked about: the verbs that change a document or carry it out. */
export type DocumentVerb = "confirm" | "revert" | "delete" | "pick";

export interface DocumentHooks {
  /**
   * Before a document is confirmed, reverted or deleted, or a position of it picked or cut short: throws to
   * refuse.
   */
  guard?(tx: Db, doc: DocumentRow, verb: DocumentVerb): Promise<void>;
  /** A document being added for an order (`values.orderId` set): throws to refuse it, naming the field. */
  adding?(tx: Db, ctx: TenantContext, values: Record<string, unknown>): Promise<void>;
  /** An order's document changed (its positions, its totals) or was deleted: the order follows. */
  changed?(tx: Db, orderId: number): Promise<void>;
  /** A document confirmed (numbered, its stock moved, its status set), before its RecordLog entry. */
  confirmed?(tx: Db, outbox: Outbox, doc: DocumentRow): Promise<void>;
  /** A document reverted (its stock moved back, its status set), before its RecordLog entry. */
  reverted?(tx: Db, outbox: Outbox, doc: DocumentRow): Promise<void>;
  /** A position cut down to `keep` thousandths (a shortage): what was held for it beyond that goes back. */
  cut?(tx: Db, positionId: number, keep: number): Promise<void>;
}

export const documentHooks = new HookPoint<DocumentHooks>("stock.documents");

type Handler<K extends keyof DocumentHooks> = (
  ...args: Parameters<NonNullable<DocumentHooks[K]>>
) => Promise<void>;

/**
 * Calls hook `name` of every handler registered for the app, one after another, in the order they were
 * registered. A context without hooks is a wiring fault, said as such (every app and script hands them).
 */
export async function callHooks<K extends keyof DocumentHooks>(
  ctx: Pick<TenantContext, "hooks"> | undefined,
  name: K,
  ...args: Parameters<NonNullable<DocumentHooks[K]>>
): Promise<void> {
  if (!ctx?.hooks) {
    throw new Error(`stock.documents ${name}: no hooks on this context (server/hooks.ts: areaHooks)`);
  }
  for (const handlers of ctx.hooks.of(documentHooks)) {
    const hook = handlers[name] as Handler<K> | undefined;
    if (hook) await hook.apply(handlers, args);
  }
}
