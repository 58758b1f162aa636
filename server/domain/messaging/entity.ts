// Messages sent by e-mail or SMS (the spec's Message: subject, sender name, recipients found by tags,
// channel, send date, e-mail status, SMS counter), and each recipient's delivery. POST Message/send makes
// them (send.ts); the sender (sender.ts) delivers them after the answer, with retries, and keeps each
// recipient's status, so a failed send stays in the list with its reason. The list itself is read-only.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../access/users/entity.ts";
import { Resource } from "../../engine/engine.ts";

export const messageChannels = ["email", "sms"] as const;
export const messageStatuses = ["queued", "sending", "sent", "partlyFailed", "failed"] as const;
export const recipientStatuses = ["queued", "sent", "failed"] as const;
export type MessageStatus = typeof messageStatuses[number];

export const messages = sqliteTable("messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  channel: text("channel", { enum: messageChannels }).notNull(),
  subject: text("subject"),
  body: text("body").notNull(),
  /** Whether an e-mail's body is HTML (from an HTML template). */
  html: integer("html", { mode: "boolean" }).notNull().default(false),
  senderName: text("sender_name"),
  /** The e-mail account it goes out through. */
  emailAccountId: integer("email_account_id"),
  templateId: integer("template_id"),
  /** The tags whose people and companies it went to. */
  recipientTags: text("recipient_tags").notNull().default("[]"),
  /** The record it was sent from (a document, an order), its values in the template. */
  refResourceType: text("ref_resource_type"),
  refResourceId: integer("ref_resource_id"),
  /** Attachments (file_infos ids) an e-mail carries. */
  fileIds: text("file_ids").notNull().default("[]"),
  /** The names attachments carry in the e-mail where they differ from the files' own: {"<file id>": name}. */
  attachmentNames: text("attachment_names").notNull().default("{}"),
  status: text("status", { enum: messageStatuses }).notNull().default("queued"),
  recipientCount: integer("recipient_count").notNull().default(0),
  sentCount: integer("sent_count").notNull().default(0),
  failedCount: integer("failed_count").notNull().default(0),
  /** An SMS: its parts per recipient and its encoding (GSM-7, or UCS-2 once a letter is not in GSM-7). */
  smsSegments: integer("sms_segments"),
  smsEncoding: text("sms_encoding"),
  /** The last delivery error, for the list. */
  lastError: text("last_error"),
  /** When it was sent (its last recipient delivered), or null while it is not. */
  sendDate: text("send_date"),
  createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  version: integer("version").notNull().default(1),
}, (t) => [
  index("messages_created_at").on(t.createdAt, t.id),
  index("messages_updated_at").on(t.updatedAt, t.id),
  index("messages_send_date").on(t.sendDate, t.id),
  index("messages_subject").on(t.subject, t.id),
  index("messages_channel").on(t.channel, t.id),
  index("messages_status").on(t.status, t.id),
  index("messages_ref").on(t.refResourceType, t.refResourceId, t.id),
]);

export const messageRecipients = sqliteTable("message_recipients", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  messageId: integer("message_id").notNull().references(() => messages.id, { onDelete: "cascade" }),
  name: text("name"),
  /** An e-mail address or a phone number in E.164. */
  address: text("address").notNull(),
  status: text("status", { enum: recipientStatuses }).notNull().default("queued"),
  attempts: integer("attempts").notNull().default(0),
  /** When the next attempt is due (ISO instant); null once sent or given up. */
  nextAttemptAt: text("next_attempt_at"),
  error: text("error"),
  sentAt: text("sent_at"),
}, (t) => [
  index("message_recipients_message").on(t.messageId, t.id),
  // What the sender looks for: the recipients due now.
  index("message_recipients_due").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
]);

export const message = new Resource({
  resource: "Message",
  table: messages,
  title: ["subject"],
  sort: "-createdAt",
  keyColumns: ["createdAt", "subject", "channel", "status"],
  readOnly: true,
  fields: {
    createdAt: { kind: "date", list: "sort filter show" },
    channel: { options: messageChannels, list: "filter show" },
    subject: { kind: "text", list: "sort filter search show" },
    body: { kind: "textarea" },
    senderName: { kind: "text", list: true },
    status: { options: messageStatuses, list: "filter show" },
    recipientCount: { kind: "number", list: "show" },
    sentCount: { kind: "number", list: "show" },
    failedCount: { kind: "number", list: "show" },
    smsSegments: { kind: "number", list: "show" },
    smsEncoding: { kind: "text", list: true },
    lastError: { kind: "textarea", list: "show" },
    sendDate: { kind: "date", list: "sort filter show" },
    refResourceType: { kind: "text", list: "filter" },
    refResourceId: { kind: "number", list: true },
    html: { meta: false },
    emailAccountId: { meta: false },
    templateId: { meta: false },
    recipientTags: { meta: false },
    fileIds: { meta: false },
    attachmentNames: { input: false, output: false, meta: false },
    createdByUserId: { meta: false },
    updatedAt: { list: "sort filter" },
  },
});

export const messageMeta = message.meta;
