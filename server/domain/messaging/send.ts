// POST Message/send: a message by e-mail or SMS, its text written or taken from an e-mail template filled
// with the values of the record it is sent from, to people and companies found by their tags and to
// addresses given, stored with one row per recipient in one transaction and delivered after the answer
// (sender.ts). An SMS is measured (segments, encoding) before it goes.
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { TenantContext } from "../../kernel/context.ts";
import { AppError, fieldError } from "../../kernel/errors.ts";
import { nowIso, TimeZone } from "../../kernel/time.ts";
import { email as emailSchema, phoneNumber } from "../access/users/contract.ts";
import { transactionWithEvents } from "../../hub/outbox.ts";
import { resourcesByName } from "../../engine/engine.ts";
import { persons, personTags } from "../parties/persons/entity.ts";
import { companies, companyTags } from "../parties/companies/entity.ts";
import { tags } from "../reference/tags/entity.ts";
import { emailTemplates } from "../reference/email_templates/entity.ts";
import { emailAccounts } from "../reference/email_accounts/entity.ts";
import { fileInfos } from "../files/table.ts";
import { readableRecord, uploadFile } from "../files/service.ts";
import { print, printTypeOfResource } from "../printing/service.ts";
import { fill, formatterFor, type Values } from "../printing/layout.ts";
import { messageRecipients, messages } from "./entity.ts";
import { singleLine } from "../../engine/fields.ts";
import { smsSize } from "./sms.ts";
import { kickSender } from "./sender.ts";
import { rowById } from "../../db/prepared.ts";

/** Most recipients one message goes to. */
export const MAX_RECIPIENTS = 5000;

export const SendRequest = z.object({
  channel: z.enum(["email", "sms"]),
  /** One line: it is the e-mail's Subject header. */
  subject: singleLine(z.string().trim().max(250)).optional(),
  body: z.string().max(200_000).optional(),
  /** An e-mail template (its subject and body, filled with the record's values). */
  templateId: z.number().int().positive().optional(),
  /** Tag names: the people and companies carrying any of them receive it. */
  recipientTags: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  /** E-mail addresses or phone numbers (with the country code) beside the tagged ones. */
  to: z.array(z.string().trim().min(1).max(254)).max(MAX_RECIPIENTS).default([]),
  /** The record it is sent from (`WmsDocument`, 12): the template's `{{document.documentNumber}}`. */
  refResourceType: z.string().max(64).optional(),
  refResourceId: z.number().int().positive().optional(),
  emailAccountId: z.number().int().positive().optional(),
  /** One line: it is the name in the e-mail's From header (the SMS sender's name). */
  senderName: singleLine(z.string().trim().max(100)).optional(),
  /** Attachments of an e-mail: files the caller may read. */
  fileIds: z.array(z.number().int().positive()).max(20).default([]),
  /**
   * An e-mail carries the record's printout (its type's default layout, as a PDF), also kept among the
   * record's attachments as what was sent.
   */
  attachPrintout: z.boolean().default(false),
  /** The sender's time zone (IANA): the template's instants are written in it; UTC when absent. */
  timeZone: TimeZone.optional(),
});
export type SendRequest = z.output<typeof SendRequest>;

/** What a template calls the record it is sent from, besides `record`. */
const aliases: Record<string, string> = {
  WmsDocument: "document",
  WmsOrder: "order",
  Product: "product",
  Company: "company",
  Person: "person",
  Container: "container",
  StorageSpace: "location",
  ExternalOrder: "externalOrder",
};

/** Dotted keys of a record's values: `document.documentNumber`, `record.documentNumber`. */
function flatten(prefixes: string[], record: Record<string, unknown>, into: Values): void {
  for (const [k, v] of Object.entries(record)) {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) continue;
    for (const p of prefixes) into[`${p}.${k}`] = v;
  }
}

/** The longest SMS text. */
export const SMS_MAX_CHARACTERS = 1_600;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** An HTML template's text for an SMS: its markup gone, its entities read. */
export function textOf(html: string): string {
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };
  return withoutTags(html).replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => entities[e])
    .replace(/\s+/g, " ").trim();
}

/**
 * Each tag (`<` to the next `>`, at least one character between) as a space, in one pass by indexOf: the
 * expression `<[^>]+>` it replaces went to the end of the text from every `<` of a body of `<<<…` without `>`
 * (a 200,000-character template: minutes).
 */
function withoutTags(html: string): string {
  let out = "";
  let at = 0;
  for (let open = html.indexOf("<"); open >= 0; open = html.indexOf("<", open + 1)) {
    const close = html.indexOf(">", open + 1);
    if (close < 0) break;
    if (close === open + 1) continue;
    out += html.slice(at, open) + " ";
    at = close + 1;
    open = close;
  }
  return out + html.slice(at);
}

/** Whether a template is HTML: a tag's start with a `>` after it (no backtracking over the text). */
export function isHtml(text: string): boolean {
  const start = text.search(/<[a-z]/i);
  return start >= 0 && text.indexOf(">", start + 2) >= 0;
}

/** The record's values for the template, read through its own resource (the caller's access). */
async function recordValues(ctx: TenantContext, type: string, id: number): Promise<Values> {
  const resource = resourcesByName.get(type);
  if (!resource) throw fieldError({ refResourceType: ["validation.invalidValue"] });
  const record = await resource.get(ctx, id) as Record<string, unknown>;
  const values: Values = {};
  flatten(["record", ...(aliases[type] ? [aliases[type]] : [])], record, values);
  const contractorId = record.contractorId;
  if (typeof contractorId === "number") {
    const company = await resourcesByName.get("Company")!.get(ctx, contractorId).catch(() => null);
    if (company) flatten(["contractor"], company as Record<string, unknown>, values);
  }
  return values;
}

interface Recipient {
  name: string | null;
  address: string;
}

/** The people and companies carrying any of the tags, with the address the channel needs. */
async function tagged(ctx: TenantContext, names: string[], channel: "email" | "sms"): Promise<Recipient[]> {
  if (names.length === 0) return [];
  const db = ctx.conn.db;
  const found = await db.select({ id: tags.id, name: tags.name }).from(tags)
    .where(inArray(sql`lower(${tags.name})`, names.map((n) => n.toLowerCase())));
  if (found.length < new Set(names.map((n) => n.toLowerCase())).size) {
    throw fieldError({ recipientTags: ["validation.invalidValue"] });
  }
  const ids = found.map((t) => t.id);
  const people = await db.selectDistinct({
    first: persons.firstName,
    last: persons.lastName,
    email: persons.email,
    phone: persons.phoneNumber,
  }).from(persons).innerJoin(personTags, eq(personTags.personId, persons.id)).where(
    inArray(personTags.tagId, ids),
  );
  const firms = await db.selectDistinct({
    name: companies.shortName,
    email: companies.officeMail,
    phone: companies.officePhoneNumber,
  }).from(companies).innerJoin(companyTags, eq(companyTags.companyId, companies.id))
    .where(inArray(companyTags.tagId, ids));
  const out: Recipient[] = [];
  for (const p of people) {
    const address = channel === "email" ? p.email : p.phone;
    if (address) out.push({ name: [p.first, p.last].filter(Boolean).join(" ") || null, address });
  }
  for (const c of firms) {
    const address = channel === "email" ? c.email : c.phone;
    if (address) out.push({ name: c.name, address });
  }
  return out;
}

/** An address given as it is: an e-mail address for e-mail, a phone number with its country code for SMS. */
function given(address: string, channel: "email" | "sms"): Recipient {
  const r = (channel === "email" ? emailSchema : phoneNumber).safeParse(address);
  if (!r.success || !r.data) {
    throw fieldError({
      to: [channel === "email" ? "validation.invalidEmail" : "validation.phoneCountryCode"],
    });
  }
  return { name: null, address: r.data as string };
}

/**
 * `attachmentNames`: the name a file carries in the e-mail, by its id, where not its own. `madeFile`: a file
 * made for this e-mail (a workbook as a PDF), made and stored only once every check has passed, as the
 * printout is, so a refused message leaves no file behind; it answers the stored file's id.
 */
export async function sendMessage(
  ctx: TenantContext,
  req: SendRequest,
  attachmentNames: Record<number, string> = {},
  madeFile?: () => Promise<number>,
) {
  const db = ctx.conn.db;
  const f = await formatterFor(ctx.lang, req.timeZone);
  let values: Values = {};
  if (req.refResourceType !== undefined || req.refResourceId !== undefined) {
    if (!req.refResourceType || !req.refResourceId) {
      throw fieldError({ refResourceId: ["validation.required"] });
    }
    values = await recordValues(ctx, req.refResourceType, req.refResourceId);
  }
  let subject = req.subject ?? null;
  let body = req.body ?? null;
  let html = false;
  if (req.templateId !== undefined) {
    const template = await rowById(db, emailTemplates, req.templateId);
    if (!template) throw fieldError({ templateId: ["validation.invalidValue"] });
    subject = subject === null ? fill(template.subject, values, f) : fill(subject, values, f);
    if (body !== null) {
      // The caller's own text in place of the template's: plain text, filled as one.
      body = fill(body, values, f);
    } else if (req.channel === "sms") {
      body = fill(textOf(template.body), values, f);
    } else {
      html = isHtml(template.body);
      body = fill(template.body, values, f, html ? escapeHtml : undefined);
    }
  } else if (body !== null) {
    body = fill(body, values, f);
    if (subject !== null) subject = fill(subject, values, f);
  }
  // A record's value filled into the subject (a multi-line description) is put on one line: the subject is a
  // header, and a line break in it would start another.
  if (subject !== null) subject = subject.replace(/[\t\r\n]+/g, " ").trim();
  if (!body || !body.trim()) throw fieldError({ body: ["validation.required"] });
  // An SMS is at most 1,600 characters (ten-odd parts: what gateways such as Twilio send as one message);
  // the parts' counter takes time growing with the square of the text (200,000 characters: minutes).
  if (req.channel === "sms" && body.length > SMS_MAX_CHARACTERS) {
    throw fieldError({ body: ["validation.tooLong"] });
  }
  if (req.channel === "email" && !subject) throw fieldError({ subject: ["validation.required"] });

  let accountId: number | null = null;
  if (req.channel === "email") {
    const [account] = await db.select({ id: emailAccounts.id }).from(emailAccounts).where(
      req.emailAccountId !== undefined ? eq(emailAccounts.id, req.emailAccountId) : undefined,
    ).orderBy(emailAccounts.id).limit(1);
    if (!account) {
      if (req.emailAccountId !== undefined) throw fieldError({ emailAccountId: ["validation.invalidValue"] });
      throw new AppError("message.noEmailAccount");
    }
    accountId = account.id;
    for (const id of req.fileIds) {
      const file = await rowById(db, fileInfos, id);
      if (!file) throw fieldError({ fileIds: ["validation.invalidValue"] });
      // Only a file of a record the caller may read (another's is 404, as the file itself would be).
      await readableRecord(ctx, file.refResourceType, file.refResourceId);
    }
  } else if (req.fileIds.length) throw fieldError({ fileIds: ["validation.invalidValue"] });

  const recipients = [
    ...await tagged(ctx, req.recipientTags, req.channel),
    ...req.to.map((a) => given(a, req.channel)),
  ];
  // Each address once (the first name it came with).
  const seen = new Set<string>();
  const unique = recipients.filter((r) => {
    const key = r.address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length === 0) throw new AppError("message.noRecipients");
  if (unique.length > MAX_RECIPIENTS) throw fieldError({ to: ["validation.tooLarge"] });
  const fileIds = [...req.fileIds];
  if (req.attachPrintout) {
    const type = req.refResourceType ? printTypeOfResource[req.refResourceType] : undefined;
    if (req.channel !== "email" || !type || !req.refResourceId) {
      throw fieldError({ attachPrintout: ["validation.invalidValue"] });
    }
    const printed = await print(ctx, {
      type,
      items: [{ id: req.refResourceId, copies: 1 }],
      format: "pdf",
      timeZone: req.timeZone,
    });
    if (printed.kind !== "file") throw fieldError({ attachPrintout: ["validation.invalidValue"] });
    const name = typeof values["record.documentNumber"] === "string"
      ? `${values["record.documentNumber"]}.pdf`.replace(/[/\\]/g, "-")
      : printed.name;
    const stored = await uploadFile(ctx, {
      refResourceType: req.refResourceType!,
      refResourceId: req.refResourceId,
    }, {
      name,
      bytes: printed.body,
    });
    fileIds.push(stored.id);
  }
  if (madeFile) fileIds.push(await madeFile());
  const size = req.channel === "sms" ? await smsSize(body) : null;
  const now = nowIso();
  const id = await transactionWithEvents(ctx, async (tx, outbox) => {
    const [row] = await tx.insert(messages).values({
      channel: req.channel,
      subject,
      body,
      html,
      senderName: req.senderName ?? null,
      emailAccountId: accountId,
      templateId: req.templateId ?? null,
      recipientTags: JSON.stringify(req.recipientTags),
      refResourceType: req.refResourceType ?? null,
      refResourceId: req.refResourceId ?? null,
      fileIds: JSON.stringify(fileIds),
      attachmentNames: JSON.stringify(attachmentNames),
      status: "queued",
      recipientCount: unique.length,
      smsSegments: size?.segments ?? null,
      smsEncoding: size?.encoding ?? null,
      createdByUserId: ctx.actor.userId,
      createdAt: now,
      updatedAt: now,
    }).returning({ id: messages.id });
    for (let i = 0; i < unique.length; i += 500) {
      await tx.insert(messageRecipients).values(
        unique.slice(i, i + 500).map((r) => ({
          messageId: row.id,
          name: r.name,
          address: r.address,
          nextAttemptAt: now,
        })),
      );
    }
    outbox.add("Message", "created", row.id);
    return row.id;
  });
  kickSender(ctx);
  return {
    id,
    recipients: unique.length,
    smsSegments: size?.segments ?? null,
    smsEncoding: size?.encoding ?? null,
  };
}

/** POST Message/{id}/retry: the recipients it failed to reach are tried again. */
export async function retryMessage(ctx: TenantContext, id: number) {
  const changed = await transactionWithEvents(ctx, async (tx, outbox) => {
    const [row] = await tx.select({ id: messages.id }).from(messages).where(eq(messages.id, id));
    if (!row) throw new AppError("record.notFoundOrNoPermission");
    const again = await tx.update(messageRecipients).set({
      status: "queued",
      attempts: 0,
      error: null,
      nextAttemptAt: nowIso(),
    }).where(and(eq(messageRecipients.messageId, id), eq(messageRecipients.status, "failed")))
      .returning({ id: messageRecipients.id });
    if (again.length) {
      await tx.update(messages).set({
        status: "sending",
        failedCount: 0,
        lastError: null,
        updatedAt: nowIso(),
      })
        .where(eq(messages.id, id));
      outbox.add("Message", "changed", id);
    }
    return again.length;
  });
  kickSender(ctx);
  return { retried: changed };
}

/** The recipients of a message, each with its delivery (the message's dialog). */
export async function recipientsOf(ctx: TenantContext, id: number) {
  await resourcesByName.get("Message")!.get(ctx, id);
  return await ctx.conn.db.select({
    id: messageRecipients.id,
    name: messageRecipients.name,
    address: messageRecipients.address,
    status: messageRecipients.status,
    attempts: messageRecipients.attempts,
    error: messageRecipients.error,
    sentAt: messageRecipients.sentAt,
  }).from(messageRecipients).where(eq(messageRecipients.messageId, id)).orderBy(messageRecipients.id);
}
