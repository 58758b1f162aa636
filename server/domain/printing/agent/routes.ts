// The print agent's calls: sites and their jobs (the generic resource calls), a site's agent key made
// (answered once) and withdrawn by administrators, and the agents' WebSocket (/printAgent, outside /api, on
// the thread that accepts connections: channel.ts).
import type { Hono } from "hono";
import { upgradeWebSocket } from "hono/deno";
import { z } from "zod";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { idParam, mount } from "../../../engine/http/route.ts";
import { AppError } from "../../../kernel/errors.ts";
import { resourceRoutes } from "../../../engine/routes.ts";
import { PRINT_AGENT_PATH } from "../../../print_agent/protocol.ts";
import { printSite } from "../sites/entity.ts";
import { printJob } from "../jobs/entity.ts";
import { makeAgentKey, withdrawAgentKey } from "./keys.ts";
import { AgentChannel, type AgentConnection, type AgentServices } from "./channel.ts";

export function printAgentRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "post",
    path: "/PrintSite/:id/agentKey",
    summary: "Make the site's print-agent key: answers the site and, this once, the key (only its hash is " +
      "kept); a key made before stops at once and its agent is disconnected",
    tag: "Print",
    access: "admin",
    answersSecret: true,
    response: z.object({
      ...(printSite.entity.record as unknown as z.ZodObject<z.ZodRawShape>).shape,
      key: z.string(),
    }),
  }, (c, { params }) => makeAgentKey(c.get("ctx"), idParam(params.id)));

  mount(app, platform, {
    method: "post",
    path: "/PrintSite/:id/agentKey/withdraw",
    summary: "Withdraw the site's print-agent key: its agent is disconnected and refused from now on; the " +
      "site's jobs wait until a new key's agent connects",
    tag: "Print",
    access: "admin",
    response: printSite.entity.record,
  }, (c, { params }) => withdrawAgentKey(c.get("ctx"), idParam(params.id)));

  resourceRoutes(app, platform, printSite);
  resourceRoutes(app, platform, printJob);
}

const channels = new WeakMap<AgentServices, AgentChannel>();

/** The platform's channel of agent sockets (made with its first socket). */
export function agentChannelOf(platform: AgentServices): AgentChannel {
  let channel = channels.get(platform);
  if (!channel) channels.set(platform, channel = new AgentChannel(platform));
  return channel;
}

/** The socket's address: the peer's, or with TRUST_PROXY the last X-Forwarded-For (engine/http/client_info.ts). */
function peerOf(
  c: { env?: { remoteAddr?: Deno.NetAddr }; req: { header(name: string): string | undefined } },
  platform: Pick<Services, "config">,
): string | null {
  if (platform.config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.remoteAddr?.hostname ?? null;
}

/** Mounts /printAgent (before the request context: a 101 answer takes no extra headers). */
export function printAgentSocket(app: Hono<Env>, platform: AgentServices): void {
  app.get(
    PRINT_AGENT_PATH,
    upgradeWebSocket((c) => {
      const ip = peerOf(c, platform);
      let conn: AgentConnection | undefined;
      return {
        onOpen(_event, ws) {
          conn = agentChannelOf(platform).open({
            send: (data) => ws.send(data),
            close: (code, reason) => ws.close(code, reason),
          }, ip);
        },
        onMessage(event) {
          if (conn) agentChannelOf(platform).receive(conn, event.data);
        },
        onClose() {
          if (conn) agentChannelOf(platform).gone(conn);
        },
      };
    }),
    () => {
      throw new AppError("request.badQuery", { params: { detail: "a WebSocket upgrade is expected" } });
    },
  );
}
