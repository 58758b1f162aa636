import { z } from "zod";

/** What the sign-in page needs to send the browser to the identity provider, or that it cannot. */
export const ThirdPartySignIn = z.discriminatedUnion("enabled", [
  z.object({ enabled: z.literal(false) }),
  z.object({
    enabled: z.literal(true),
    providerName: z.string(),
    authorizationEndpoint: z.url(),
    clientId: z.string(),
    redirectUri: z.string(),
    scope: z.string(),
  }),
]);
export type ThirdPartySignIn = z.infer<typeof ThirdPartySignIn>;

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** What the browser made before it left for the provider; API clients that only send the code omit both. */
export const OidcExchangeQuery = z.object({
  nonce: z.string().min(1).max(512).optional(),
  codeVerifier: z.string().regex(CODE_VERIFIER).optional(),
});
export type OidcExchangeQuery = z.infer<typeof OidcExchangeQuery>;
