// The sign-in's second step (after the password, or after the identity provider): the user's passkey
// (navigator.credentials.get through @simplewebauthn/browser, loaded only when pressed), a code from the
// authenticator app, or a recovery code. A wrong code is said above the field and the field emptied; a
// step that expired (5 minutes, or used) sends the user back to the password.
import { type FormEvent, useState } from "react";
import { Form } from "react-aria-components/Form";
import { api, ApiError } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import { completeSignIn } from "../../session.ts";
import type { SecondFactorChallenge, TokenData } from "../../state.ts";
import { Button, Notice, TextField } from "../../ui/controls.tsx";
import * as ui from "../../ui/ui.css.ts";
import * as css from "./second_factor.css.ts";

export function SecondFactorStep(p: { challenge: SecondFactorChallenge; onCancel: () => void }) {
  const t = useT();
  const { methods, ticket, passkeyOptions } = p.challenge;
  const [mode, setMode] = useState<"totp" | "recovery">(methods.includes("totp") ? "totp" : "recovery");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  async function pass(body: Record<string, unknown>) {
    setBusy(true);
    setError(null);
    try {
      completeSignIn(await api<TokenData>("POST", "/Auth/SecondFactor", { ticket, ...body }));
    } catch (err) {
      setBusy(false);
      setCode("");
      setExpired(err instanceof ApiError && err.code === "auth.secondFactorExpired");
      setError(errorMessage(t, err));
    }
  }

  async function withPasskey() {
    setError(null);
    let response: unknown;
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      response = await startAuthentication({ optionsJSON: passkeyOptions as never });
    } catch {
      setError(t.t("mfa.passkeyFailed"));
      return;
    }
    await pass({ method: "passkey", response });
  }

  const other = mode === "totp" ? "recovery" : "totp";
  return (
    <section className={css.step} aria-labelledby="second-factor-title" data-testid="second-factor-step">
      <h2 id="second-factor-title" className={css.heading}>{t.t("mfa.step.title")}</h2>
      <p className={css.intro}>{t.t("mfa.step.intro")}</p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {expired ? <Button onPress={p.onCancel}>{t.t("mfa.step.back")}</Button> : (
        <>
          {methods.includes("passkey") && passkeyOptions
            ? (
              <Button isDisabled={busy} onPress={() => void withPasskey()}>
                {t.t("mfa.step.passkey")}
              </Button>
            )
            : null}
          {methods.includes("totp") || methods.includes("recovery")
            ? (
              <Form
                aria-label={t.t(mode === "totp" ? "mfa.step.code" : "mfa.step.recoveryCode")}
                onSubmit={(e: FormEvent) => {
                  e.preventDefault();
                  void pass({ method: mode, code });
                }}
              >
                <TextField
                  key={mode}
                  name="code"
                  label={t.t(mode === "totp" ? "mfa.step.code" : "mfa.step.recoveryCode")}
                  value={code}
                  onChange={setCode}
                  autoComplete={mode === "totp" ? "one-time-code" : "off"}
                  isRequired
                />
                <div className={ui.buttonRow}>
                  <Button type="submit" isDisabled={busy}>
                    {busy ? t.t("common.loading") : t.t("mfa.step.confirm")}
                  </Button>
                  {methods.includes(other)
                    ? (
                      <Button
                        quiet
                        onPress={() => {
                          setMode(other);
                          setCode("");
                          setError(null);
                        }}
                      >
                        {t.t(other === "recovery" ? "mfa.step.useRecovery" : "mfa.step.useApp")}
                      </Button>
                    )
                    : null}
                </div>
              </Form>
            )
            : null}
          <Button quiet onPress={p.onCancel}>{t.t("mfa.step.back")}</Button>
        </>
      )}
    </section>
  );
}
