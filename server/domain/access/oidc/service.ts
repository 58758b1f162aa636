// Sign-in through an OpenID Connect provider (Google by default): the browser brings back an
// authorization code, this server exchanges it at the provider's token endpoint as a confidential client,
// verifies the ID token against the provider's published keys and signs in the user bound to the token's
// subject (issuer and `sub`, which the provider never gives to anyone else); the first time, the one user
// whose e-mail the provider vouches for, who is then bound to that subject (ASVS 10.5.2). ID tokens come
// only from the token endpoint, never from the caller. The browser flow binds the code to the tab that started it with a nonce and a
// PKCE verifier (RFC 7636), which it sends along. Every failure looks the same from outside (auth.thirdPartyFailed); the reason goes
// to SystemLog for the operator.
import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";
import type { Services } from "../../../kernel/services.ts";
import type { OidcExchangeQuery, ThirdPartySignIn } from "../../../../shared/access/oidc.ts";
import { AppError } from "../../../kernel/errors.ts";
import { type Egress, egressOf, isRefusal } from "../../../kernel/egress/egress.ts";
import type { GlobalLogin, Tenant } from "../../../tenancy/registry.ts";
import { writeSystemLog } from "../../logs/system_log/service.ts";
import { afterFirstFactor, type ClientInfo, type SignInAnswer } from "../auth/service.ts";

const FETCH_TIMEOUT_MS = 10_000;
const MAX_CODE_LENGTH = 4096;

const ProviderMetadata = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});
type ProviderMetadata = z.infer<typeof ProviderMetadata>;

const TokenResponse = z.object({ id_token: z.string().min(1) });
const TokenErrorResponse = z.object({ error: z.string(), error_description: z.string().optional() });

interface Provider {
  metadata: ProviderMetadata;
  keys: ReturnType<typeof createRemoteJWKSet>;
}

// Discovery and key sets per issuer for the life of the process: a sign-in then costs one call to the
// token endpoint. The key set refetches by itself when the provider rotates its keys. Every call goes
// through the egress policy (kernel/egress): a provider on the host's own network needs EGRESS_ALLOW.
const providersOf = new WeakMap<Egress, Map<string, Promise<Provider>>>();

/** Any failure before the session starts: the caller sees auth.thirdPartyFailed, SystemLog the `reason`. */
class ThirdPartyFailure extends Error {
  constructor(readonly reason: string, options?: { cause?: unknown }) {
    super(reason, options);
  }
}

function discoverProvider(egress: Egress, issuer: string): Promise<Provider> {
  let providers = providersOf.get(egress);
  if (!providers) providersOf.set(egress, providers = new Map());
  let found = providers.get(issuer);
  if (!found) {
    found = fetchProvider(egress, issuer);
    providers.set(issuer, found);
    // A provider that was down must be asked again next time, not remembered as down.
    found.catch(() => providers!.delete(issuer));
  }
  return found;
}

async function fetchProvider(egress: Egress, issuer: string): Promise<Provider> {
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let raw: unknown;
  try {
    const res = await egress.fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new ThirdPartyFailure(`discovery at ${url} answered HTTP ${res.status}`);
    }
    raw = await res.json();
  } catch (err) {
    if (err instanceof ThirdPartyFailure) throw err;
    throw new ThirdPartyFailure(`discovery at ${url} failed: ${describe(err)}`, { cause: err });
  }
  const parsed = ProviderMetadata.safeParse(raw);
  if (!parsed.success) throw new ThirdPartyFailure(`discovery at ${url} answered malformed metadata`);
  // OpenID Connect Discovery 1.0 §4.3: a document naming another issuer must not be used.
  if (parsed.data.issuer !== issuer) {
    throw new ThirdPartyFailure(`discovery at ${url} names issuer ${parsed.data.issuer}, expected ${issuer}`);
  }
  return {
    metadata: parsed.data,
    keys: createRemoteJWKSet(new URL(parsed.data.jwks_uri), {
      timeoutDuration: FETCH_TIMEOUT_MS,
      [customFetch]: (url, options) => egress.fetch(url, options),
    }),
  };
}

interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** Trades the code for the provider's ID token, authenticating as the method the metadata allows. */
async function exchangeCode(
  egress: Egress,
  metadata: ProviderMetadata,
  client: ClientCredentials,
  code: string,
  codeVerifier: string | undefined,
) {
  // RFC 8414 §2: a provider that lists no methods supports client_secret_basic.
  const methods = metadata.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: client.redirectUri,
  });
  if (codeVerifier) form.set("code_verifier", codeVerifier);
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/x-www-form-urlencoded",
  };
  if (methods.includes("client_secret_basic")) {
    // RFC 6749 §2.3.1: both parts are form-encoded before they are joined and base64-encoded.
    const user = encodeURIComponent(client.clientId);
    const secret = encodeURIComponent(client.clientSecret);
    headers.authorization = `Basic ${btoa(`${user}:${secret}`)}`;
  } else if (methods.includes("client_secret_post")) {
    form.set("client_id", client.clientId);
    form.set("client_secret", client.clientSecret);
  } else {
    throw new ThirdPartyFailure(
      `the token endpoint supports neither client_secret_basic nor client_secret_post`,
    );
  }
  let res: Response;
  let raw: unknown;
  try {
    res = await egress.fetch(metadata.token_endpoint, {
      method: "POST",
      headers,
      body: form,
      redirect: "error",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    raw = await res.json().catch(() => undefined);
  } catch (err) {
    throw new ThirdPartyFailure(`the token endpoint could not be reached: ${describe(err)}`, { cause: err });
  }
  if (!res.ok) {
    const problem = TokenErrorResponse.safeParse(raw);
    const detail = problem.success
      ? `${problem.data.error}${problem.data.error_description ? ` (${problem.data.error_description})` : ""}`
      : "no OAuth error";
    throw new ThirdPartyFailure(`the token endpoint answered HTTP ${res.status}: ${detail}`);
  }
  const parsed = TokenResponse.safeParse(raw);
  if (!parsed.success) throw new ThirdPartyFailure("the token endpoint answered no id_token");
  return parsed.data.id_token;
}

/** Verifies the ID token; answers its subject and the e-mail it names, if any. */
async function verifiedIdentity(
  provider: Provider,
  clientId: string,
  idToken: string,
  nonce: string | undefined,
): Promise<{ subject: string; email: unknown; emailVerified: unknown }> {
  const { metadata } = provider;
  // Only asymmetric algorithms can be checked against the published key set; "none" never.
  const algorithms = (metadata.id_token_signing_alg_values_supported ?? ["RS256"])
    .filter((alg) => alg !== "none" && !alg.startsWith("HS"));
  // Google documents that its ID tokens may name the issuer without the scheme.
  const issuers = metadata.issuer === "https://accounts.google.com"
    ? [metadata.issuer, "accounts.google.com"]
    : [metadata.issuer];
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(idToken, provider.keys, {
      issuer: issuers,
      audience: clientId,
      algorithms: algorithms.length > 0 ? algorithms : ["RS256"],
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (err) {
    const why = err instanceof joseErrors.JOSEError ? `${err.code}: ${err.message}` : describe(err);
    throw new ThirdPartyFailure(`the ID token failed verification: ${why}`, { cause: err });
  }
  // OpenID Connect Core §3.1.3.7: with several audiences the token must say it was issued to us.
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== clientId) {
    throw new ThirdPartyFailure("the ID token has several audiences and another authorized party");
  }
  // OpenID Connect Core §3.1.3.7 (11): a token minted for another authorization request is replayed.
  if (nonce !== undefined && claims.nonce !== nonce) {
    throw new ThirdPartyFailure(
      claims.nonce === undefined
        ? "the ID token carries no nonce"
        : "the ID token's nonce is not the browser's",
    );
  }
  if (typeof claims.sub !== "string" || claims.sub === "") {
    throw new ThirdPartyFailure("the ID token has no subject");
  }
  return { subject: claims.sub, email: claims.email, emailVerified: claims.email_verified };
}

/** The e-mail an identity vouches for: present, and verified by the provider. */
function verifiedEmail(identity: { email: unknown; emailVerified: unknown }): string {
  if (typeof identity.email !== "string" || identity.email.trim() === "") {
    throw new ThirdPartyFailure("the ID token carries no e-mail (was the email scope requested?)");
  }
  // An unverified address proves nothing about who holds it.
  if (identity.emailVerified !== true) {
    throw new ThirdPartyFailure(`the provider has not verified the e-mail ${identity.email}`);
  }
  return identity.email;
}

/**
 * The user bound to the provider's subject; the first time, the one user with the verified e-mail, then
 * bound to it. A user already bound to another subject of this provider (the address now belongs to
 * another person there) is refused.
 */
async function findUserOfIdentity(
  platform: Pick<Services, "registry">,
  issuer: string,
  identity: { subject: string; email: unknown; emailVerified: unknown },
): Promise<{ login: GlobalLogin; tenant: Tenant }> {
  const bound = await platform.registry.identityOwner(issuer, identity.subject);
  if (bound) {
    const login = await platform.registry.loginOf(bound.tenantId, bound.userId);
    const tenant = login ? await platform.registry.byId(bound.tenantId) : undefined;
    if (login && tenant) return { login, tenant };
    // The user is gone: the subject is free again.
    await platform.registry.unbindIdentity(issuer, identity.subject);
  }
  const found = await findLogin(platform, verifiedEmail(identity));
  const other = await platform.registry.identityOf(found.tenant.id, found.login.userId, issuer);
  if (other !== undefined && other !== identity.subject) {
    throw new ThirdPartyFailure(
      `the user with the e-mail ${String(identity.email)} signs in as another subject of the provider`,
    );
  }
  if (other === undefined) {
    await platform.registry.bindIdentity(issuer, identity.subject, found.tenant.id, found.login.userId);
  }
  return found;
}

/** The one login with this e-mail in a tenant that is not suspended, or a reason there is none. */
async function findLogin(
  platform: Pick<Services, "registry">,
  email: string,
): Promise<{ login: GlobalLogin; tenant: Tenant }> {
  const candidates: Array<{ login: GlobalLogin; tenant: Tenant }> = [];
  for (const login of await platform.registry.loginsByEmail(email)) {
    const tenant = await platform.registry.byId(login.tenantId);
    if (tenant && tenant.status !== "suspended") candidates.push({ login, tenant });
  }
  if (candidates.length === 0) throw new ThirdPartyFailure(`no user has the e-mail ${email}`);
  // Picking one of several accounts would sign the person into a tenant they did not choose.
  if (candidates.length > 1) {
    throw new ThirdPartyFailure(`${candidates.length} users in different tenants have the e-mail ${email}`);
  }
  return candidates[0];
}

/** An error's message with its causes' ("fetch failed: invalid peer certificate: UnknownIssuer"). */
function describe(err: unknown): string {
  if (isRefusal(err)) return `egress.refused (${(err.details.cause as Error).message})`;
  if (!(err instanceof Error)) return String(err);
  return err.cause === undefined ? err.message : `${err.message}: ${describe(err.cause)}`;
}

/** Counts an attempt from the address (shared with password sign-in, auth/attempts.ts); 429 past the limit. */
async function countIpAttempt(
  platform: Pick<Services, "attempts" | "config">,
  key: string | undefined,
): Promise<void> {
  if (!key) return;
  const a = await platform.attempts.take(key);
  if (a.count > platform.config.loginLimitPerIp) {
    const wait = Math.max(1, Math.ceil((a.resetAt - Date.now()) / 1000));
    throw new AppError("auth.tooManyAttempts", {
      params: { minutes: Math.max(1, Math.ceil(wait / 60)) },
      headers: { "Retry-After": String(wait) },
    });
  }
}

async function logFailure(
  platform: Pick<Services, "config" | "control">,
  failure: ThirdPartyFailure,
  source: string,
  httpCode: number,
  requestId: string | undefined,
  client: ClientInfo,
): Promise<void> {
  await writeSystemLog(platform, undefined, {
    level: "warning",
    message: `Third-party sign-in via ${platform.config.oidcIssuer} failed: ${failure.reason}`,
    source,
    httpCode,
    requestId,
    properties: { code: "auth.thirdPartyFailed", ip: client.ip, userAgent: client.userAgent },
  });
}

/**
 * How the sign-in page sends the browser to the provider: off without a configured client, and off (with
 * the reason in SystemLog) while the provider's discovery fails, so the page still offers passwords.
 */
export async function thirdPartySignIn(
  platform: Pick<Services, "config" | "control">,
  client: ClientInfo,
  requestId?: string,
): Promise<ThirdPartySignIn> {
  const { oidcIssuer, oidcClientId, oidcClientSecret, oidcRedirectUri, oidcProviderName } = platform.config;
  if (!oidcClientId || !oidcClientSecret) return { enabled: false };
  let provider: Provider;
  try {
    provider = await discoverProvider(egressOf(platform.config), oidcIssuer);
  } catch (err) {
    if (!(err instanceof ThirdPartyFailure)) throw err;
    await logFailure(platform, err, "GET /api/Auth/ThirdParty", 200, requestId, client);
    return { enabled: false };
  }
  return {
    enabled: true,
    providerName: oidcProviderName,
    authorizationEndpoint: provider.metadata.authorization_endpoint,
    clientId: oidcClientId,
    redirectUri: oidcRedirectUri,
    scope: "openid email",
  };
}

/**
 * Signs in the user the identity provider vouches for with the authorization `code`; `browser` holds the
 * PKCE verifier and the nonce of the authorization request when the browser made them.
 */
export async function signInWithOidc(
  platform: Pick<
    Services,
    "attempts" | "config" | "control" | "keys" | "placement" | "registry" | "sessions"
  >,
  code: string,
  client: ClientInfo,
  requestId?: string,
  browser: OidcExchangeQuery = {},
): Promise<SignInAnswer> {
  const { oidcIssuer, oidcClientId, oidcClientSecret, oidcRedirectUri } = platform.config;
  // Not set up is the service's state, not a failure: a clear 404 for anyone who calls, nothing logged.
  if (!oidcClientId || !oidcClientSecret) throw new AppError("auth.thirdPartyNotConfigured");
  // The same per-address budget as password sign-in: failed codes and failed passwords add up.
  const ipKey = client.ip ? `ip:${client.ip}` : undefined;
  await countIpAttempt(platform, ipKey);
  let found: { login: GlobalLogin; tenant: Tenant };
  try {
    if (code.length === 0 || code.length > MAX_CODE_LENGTH) {
      throw new ThirdPartyFailure(`the code has ${code.length} characters`);
    }
    const egress = egressOf(platform.config);
    const provider = await discoverProvider(egress, oidcIssuer);
    const idToken = await exchangeCode(
      egress,
      provider.metadata,
      {
        clientId: oidcClientId,
        clientSecret: oidcClientSecret,
        redirectUri: oidcRedirectUri,
      },
      code,
      browser.codeVerifier,
    );
    const identity = await verifiedIdentity(provider, oidcClientId, idToken, browser.nonce);
    found = await findUserOfIdentity(platform, provider.metadata.issuer, identity);
  } catch (err) {
    if (!(err instanceof ThirdPartyFailure)) throw err;
    await logFailure(platform, err, "GET /api/Auth/GoogleToken/{code}", 401, requestId, client);
    throw new AppError("auth.thirdPartyFailed", { cause: err });
  }
  // A good code is no guess: the attempt is given back.
  if (ipKey) await platform.attempts.giveBack(ipKey);
  // The provider vouches for the e-mail, not for our second factor: a user who has one passes it here too.
  return afterFirstFactor(platform, found.tenant, found.login.userId, client, "oidc");
}
