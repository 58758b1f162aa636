// The discussion calls of the spec: a record's discussion, the messages after one, a new message.
import type { Hono } from "hono";
import { z } from "zod";
import type { Services } from "../../kernel/services.ts";
import type { Env } from "../../engine/http/types.ts";
import { idParam, mount } from "../../engine/http/route.ts";
import {
  addMessage,
  Discussion,
  DiscussionMessage,
  discussionOf,
  messagesSince,
  NewMessage,
} from "./service.ts";

export function discussionRoutes(app: Hono<Env>, platform: Services): void {
  const tag = "Discussion";
  mount(app, platform, {
    method: "get",
    path: "/Discussion/:id/messages/:lastMessageId",
    summary: "A discussion's messages after the one given (0: from the first), oldest first, 200 at most",
    tag,
    access: "staff",
    response: z.array(DiscussionMessage),
  }, (c, { params }) =>
    messagesSince(
      c.get("ctx"),
      idParam(params.id),
      params.lastMessageId === "0" ? 0 : idParam(params.lastMessageId),
    ));

  mount(app, platform, {
    method: "post",
    path: "/Discussion/:id/message",
    summary:
      "Add a message to a discussion (staff who may read its record); everyone reading it sees it live",
    tag,
    access: "staff",
    body: NewMessage,
    response: DiscussionMessage,
    status: 201,
  }, (c, { params, body }) => addMessage(c.get("ctx"), idParam(params.id), body.text));

  mount(app, platform, {
    method: "get",
    path: "/Discussion/:type/:id",
    summary:
      "A record's discussion (any resource by name and id) with its first messages; opened on first read",
    tag,
    access: "staff",
    response: Discussion,
  }, (c, { params }) => discussionOf(c.get("ctx"), params.type, idParam(params.id)));
}
