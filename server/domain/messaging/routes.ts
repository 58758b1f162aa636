// Messaging's calls: send (202: delivered after the answer), retry what failed, a message's recipients, an
// attachment sent by e-mail; and the Message list (read-only, generic routes). Staff send and read.
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { idParam, mount } from "../../engine/http/route.ts";
import { resourceRoutes } from "../../engine/routes.ts";
import { message } from "./entity.ts";
import { recipientsOf, retryMessage, sendMessage, SendRequest } from "./send.ts";
import { SendFileBody, sendFileByQuery, SendFileQuery, sendFileWithBody } from "./send_file.ts";

const Sent = z.object({
  id: z.number(),
  recipients: z.number(),
  smsSegments: z.number().nullable(),
  smsEncoding: z.string().nullable(),
});

export function messagingRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "post",
    path: "/Message/send",
    summary:
      "Send a message by e-mail or SMS to the people and companies of the tags and the addresses given " +
      "(text written or from an e-mail template filled with a record's values); delivered after the answer",
    tag: "Message",
    access: "staff",
    body: SendRequest,
    response: Sent,
    status: 202,
  }, (c, { body }) => sendMessage(c.get("ctx"), body));

  mount(app, platform, {
    method: "post",
    path: "/Message/:id/retry",
    summary: "Try the recipients a message failed to reach again",
    tag: "Message",
    access: "staff",
    response: z.object({ retried: z.number() }),
  }, (c, { params }) => retryMessage(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "get",
    path: "/Message/:id/recipients",
    summary: "A message's recipients, each with its delivery status, attempts and error",
    tag: "Message",
    access: "staff",
    response: z.array(z.object({
      id: z.number(),
      name: z.string().nullable(),
      address: z.string(),
      status: z.string(),
      attempts: z.number(),
      error: z.string().nullable(),
      sentAt: z.string().nullable(),
    })),
  }, (c, { params }) => recipientsOf(c.get("ctx"), idParam(params.id)));

  // The same send as POST with a body, or as GET with the spec's query (its client calls it so).
  mount(app, platform, {
    method: "post",
    path: "/File/send-by-email/:id",
    summary: "Send an attachment by e-mail (a template filled with its record's values, or a text) to the " +
      "tags' people and companies and the addresses given",
    tag: "File",
    access: "staff",
    body: SendFileBody,
    response: Sent,
    status: 202,
  }, (c, { params, body }) => sendFileWithBody(c.get("ctx"), idParam(params.id), body));

  mount(app, platform, {
    method: "get",
    path: "/File/send-by-email/:id",
    summary: "Send an attachment by e-mail to a contact person (personId) with an e-mail template " +
      "(templateId) filled with its record's values, or those of another record of the same type " +
      "(overrideResourceId); fileName names the attachment, convertXlsxToPdf=true sends a workbook as the " +
      "PDF of its first sheet (kept among the record's attachments)",
    tag: "File",
    access: "staff",
    query: SendFileQuery,
    response: Sent,
    status: 202,
  }, (c, { params, query }) => sendFileByQuery(c.get("ctx"), idParam(params.id), query));

  resourceRoutes(app, platform, message);
}
