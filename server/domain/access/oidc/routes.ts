import type { Hono } from "hono";
import type { Platform } from "../../../platform.ts";
import type { Env } from "../../../http/types.ts";
import { mount } from "../../../http/route.ts";
import { clientInfo } from "../../../http/client_info.ts";
import { TokenData } from "../auth/contract.ts";
import { signInWithOidc } from "./service.ts";

export function oidcRoutes(app: Hono<Env>, platform: Platform): void {
  mount(app, platform, {
    method: "get",
    path: "/Auth/GoogleToken/:code",
    summary:
      "Sign in with an authorization code from the OpenID Connect provider (OIDC_ISSUER, Google by default); " +
      "the code must be URL-encoded, as Google's contain '/'",
    tag: "Auth",
    access: "public",
    response: TokenData,
  }, (c, { params }) => signInWithOidc(platform, params.code, clientInfo(c), c.get("requestId")));
}
