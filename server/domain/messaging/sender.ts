// Delivers queued messages after the answer that made them: one runner per tenant in this process, which
// takes the recipients due, sends each (e-mail through the tenant's SMTP account, SMS through the gateway),
// and writes what happened to the recipient and the message in one transaction each, with a real-time
// event. A temporary failure (no connection, a 4xx from SMTP, a 5xx or 429 from the gateway) is tried again
// after each of the configured delays, then counts as failed with its reason; a permanent one (a refused
// mailbox, a number the gateway rejects) fails at once. Recipients left due by a process that stopped are
// taken up by the tenant's next send or retry (kickSender).
import type { Transporter } from "nodemailer";
import { Buffer } from "node:buffer";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { TenantContext } from "../../kernel/context.ts";
import { unsealSecret } from "../access/auth/keys.ts";
import { nowIso } from "../../kernel/time.ts";
import { nodemailer } from "../../kernel/mail.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { emailAccounts, passwordContext } from "../reference/email_accounts/entity.ts";
import { fileInfos } from "../files/table.ts";
import { getBytes } from "../files/store.ts";
import { fileSource } from "../files/service.ts";
import { messageRecipients, messages, type MessageStatus } from "./entity.ts";
import { DeliveryError, sendSms } from "./gateway.ts";
import { egressOf, isRefusal, refusalEvent, refusalReason } from "../../kernel/egress/egress.ts";
import { securityEventFor, securityEventOutside } from "../logs/security_log/service.ts";
import { translate } from "../../../shared/i18n/api/mod.ts";
import { workStayedHere as stayedHere, workStillHere as stillHere } from "../../cluster/placement.ts";

const running = new Map<string, { again: boolean }>();

const timers = new Map<string, number>();

/** Starts (or nudges) the tenant's runner; it stops when nothing is due, setting a timer for what comes later. */
export function kickSender(ctx: TenantContext): void {
  // A reader's connection writes nothing: the tenant's shard delivers.
  if ((ctx.conn as { readOnly?: boolean }).readOnly === true) return;
  const key = ctx.tenant.dbUrl;
  const state = running.get(key);
  if (state) {
    state.again = true;
    return;
  }
  const timer = timers.get(key);
  if (timer !== undefined) {
    clearTimeout(timer);
    timers.delete(key);
  }
  const mine = { again: false };
  running.set(key, mine);
  void (async () => {
    try {
      for (;;) {
        mine.again = false;
        // The tenant moving (server/tenancy/move.ts): nothing is sent meanwhile, so that no mail goes out whose
        // status the move's copy would not carry. Moved, its new owner delivers (sweep.ts, takeUpOnOpen).
        if (!await stillHere(ctx) && !await stayedHere(ctx)) return;
        while (await deliverDue(ctx)) { /* until nothing is due now */ }
        if (mine.again) continue;
        await scheduleNext(ctx);
        // A message stored while the next retry was being looked up: deliver it too.
        if (!mine.again) break;
      }
    } catch (err) {
      // Refused by a file its tenant moved away from: the new owner delivers.
      if (!await stillHere(ctx).catch(() => true)) return;
      console.error(`messages of ${ctx.tenant.slug}: delivery stopped, trying again in a minute`, err);
      later(ctx, 60_000);
    } finally {
      running.delete(key);
    }
  })();
}

/** A timer for the earliest retry still to come. */
async function scheduleNext(ctx: TenantContext): Promise<void> {
  const next = await ctx.services.pool.use(ctx.tenant.dbUrl, async (conn) => {
    const [row] = await conn.db.select({ at: sql<string | null>`min(${messageRecipients.nextAttemptAt})` })
      .from(messageRecipients).where(eq(messageRecipients.status, "queued"));
    return row?.at ?? null;
  });
  if (next === null) return;
  later(ctx, Math.max(0, Date.parse(next) - Date.now()));
}

/** The runner started again after `delay` ms (a timer that never keeps a stopping process alive). */
function later(ctx: TenantContext, delay: number): void {
  const key = ctx.tenant.dbUrl;
  const old = timers.get(key);
  if (old !== undefined) clearTimeout(old);
  const id = setTimeout(() => {
    timers.delete(key);
    kickSender(ctx);
  }, delay) as unknown as number;
  Deno.unrefTimer(id);
  timers.set(key, id);
}

type Mail = typeof messages.$inferSelect;

/** One batch of due recipients delivered; false when none was due. */
async function deliverDue(ctx: TenantContext): Promise<boolean> {
  return await ctx.services.pool.use(ctx.tenant.dbUrl, async (conn) => {
    const bg: TenantContext = { ...ctx, conn };
    const now = nowIso();
    const due = await conn.db.select().from(messageRecipients).where(and(
      eq(messageRecipients.status, "queued"),
      lte(messageRecipients.nextAttemptAt, now),
    )).orderBy(asc(messageRecipients.nextAttemptAt), asc(messageRecipients.id)).limit(20);
    if (due.length === 0) return false;
    const ids = [...new Set(due.map((r) => r.messageId))];
    const byId = new Map<number, Mail>(
      (await conn.db.select().from(messages).where(inArray(messages.id, ids))).map((m) => [m.id, m]),
    );
    const transports = new Map<number, Transporter>();
    try {
      for (const r of due) {
        if (!await stillHere(ctx)) break;
        const m = byId.get(r.messageId)!;
        let error: DeliveryError | null = null;
        try {
          if (m.channel === "email") await sendMail(bg, m, r.address, r.name, transports);
          else await sendSms(ctx.services.config, { to: r.address, text: m.body, from: m.senderName });
        } catch (err) {
          error = err instanceof DeliveryError
            ? err
            : new DeliveryError(String((err as Error)?.message ?? err), false);
        }
        if (error?.refused) refusedEvent(bg, m, error.refused);
        await record(bg, m.id, r.id, r.attempts + 1, error);
      }
    } finally {
      for (const t of transports.values()) t.close();
    }
    return true;
  });
}

/**
 * A host the egress policy refused, as a security event: the tenant's SMTP account in the tenant's log, the
 * operator's SMS gateway in the system log (the tenant cannot change it). Nobody's request: no caller.
 */
function refusedEvent(ctx: TenantContext, m: Mail, detail: string): void {
  if (m.channel === "email") {
    securityEventFor(ctx.services, ctx.tenant, {
      kind: "egress.refused",
      detail: `message ${m.id}, e-mail account ${m.emailAccountId}: ${detail}`,
    });
  } else {
    securityEventOutside(ctx.services, { kind: "egress.refused", detail: `SMS gateway: ${detail}` });
  }
}

/** A recipient's attempt written, and its message's counts and status from all its recipients. */
async function record(
  ctx: TenantContext,
  messageId: number,
  recipientId: number,
  attempts: number,
  error: DeliveryError | null,
) {
  const delays = ctx.services.config.messageRetryMs;
  const retry = error !== null && !error.permanent && attempts <= delays.length;
  const now = nowIso();
  await transactionWithEvents(ctx, async (tx, outbox) => {
    await tx.update(messageRecipients).set(
      error === null ? { status: "sent", attempts, error: null, nextAttemptAt: null, sentAt: now } : retry
        ? {
          attempts,
          error: error.message,
          nextAttemptAt: new Date(Date.now() + delays[attempts - 1]).toISOString(),
        }
        : { status: "failed", attempts, error: error.message, nextAttemptAt: null },
    ).where(eq(messageRecipients.id, recipientId));
    // The message's counts follow by one (a recount over its recipients would read them all, each time).
    const failedNow = error !== null && !retry;
    const [m] = await tx.update(messages).set({
      sentCount: sql`${messages.sentCount} + ${error === null ? 1 : 0}`,
      failedCount: sql`${messages.failedCount} + ${failedNow ? 1 : 0}`,
      ...(error ? { lastError: error.message } : {}),
      updatedAt: now,
      version: sql`${messages.version} + 1`,
    }).where(eq(messages.id, messageId)).returning({
      recipients: messages.recipientCount,
      sent: messages.sentCount,
      failed: messages.failedCount,
    });
    const queued = m.recipients - m.sent - m.failed;
    const status: MessageStatus = queued > 0
      ? "sending"
      : m.failed === 0
      ? "sent"
      : m.sent === 0
      ? "failed"
      : "partlyFailed";
    await tx.update(messages).set({ status, ...(queued === 0 ? { sendDate: now } : {}) })
      .where(eq(messages.id, messageId));
    outbox.add("Message", "changed", messageId);
  });
}

/** An e-mail through the message's account (one connection per account and batch). */
async function sendMail(
  ctx: TenantContext,
  m: Mail,
  to: string,
  name: string | null,
  transports: Map<number, Transporter>,
): Promise<void> {
  const [account] = await ctx.conn.db.select().from(emailAccounts).where(
    eq(emailAccounts.id, m.emailAccountId!),
  );
  if (!account) throw new DeliveryError("the e-mail account was deleted", true);
  let transport = transports.get(account.id);
  if (!transport) {
    const password = account.password
      ? unsealSecret(ctx.services.keys, account.password, passwordContext(ctx.tenant.id))
      : undefined;
    transport = (await nodemailer()).createTransport({
      // The connection itself is the egress policy's: the account's host resolved once, checked (no
      // loopback or private network unless the operator allows it) and connected there; nodemailer
      // keeps the name for STARTTLS or TLS. A refused host never hears the account's credentials.
      getSocket: egressOf(ctx.services.config).smtpSocket,
      host: account.smtpServer,
      port: account.smtpPort,
      secure: account.useTls && account.smtpPort === 465,
      requireTLS: account.useTls && account.smtpPort !== 465,
      ignoreTLS: !account.useTls,
      ...(account.login ? { auth: { user: account.login, pass: password ?? "" } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    transports.set(account.id, transport);
  }
  const files = JSON.parse(m.fileIds) as number[];
  const names = JSON.parse(m.attachmentNames) as Record<string, string>;
  const attachments = [];
  for (const id of files) {
    const [file] = await ctx.conn.db.select().from(fileInfos).where(eq(fileInfos.id, id));
    if (!file) continue;
    attachments.push({
      filename: names[String(id)] ?? file.fileName,
      content: Buffer.from(await getBytes(fileSource(ctx), file.storageKey)),
      contentType: file.contentType,
    });
  }
  try {
    await transport.sendMail({
      from: m.senderName ? { name: m.senderName, address: account.address } : account.address,
      to: name ? { name, address: to } : to,
      subject: m.subject ?? "",
      ...(m.html ? { html: m.body } : { text: m.body }),
      attachments,
    });
  } catch (err) {
    if (isRefusal(err)) {
      // The same words whatever was refused and why; a name that did not resolve may resolve later.
      throw new DeliveryError(
        translate("en-us", "egress.refused"),
        refusalReason(err) !== "unresolved",
        refusalEvent(err),
      );
    }
    const e = err as { responseCode?: number; message?: string };
    // 5xx from the server: this mailbox will not take it; anything else may pass later.
    throw new DeliveryError(
      e.message ?? String(err),
      typeof e.responseCode === "number" && e.responseCode >= 500,
    );
  }
}
