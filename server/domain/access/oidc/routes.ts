import type { Hono } from "hono";
import type { Services } from "../../../kernel/services.ts";
import type { Env } from "../../../engine/http/types.ts";
import { mount } from "../../../engine/http/route.ts";
import { clientInfo } from "../../../engine/http/client_info.ts";
import { SignInAnswer } from "../mfa/contract.ts";
import { ownScriptOnly } from "../../../engine/http/fetch_metadata.ts";
import { OidcExchangeQuery, ThirdPartySignIn } from "../../../../shared/access/oidc.ts";
import { signInWithOidc, thirdPartySignIn } from "./service.ts";

export function oidcRoutes(app: Hono<Env>, platform: Services): void {
  mount(app, platform, {
    method: "get",
    path: "/Auth/ThirdParty",
    summary: "Whether third-party sign-in is offered, and the provider's authorization endpoint and client " +
      "for the browser's authorization request",
    tag: "Auth",
    access: "public",
    response: ThirdPartySignIn,
  }, (c) => thirdPartySignIn(platform, clientInfo(c), c.get("requestId")));

  app.get("/Auth/GoogleToken/:code", ownScriptOnly());
  mount(
    app,
    platform,
    {
      method: "get",
      path: "/Auth/GoogleToken/:code",
      summary:
        "Sign in with an authorization code from the OpenID Connect provider (OIDC_ISSUER, Google by default); " +
        "the code must be URL-encoded, as Google's contain '/'. The browser also sends the PKCE codeVerifier " +
        "and the nonce of its authorization request",
      tag: "Auth",
      access: "public",
      query: OidcExchangeQuery,
      response: SignInAnswer,
    },
    (c, { params, query }) => signInWithOidc(platform, params.code, clientInfo(c), c.get("requestId"), query),
  );
}
