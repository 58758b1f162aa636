// Third-party (OpenID Connect) sign-in in the browser: the button on the sign-in screen sends the browser
// to the provider's authorization endpoint, and /signin/oidc takes the code back to the server. The
// authorization request is bound to this tab (RFC 6749 §10.12, OpenID Connect Core §3.1.2.1, RFC 7636):
// `state` refuses a code someone else started, the `nonce` refuses a replayed ID token and the PKCE
// verifier a code stolen on its way back. The three wait in session storage, which ends with the tab.
import { useEffect, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { completeSignIn, rememberedPath, rememberPath } from "../session.ts";
import { hydratedAtom, type SecondFactorChallenge, type SignInAnswer } from "../state.ts";
import { useT } from "../i18n/use_t.ts";
import { Link } from "../shell/link.tsx";
import { Button, Notice } from "../ui/controls.tsx";
import { SecondFactorStep } from "../features/second_factor/step_part.tsx";
import { navigate } from "../shell/navigation.ts";
import type { ThirdPartySignIn as Config } from "../../shared/access/oidc.ts";
import * as css from "../shell/shell.css.ts";
import * as own from "./third_party_signin.css.ts";

const PENDING = "wms.oidc";

/** What the return needs from the tab that left for the provider. */
interface Pending {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The guard's remembered path, for after the sign-in. */
  remembered: string | null;
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** 32 random bytes: 43 characters, as RFC 7636 §4.1 recommends for the verifier. */
function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

async function leaveForProvider(config: Extract<Config, { enabled: true }>): Promise<void> {
  const pending: Pending = {
    state: randomToken(),
    nonce: randomToken(),
    codeVerifier: randomToken(),
    remembered: rememberedPath(),
  };
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(pending.codeVerifier));
  sessionStorage.setItem(PENDING, JSON.stringify(pending));
  const url = new URL(config.authorizationEndpoint);
  for (
    const [name, value] of Object.entries({
      response_type: "code",
      client_id: config.clientId,
      redirect_uri: config.redirectUri,
      scope: config.scope,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: base64url(new Uint8Array(digest)),
      code_challenge_method: "S256",
    })
  ) url.searchParams.set(name, value);
  globalThis.location.assign(url.href);
}

/** The button on the sign-in screen's login tab, shown only when the server offers a provider. */
export function ThirdPartySignIn() {
  const t = useT();
  const [config, setConfig] = useState<Extract<Config, { enabled: true }> | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api<Config>("GET", "/Auth/ThirdParty").then(
      (answer) => live && answer.enabled && setConfig(answer),
      () => {/* without the answer the password form is all there is */},
    );
    return () => {
      live = false;
    };
  }, []);
  if (!config) return null;
  return (
    <div className={own.thirdParty}>
      {failed ? <Notice kind="error">{t.t("apiError.auth.thirdPartyFailed")}</Notice> : null}
      <Button
        quiet
        isDisabled={busy}
        onPress={() => {
          setBusy(true);
          setFailed(false);
          // Without session storage or Web Crypto (an insecure origin) the flow cannot be bound to the tab.
          leaveForProvider(config).catch(() => {
            setBusy(false);
            setFailed(true);
          });
        }}
      >
        {t.t("thirdParty.signIn", { provider: config.providerName })}
      </Button>
    </div>
  );
}

/** Takes the pending authorization request out of session storage: it serves one return only. */
function takePending(): Pending | null {
  try {
    const raw = sessionStorage.getItem(PENDING);
    sessionStorage.removeItem(PENDING);
    return raw ? JSON.parse(raw) as Pending : null;
  } catch {
    return null;
  }
}

type Outcome =
  | { kind: "busy" }
  | { kind: "failed"; text: string }
  | { kind: "secondFactor"; challenge: SecondFactorChallenge };

/** /signin/oidc: where the provider sends the browser back with `code` and `state`, or an `error`. */
export function ThirdPartyReturn(p: { query: string }) {
  const t = useT();
  const hydrated = useAtomValue(hydratedAtom);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "busy" });
  const started = useRef(false);
  useEffect(() => {
    // The code is good for one exchange: never twice, and only in the browser.
    if (!hydrated || started.current) return;
    started.current = true;
    const params = new URLSearchParams(p.query);
    const pending = takePending();
    // A failed return leaves the remembered path for the next sign-in, whichever way it goes.
    if (pending?.remembered) rememberPath(pending.remembered);
    const fail = (text: string) => setOutcome({ kind: "failed", text });
    const state = params.get("state");
    const code = params.get("code");
    if (!pending || !state || state !== pending.state) return fail(t.t("apiError.auth.thirdPartyFailed"));
    if (params.get("error") === "access_denied") return fail(t.t("thirdParty.cancelled"));
    if (params.has("error") || !code) return fail(t.t("apiError.auth.thirdPartyFailed"));
    const query = new URLSearchParams({ nonce: pending.nonce, codeVerifier: pending.codeVerifier });
    api<SignInAnswer>("GET", `/Auth/GoogleToken/${encodeURIComponent(code)}?${query}`).then(
      // The provider vouches for the e-mail; a user with a second factor passes it here too.
      (data) =>
        "secondFactor" in data
          ? setOutcome({ kind: "secondFactor", challenge: data.secondFactor })
          : completeSignIn(data),
      (err) => fail(errorMessage(t, err)),
    );
  }, [hydrated, p.query, t]);
  return (
    <main className={css.card}>
      <h1 className={css.title}>{t.t("route.signin/oidc")}</h1>
      {outcome.kind === "busy"
        ? <p role="status">{t.t("thirdParty.signingIn")}</p>
        : outcome.kind === "secondFactor"
        ? (
          <SecondFactorStep
            challenge={outcome.challenge}
            onCancel={() => navigate("/signin", { replace: true })}
          />
        )
        : (
          <div className={own.outcome}>
            <Notice kind="error">{outcome.text}</Notice>
            <Link to="/signin">{t.t("thirdParty.backToSignIn")}</Link>
          </div>
        )}
    </main>
  );
}
