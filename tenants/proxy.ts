// The tenant proxy: one address in front of several server instances that share a control database, each
// serving the tenants the tenant directory gives it (tenants.instance; docs/internals.md, "Past one
// machine"). It routes every call to the instance of its tenant, told by what the call carries:
// - an access token: its tenant claim (read, not verified: the instance verifies it);
// - a refresh token (`GET /api/Auth`): its session's tenant; a sign-in (`POST /api/Auth`): the username's
//   global login; an activation or reset code: the code's tenant; a reset mail: the e-mail's first login;
//   a sign-in's second factor (`POST /api/Auth/SecondFactor`): its ticket's tenant;
// - a hub socket: the token of its first message, after which the two sockets are joined;
// - a print agent's socket (/printAgent): the tenant its first message's key names, joined the same way.
// A call that names no tenant goes to the first instance. The directory and the instances' addresses are
// read from the control database and remembered for DIRECTORY_CACHE_MS, so a moved tenant is followed
// within that; an instance answering 503 with `X-Tenant-Instance` naming another instance (the tenant moved
// just now) gets the call retried there once. `deno task proxy` runs it (PROXY_PORT, CONTROL_DB_URL).
import { decodeJwt } from "jose";
import type { Connection } from "../server/db/connection.ts";
import { sha256 } from "../server/kernel/crypto.ts";
import { codeHash } from "../server/domain/access/registration/codes.ts";
import { bearerToken } from "../server/engine/http/bearer.ts";
import { errorResponse } from "../server/http/errors.ts";
import { AppError } from "../server/kernel/errors.ts";
import { PRINT_AGENT_PATH, tenantIdOfAgentKey } from "../server/print_agent/protocol.ts";
import { SERVED_METHODS } from "../server/engine/http/openapi.ts";

const DIRECTORY_CACHE_MS = 2_000;
/** Bodies the proxy reads to route a call (a sign-in, a reset) are small; larger ones are not read. */
const ROUTING_BODY_MAX = 65_536;

export class TenantProxy {
  #instances = new Map<string, string>();
  #instancesAt = 0;
  readonly #tenants = new Map<number, { instance: string; at: number }>();

  constructor(readonly control: Connection) {}

  async #urlOf(instance: string | undefined): Promise<string> {
    if (Date.now() - this.#instancesAt > DIRECTORY_CACHE_MS) {
      const rows = await this.control.query("SELECT name, url FROM instances ORDER BY name");
      this.#instances = new Map(rows.map((r) => [String(r.name), String(r.url)]));
      this.#instancesAt = Date.now();
    }
    const url = (instance && this.#instances.get(instance)) ?? this.#instances.values().next().value;
    if (!url) throw new Error("no server instance has registered in the control database");
    return url;
  }

  async #instanceOfTenant(tenantId: number): Promise<string | undefined> {
    const hit = this.#tenants.get(tenantId);
    if (hit && Date.now() - hit.at < DIRECTORY_CACHE_MS) return hit.instance;
    const [row] = await this.control.query("SELECT instance FROM tenants WHERE id = ?", [tenantId]);
    if (!row) return undefined;
    this.#tenants.set(tenantId, { instance: String(row.instance), at: Date.now() });
    return String(row.instance);
  }

  async #tenantOfRow(sql: string, params: unknown[]): Promise<number | undefined> {
    const [row] = await this.control.query(sql, params);
    return row ? Number(row.tenant_id) : undefined;
  }

  /** The tenant a call is for, by what it carries; `body` is its text when the proxy had to read it. */
  async #tenantOf(req: Request, path: string, body: string | undefined): Promise<number | undefined> {
    const token = bearerToken(req.headers.get("authorization") ?? undefined);
    if (token) {
      try {
        const tid = Number(decodeJwt(token).tid);
        if (Number.isSafeInteger(tid)) return tid;
      } catch { /* not a JWT: a refresh token */ }
      return await this.#tenantOfRow(
        "SELECT s.tenant_id FROM refresh_tokens r JOIN auth_sessions s ON s.id = r.session_id WHERE r.token_hash = ?",
        [sha256(token)],
      );
    }
    const lower = path.toLowerCase();
    const activation = /^\/api\/register\/activate\/([^/]+)$/.exec(lower) && path.split("/").at(-1);
    if (activation) {
      return await this.#tenantOfRow("SELECT tenant_id FROM auth_codes WHERE code_hash = ?", [
        codeHash(decoded(activation)),
      ]);
    }
    const email = /^\/api\/register\/send-reset\/([^/]+)$/.exec(lower) &&
      decoded(path.split("/").at(-1)!);
    if (email) {
      return await this.#tenantOfRow("SELECT tenant_id FROM global_logins WHERE email = ? LIMIT 1", [
        email.trim().toLowerCase(),
      ]);
    }
    if (body === undefined) return undefined;
    try {
      const parsed = JSON.parse(body) as { username?: unknown; code?: unknown; ticket?: unknown };
      if (lower === "/api/auth" && typeof parsed.username === "string") {
        return await this.#tenantOfRow("SELECT tenant_id FROM global_logins WHERE username = ?", [
          parsed.username.trim().toLowerCase(),
        ]);
      }
      if (lower === "/api/auth/secondfactor" && typeof parsed.ticket === "string") {
        return await this.#tenantOfRow("SELECT tenant_id FROM second_factor_steps WHERE key_hash = ?", [
          sha256(parsed.ticket),
        ]);
      }
      if (lower === "/api/register/make-reset" && typeof parsed.code === "string") {
        return await this.#tenantOfRow("SELECT tenant_id FROM auth_codes WHERE code_hash = ?", [
          codeHash(parsed.code),
        ]);
      }
    } catch { /* not JSON: the instance answers it */ }
    return undefined;
  }

  /** Answers a call through the instance of its tenant. */
  fetch = async (req: Request, remoteAddr: Deno.NetAddr): Promise<Response> => {
    const url = new URL(req.url);
    // A method no instance serves (TRACE, CONNECT, WebDAV's, any other) is refused here: fetch could not
    // pass TRACE or CONNECT on, and no instance answers the others but with the same 405.
    if (!SERVED_METHODS.has(req.method)) return errorResponse(req, new AppError("method.notAllowed"));
    const path = url.pathname.toLowerCase();
    if (
      (path === "/datahub" || path === PRINT_AGENT_PATH.toLowerCase()) &&
      req.headers.get("upgrade")?.toLowerCase() === "websocket"
    ) {
      return this.#socket(req, path === "/datahub" ? "/dataHub" : PRINT_AGENT_PATH, remoteAddr);
    }
    const routesByBody = req.method === "POST" &&
      ["/api/auth", "/api/auth/secondfactor", "/api/register/make-reset"].includes(
        url.pathname.toLowerCase(),
      );
    const length = Number(req.headers.get("content-length") ?? NaN);
    const body = routesByBody && length <= ROUTING_BODY_MAX ? await req.text() : undefined;
    const tenantId = await this.#tenantOf(req, url.pathname, body);
    let instance = tenantId === undefined ? undefined : await this.#instanceOfTenant(tenantId);
    const headers = new Headers(req.headers);
    headers.delete("host");
    const forwarded = headers.get("x-forwarded-for");
    headers.set("x-forwarded-for", forwarded ? `${forwarded}, ${remoteAddr.hostname}` : remoteAddr.hostname);
    // A body already read can be sent again; a streamed one only once.
    const replayable = body !== undefined || req.body === null;
    for (let attempt = 0;; attempt++) {
      const target = await this.#urlOf(instance);
      let res: Response;
      try {
        res = await fetch(target + url.pathname + url.search, {
          method: req.method,
          headers,
          body: body ?? req.body,
          redirect: "manual",
        });
      } catch {
        return unreachable(req); // the instance is down: the call was not run there
      }
      const named = res.headers.get("x-tenant-instance");
      if (res.status === 503 && named && named !== instance && attempt === 0 && replayable) {
        // The tenant moved since the directory was read: once more, where the instance says it is.
        await res.body?.cancel();
        if (tenantId !== undefined) this.#tenants.delete(tenantId);
        instance = named;
        continue;
      }
      if (!res.headers.has("content-encoding")) return res;
      // fetch has decoded the body already: passed on as it is, without the encoding it no longer has.
      const decoded = new Headers(res.headers);
      decoded.delete("content-encoding");
      decoded.delete("content-length");
      return new Response(res.body, { status: res.status, statusText: res.statusText, headers: decoded });
    }
  };

  /**
   * A hub socket or a print agent's: joined to the instance of the tenant its first message names (a hub
   * socket's access token, an agent's key).
   */
  #socket(req: Request, path: string, remoteAddr: Deno.NetAddr): Response {
    // The instance judges the browser's page by its Origin (server/engine/http/origin.ts): the handshake it gets
    // from here carries the caller's, or any site's page would pass as a client that is no browser.
    const headers: Record<string, string> = {};
    for (const name of ["origin", "user-agent", "accept-language"]) {
      const value = req.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const forwarded = req.headers.get("x-forwarded-for");
    headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${remoteAddr.hostname}` : remoteAddr.hostname;
    // Read before the upgrade: the request is spent by it.
    const { socket, response } = Deno.upgradeWebSocket(req);
    let upstream: WebSocket | undefined;
    const pending: string[] = [];
    socket.onmessage = async (e) => {
      if (upstream) {
        if (upstream.readyState === WebSocket.OPEN) upstream.send(e.data);
        else pending.push(e.data);
        return;
      }
      pending.push(e.data);
      let tenantId: number | undefined;
      try {
        const first = JSON.parse(String(e.data)) as { token?: string; key?: string };
        tenantId = typeof first.key === "string"
          ? tenantIdOfAgentKey(first.key) ?? undefined
          : Number(decodeJwt(first.token ?? "").tid);
      } catch { /* the instance closes a socket without a valid token */ }
      const instance = Number.isSafeInteger(tenantId) ? await this.#instanceOfTenant(tenantId!) : undefined;
      const target = (await this.#urlOf(instance)).replace(/^http/, "ws") + path;
      // Deno's WebSocket takes the handshake's headers (not in the browser's API).
      const up = upstream = new WebSocket(target, { headers } as unknown as string[]);
      up.onopen = () => {
        for (const m of pending.splice(0)) up.send(m);
      };
      up.onmessage = (m) => socket.readyState === WebSocket.OPEN && socket.send(m.data);
      up.onclose = (c) => socket.readyState === WebSocket.OPEN && socket.close(c.code, c.reason);
      up.onerror = () => socket.readyState === WebSocket.OPEN && socket.close(1011, "upstream");
    };
    socket.onclose = () => upstream?.close();
    return response;
  }
}

/** A path segment as Hono hands it to the route (decoded), or as sent when it does not decode. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** 503 server.unavailable in the caller's language: the tenant's instance cannot be reached now. */
function unreachable(req: Request): Response {
  return errorResponse(req, new AppError("server.unavailable", { headers: { "Retry-After": "5" } }));
}
