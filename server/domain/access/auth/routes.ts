import type { Hono } from "hono";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { mount } from "../../../engine/http/route.ts";
import { bearerToken } from "../../../engine/http/bearer.ts";
import { clientInfo } from "../../../engine/http/client_info.ts";
import { ownScriptOnly } from "../../../engine/http/fetch_metadata.ts";
import { refresh, signIn } from "./service.ts";
import { SignIn, TokenData } from "./contract.ts";
import { SignInAnswer } from "../mfa/contract.ts";

export function authRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "post",
    path: "/Auth",
    summary: "Sign in with username and password: token data, or a user with a second factor its step",
    tag: "Auth",
    access: "public",
    body: SignIn,
    response: SignInAnswer,
  }, (c, { body }) => signIn(platform, body, clientInfo(c)));

  // A refresh hands out new tokens: only to the application's own script (engine/http/fetch_metadata.ts).
  app.get("/Auth", ownScriptOnly());
  mount(app, platform, {
    method: "get",
    path: "/Auth",
    summary: "Exchange the refresh token (as bearer) for new token data; the refresh token rotates",
    tag: "Auth",
    access: "public",
    response: TokenData,
  }, (c) => refresh(platform, bearerToken(c.req.header("authorization")), clientInfo(c)));

  mount(app, platform, {
    method: "delete",
    path: "/Auth",
    summary: "Sign out: ends this sign-in and its refresh tokens",
    tag: "Auth",
    access: "user",
    secondFactorSetup: true,
    status: 204,
  }, async (c) => {
    await platform.sessions.revokeSession(c.get("ctx").actor.sessionId, "signedOut");
  });
}
