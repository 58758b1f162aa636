// Idempotent writes (api-contract.md): a POST, PUT, PATCH or DELETE may carry `Idempotency-Key`. The key
// is kept per tenant (in the tenant's database) and user for 7 days with the request's hash and the answer.
// A repeat with the same key and the same request answers the first answer again and changes nothing; the
// same key with another request is 422 request.idempotencyKeyReused. The terminal's offline queue relies on
// it.
//
// The key is written first thing in the change's own transaction, under the write lock (`onBegin`,
// server/db/connection.ts), so it exists exactly when the change does: a write that failed or rolled back
// leaves no key, and its retry runs afresh. Two copies of one request at once are kept apart by the lock:
// the second finds the key as its transaction begins, before it changes anything, and answers the first's
// answer (or 409 request.idempotencyKeyInProgress while the first has not answered yet). The answer is stored once it is
// made; a process that died between the commit and storing it leaves the key without an answer, and its
// repeats answer 409 request.idempotencyKeyInProgress: the change was made, the caller checks the record.
import { and, eq, gte, lt } from "drizzle-orm";
import { type Db, onBegin } from "../db/connection.ts";
import { idempotencyKeys } from "../domain/idempotency/table.ts";
import { AppError, fieldError } from "../kernel/errors.ts";
import { errorResponse } from "./errors.ts";
import type { TenantContext } from "../kernel/context.ts";

/** How long a key is kept. */
export const KEY_DAYS = 7;
const KEY = /^[\x21-\x7e]{1,255}$/;

export { takesIdempotencyKey } from "../engine/http/openapi.ts";

async function requestHash(req: Request, body: unknown): Promise<string> {
  const url = new URL(req.url);
  const text = `${req.method}\n${url.pathname}${url.search}\n${
    body === undefined ? "" : JSON.stringify(body)
  }`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

const cutoff = () => new Date(Date.now() - KEY_DAYS * 86_400_000).toISOString();

async function stored(db: Db, userId: number, key: string) {
  const [row] = await db.select().from(idempotencyKeys).where(
    and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)),
  );
  return row && row.createdAt >= cutoff() ? row : undefined;
}

/** The first answer again, or the refusal a repeat gets. */
function replay(row: typeof idempotencyKeys.$inferSelect, hash: string): Response {
  if (row.requestHash !== hash) throw new AppError("request.idempotencyKeyReused");
  if (row.status === null) throw new AppError("request.idempotencyKeyInProgress");
  const headers = new Headers({ "Idempotent-Replayed": "true" });
  if (row.contentType) headers.set("Content-Type", row.contentType);
  return new Response(row.status === 204 ? null : row.body, { status: row.status, headers });
}

/**
 * Answers `answer()`, guarded by the request's `Idempotency-Key` when it has one: `body` is the request's
 * JSON as sent (undefined without one), part of what the key is checked against.
 */
export async function idempotent(
  ctx: TenantContext,
  req: Request,
  body: unknown,
  answer: () => Promise<Response>,
): Promise<Response> {
  const key = req.headers.get("idempotency-key");
  if (key === null) return answer();
  if (!KEY.test(key)) throw fieldError({ "Idempotency-Key": ["validation.invalidValue"] });
  const { userId } = ctx.actor;
  const db = ctx.conn.db;
  const hash = await requestHash(req, body);
  const before = await stored(db, userId, key);
  if (before) return replay(before, hash);

  // This request's mark on its key while it has no answer yet (kept in `body` until the answer replaces
  // it): a transaction of this request that finds the key with this mark finds its own, committed by an
  // earlier transaction of the same request; any other holder is a copy of the request.
  const mark = `pending:${crypto.randomUUID()}`;
  let recorded = false;
  const hook = async (tx: Db) => {
    const [held] = await tx.select({ status: idempotencyKeys.status, body: idempotencyKeys.body })
      .from(idempotencyKeys).where(and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        gte(idempotencyKeys.createdAt, cutoff()),
      ));
    if (held && held.status === null && held.body === mark) return;
    // The same key committed meanwhile (a copy of this request, or another request with this key).
    if (held) throw new AppError("request.idempotencyKeyInProgress");
    // (Also after an earlier transaction of this request rolled back, taking its key with it.) Keys past
    // their 7 days go as a new one is written (one index range on created_at).
    await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff()));
    await tx.insert(idempotencyKeys).values({
      userId,
      key,
      requestHash: hash,
      body: mark,
      createdAt: new Date().toISOString(),
    });
    recorded = true;
  };
  // Stores the answer on this request's key, if a transaction of it committed the key (else nothing).
  const keep = async (res: Response) => {
    if (!recorded) return;
    const text = res.status === 204 ? null : await res.clone().text();
    await db.update(idempotencyKeys).set({
      status: res.status,
      contentType: res.headers.get("content-type"),
      body: text,
    }).where(and(
      eq(idempotencyKeys.userId, userId),
      eq(idempotencyKeys.key, key),
      eq(idempotencyKeys.body, mark),
    ));
  };
  let res: Response;
  try {
    res = await onBegin.run({ connection: ctx.conn, run: hook }, answer);
  } catch (err) {
    if (err instanceof AppError && err.code === "request.idempotencyKeyInProgress" && !recorded) {
      const now = await stored(db, userId, key);
      if (now) return replay(now, hash);
    }
    // A change that committed and then failed (a number collision after the counter moved on): its repeats
    // get the same refusal, not a key stuck in progress.
    await keep(errorResponse(req, err instanceof AppError ? err : new AppError("server.unknown")));
    throw err;
  }
  await keep(res);
  return res;
}
