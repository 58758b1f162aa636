// The /dataHub WebSocket endpoint: the first message carries the access token, verified exactly as an
// HTTP call's (signature, claims, standing session, active tenant); a bad one closes the socket with 4401.
// Messages of one socket are handled one after another, so an edit-mode request sent right after the
// token waits for its verification. A browser's handshake from a page of another site is refused (403)
// before the upgrade: only our own origin and the operator's ALLOWED_ORIGINS open a socket.
import type { Hono } from "hono";
import { upgradeWebSocket } from "hono/deno";
import { decodeJwt } from "jose";
import type { Services } from "../kernel/services.ts";
import type { Actor } from "../kernel/context.ts";
import type { Env } from "../engine/http/types.ts";
import { AppError } from "../kernel/errors.ts";
import { verifyAccessToken } from "../domain/access/auth/tokens.ts";
import { resolveTenant } from "../tenancy/resolve.ts";
import { socketOriginAllowed } from "../engine/http/origin.ts";
import { securityEventOutside } from "../domain/logs/security_log/service.ts";
import { clientInfo } from "../engine/http/client_info.ts";
import { errorResponse } from "../http/errors.ts";
import { ClientMessage, CLOSE_PROTOCOL, CLOSE_UNAUTHORIZED } from "../../shared/hub/contract.ts";
import type { Hub, HubConnection } from "./hub.ts";

/** Larger client messages are not part of the protocol (a token is about 1 kB). */
const MAX_MESSAGE_CHARS = 16_384;

export const HUB_PATH = "/dataHub";

/** The endpoint works the hub itself (its sockets and edit modes), not only the port verbs publish to. */
type HubServices = Services & { hub: Hub };

/** Verifies a socket's token as the HTTP middleware does; answers the actor and the token's expiry. */
export async function verifySocketToken(
  platform: Services,
  token: string,
): Promise<{ actor: Actor; expiresAtMs: number }> {
  // On the front of a sharded server, the tenant's shard reads the user (server/cluster/front.ts).
  if (platform.placement.verifySocket) return platform.placement.verifySocket(token);
  const verified = await verifyAccessToken(platform.keys, platform.config, token);
  // The socket hears as the user is now (roles, contractor), not as the token said when issued.
  const { release, actor } = await resolveTenant(platform, verified);
  release();
  const { exp } = decodeJwt(token);
  return { actor, expiresAtMs: (exp ?? 0) * 1000 };
}

async function receive(platform: HubServices, conn: HubConnection, data: unknown): Promise<void> {
  const hub = platform.hub;
  if (conn.closed) return;
  if (typeof data !== "string" || data.length > MAX_MESSAGE_CHARS) {
    hub.close(conn, CLOSE_PROTOCOL, "protocol.badMessage");
    return;
  }
  let parsed;
  try {
    parsed = ClientMessage.safeParse(JSON.parse(data));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) {
    hub.close(conn, CLOSE_PROTOCOL, "protocol.badMessage");
    return;
  }
  const msg = parsed.data;
  if (msg.type === "auth") {
    try {
      const { actor, expiresAtMs } = await verifySocketToken(platform, msg.token);
      hub.authenticate(conn, actor, expiresAtMs);
    } catch (err) {
      hub.close(conn, CLOSE_UNAUTHORIZED, err instanceof AppError ? err.code : "auth.tokenInvalid");
      if (!(err instanceof AppError)) console.error(`hub: verifying socket ${conn.id} failed:`, err);
    }
    return;
  }
  if (!conn.actor) {
    hub.close(conn, CLOSE_UNAUTHORIZED, "auth.tokenMissing");
    return;
  }
  if (msg.type === "EnterEditMode") hub.enterEditMode(conn, msg.resource, msg.id);
  else if (msg.type === "LeaveEditMode") hub.leaveEditMode(conn, msg.resource, msg.id);
  else hub.getEditMode(conn, msg.resource, msg.id);
}

/** Mounts the endpoint; a plain GET (no upgrade) is a bad request. */
export function hubRoutes(app: Hono<Env>, platform: HubServices): void {
  app.get(
    HUB_PATH,
    async (c, next) => {
      if (!socketOriginAllowed(c, platform)) {
        // Before the request context (a 101 takes no extra headers): the refusal is answered here.
        c.set("services", platform);
        const requestId = crypto.randomUUID();
        securityEventOutside(platform, {
          kind: "socket.originRefused",
          detail: `GET ${HUB_PATH} from ${c.req.header("origin")?.slice(0, 200)}`,
          ...clientInfo(c),
          requestId,
        });
        return errorResponse(c.req.raw, new AppError("auth.forbidden"), requestId);
      }
      await next();
    },
    upgradeWebSocket(() => {
      let conn: HubConnection | undefined;
      let queue = Promise.resolve();
      return {
        onOpen(_event, ws) {
          // Deno's own socket: an event to a thousand sockets is sent a thousand times, and hono's context
          // wraps each send in three more calls (bench/README.md, shards: the hub's fan-out).
          const raw = ws.raw as WebSocket | undefined;
          conn = platform.hub.connect(
            raw ?? {
              send: (data) => ws.send(data),
              close: (code, reason) => ws.close(code, reason),
            },
          );
        },
        onMessage(event) {
          const c = conn;
          if (!c) return;
          queue = queue.then(() => receive(platform, c, event.data)).catch((err) =>
            console.error(`hub: message on socket ${c.id} failed:`, err)
          );
        },
        onClose() {
          if (conn) platform.hub.disconnect(conn);
        },
      };
    }),
    () => {
      throw new AppError("request.badQuery", { params: { detail: "a WebSocket upgrade is expected" } });
    },
  );
}
