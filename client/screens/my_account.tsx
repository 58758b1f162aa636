// /my-account (the user's menu → Sign-in and security): the user's own second factors. Passkeys (several,
// each named, removable; made by the browser's navigator.credentials.create through @simplewebauthn/browser),
// one authenticator app (a QR code drawn by bwip-js and its key as text, counting once a first code confirms
// it) and recovery codes (shown once, when the first factor is added or new ones are made). Every change asks
// for the current password again, beside its field. A user whose company requires a factor they lack sees
// this screen alone right after the password (`setup`), until one is set up.
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Form } from "react-aria-components/Form";
import { useAtomValue } from "jotai";
import { api, ApiError, endSignIn } from "../api.ts";
import { errorMessage, fieldErrorMessages } from "../errors.ts";
import { useT } from "../i18n/use_t.ts";
import { authAtom, pushToast, store } from "../state.ts";
import { LanguageSelect } from "../shell/chrome.tsx";
import { Button, Notice, TextField } from "../ui/controls.tsx";
import { DialogFooter, ModalDialog } from "../ui/modal.tsx";
import * as shell from "../shell/shell.css.ts";
import * as ui from "../ui/ui.css.ts";
import * as dialogs from "../features/dialogs/dialogs.css.ts";
import * as css from "../features/second_factor/second_factor.css.ts";
import { PasswordDialog } from "../features/second_factor/password_dialog.tsx";

interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  synced: boolean;
}

interface Status {
  policy: "nobody" | "administrators" | "everyone";
  required: boolean;
  setupRequired: boolean;
  totp: { enabled: boolean; confirmedAt: string | null };
  passkeys: Passkey[];
  recoveryCodesLeft: number;
}

interface TotpSetup {
  secret: string;
  uri: string;
  issuer: string;
  account: string;
}

type Dialog =
  | { kind: "addPasskey" }
  | { kind: "removePasskey"; passkey: Passkey }
  | { kind: "app" }
  | { kind: "removeApp" }
  | { kind: "renewCodes" }
  | { kind: "codes"; codes: string[] };

/** The otpauth:// link as a QR code (bwip-js, its own chunk), dark on white for the phone's camera. */
function QrCode(p: { text: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    import("bwip-js/browser").then((b) => b.toSVG({ bcid: "qrcode", text: p.text })).then(
      (drawn) => !cancelled && setSvg(drawn),
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [p.text]);
  if (!svg) return null;
  // bwip-js's own SVG, made here from the server's link: no markup of anyone else's.
  return (
    <div
      role="img"
      aria-label={p.label}
      className={css.qr}
      data-testid="totp-qr"
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

/** Setting up the authenticator app: the password, then the QR code and key, then a first code. */
function AppDialog(p: { onClose: () => void; onDone: (codes: string[] | null) => void }) {
  const t = useT();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!setup) {
    return (
      <PasswordDialog
        title={t.t("mfa.app.setUp")}
        submit={t.t("mfa.next")}
        onClose={p.onClose}
        action={async (currentPassword) => {
          setSetup(await api<TotpSetup>("POST", "/Auth/SecondFactor/totp", { currentPassword }));
        }}
      />
    );
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const done = await api<{ recoveryCodes: string[] | null }>("POST", "/Auth/SecondFactor/totp/confirm", {
        code,
      });
      p.onDone(done.recoveryCodes);
    } catch (err) {
      setErrors(fieldErrorMessages(t, err));
      if (!(err instanceof ApiError && err.code === "validation.failed")) setMessage(errorMessage(t, err));
      setCode("");
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={t.t("mfa.app.setUp")} isOpen onOpenChange={(open) => !open && p.onClose()}>
      <Form
        onSubmit={confirm}
        validationBehavior="aria"
        className={dialogs.form}
        aria-label={t.t("mfa.app.setUp")}
      >
        {message ? <Notice kind="error">{message}</Notice> : null}
        <p className={css.intro}>{t.t("mfa.app.scan")}</p>
        <QrCode text={setup.uri} label={t.t("mfa.app.qr")} />
        <p className={css.muted}>{setup.issuer} · {setup.account}</p>
        <p>
          {t.t("mfa.app.key")}: <span className={css.secret} data-testid="totp-secret">{setup.secret}</span>
        </p>
        <TextField
          name="code"
          label={t.t("mfa.app.code")}
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
          isRequired
          errors={errors.code}
        />
        <DialogFooter>
          <Button quiet onPress={p.onClose}>{t.t("common.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>
            {busy ? t.t("common.loading") : t.t("mfa.step.confirm")}
          </Button>
        </DialogFooter>
      </Form>
    </ModalDialog>
  );
}

/** A new passkey: its name and the password; then the browser's own prompt. */
function AddPasskeyDialog(p: { onClose: () => void; onDone: (codes: string[] | null) => void }) {
  const t = useT();
  const [name, setName] = useState("");
  return (
    <PasswordDialog
      title={t.t("mfa.passkey.add")}
      submit={t.t("mfa.passkey.create")}
      onClose={p.onClose}
      action={async (currentPassword) => {
        // Before the browser's prompt: a passkey made for a name refused afterwards would be left over.
        if (!name.trim()) throw new ApiError(400, "validation.failed", "", { name: ["validation.required"] });
        const optionsJSON = await api<Record<string, unknown>>(
          "POST",
          "/Auth/SecondFactor/passkeys/options",
          {
            currentPassword,
          },
        );
        let response: unknown;
        try {
          const { startRegistration } = await import("@simplewebauthn/browser");
          response = await startRegistration({ optionsJSON: optionsJSON as never });
        } catch {
          throw new ApiError(0, "passkey", t.t("mfa.passkeyFailed"));
        }
        const added = await api<{ recoveryCodes: string[] | null }>("POST", "/Auth/SecondFactor/passkeys", {
          name,
          response,
        });
        p.onDone(added.recoveryCodes);
      }}
    >
      {(errors) => (
        <TextField
          name="name"
          label={t.t("mfa.passkey.name")}
          value={name}
          onChange={setName}
          description={t.t("mfa.passkey.nameHint")}
          isRequired
          errors={errors.name}
        />
      )}
    </PasswordDialog>
  );
}

/** Recovery codes, shown once. */
function CodesDialog(p: { codes: string[]; onClose: () => void }) {
  const t = useT();
  return (
    <ModalDialog title={t.t("mfa.recovery.title")} isOpen onOpenChange={(open) => !open && p.onClose()}>
      <p className={css.intro}>{t.t("mfa.recovery.explain")}</p>
      <ul className={css.codes} data-testid="recovery-codes">
        {p.codes.map((c) => <li key={c} className={css.secret}>{c}</li>)}
      </ul>
      <DialogFooter>
        <Button onPress={p.onClose}>{t.t("mfa.recovery.saved")}</Button>
      </DialogFooter>
    </ModalDialog>
  );
}

export function MyAccountScreen(p: { setup?: boolean }) {
  const t = useT();
  const auth = useAtomValue(authAtom);
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const load = useCallback(() => {
    api<Status>("GET", "/Auth/SecondFactor").then((s) => {
      setStatus(s);
      setError(null);
    }, (err) => setError(errorMessage(t, err)));
  }, [t]);
  useEffect(load, [load]);

  /** A factor was added: its recovery codes (the first factor's) shown once, then the screen read again. */
  function added(codes: string[] | null, done: string) {
    pushToast("info", done);
    setDialog(codes ? { kind: "codes", codes } : null);
    load();
  }

  const hasFactor = !!status && (status.totp.enabled || status.passkeys.length > 0);

  /** The setup is done: the application opens where the user was going. */
  function proceed() {
    const current = store.get(authAtom);
    if (current) store.set(authAtom, { ...current, secondFactorSetupRequired: false });
  }

  const body = (
    <>
      <p className={css.intro}>{t.t("mfa.intro")}</p>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {status?.required
        ? (
          <Notice kind={status.setupRequired ? "error" : "info"}>
            {t.t("mfa.required")} {status.setupRequired ? t.t("mfa.setupFirst") : null}
          </Notice>
        )
        : null}
      {p.setup && hasFactor && dialog?.kind !== "codes"
        ? (
          <div className={ui.buttonRow}>
            <Button onPress={proceed}>{t.t("mfa.continue")}</Button>
          </div>
        )
        : null}
      {status
        ? (
          <>
            <section className={css.section} aria-labelledby="mfa-passkeys" data-testid="mfa-passkeys">
              <h2 id="mfa-passkeys" className={css.heading}>{t.t("mfa.passkeys")}</h2>
              {status.passkeys.length === 0
                ? <p className={css.muted}>{t.t("mfa.passkeys.none")}</p>
                : (
                  <ul className={css.list}>
                    {status.passkeys.map((k) => (
                      <li key={k.id} className={css.item} data-testid="passkey">
                        <div className={css.grow}>
                          <div className={css.itemName}>{k.name}</div>
                          <p className={css.muted}>
                            {[
                              t.t("mfa.passkey.added", { at: t.instant(k.createdAt) }),
                              k.lastUsedAt ? t.t("mfa.passkey.used", { at: t.instant(k.lastUsedAt) }) : null,
                              k.synced ? t.t("mfa.passkey.synced") : null,
                            ].filter(Boolean).join(" · ")}
                          </p>
                        </div>
                        <Button quiet onPress={() => setDialog({ kind: "removePasskey", passkey: k })}>
                          {t.t("mfa.remove")}
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              <div className={ui.buttonRow}>
                <Button onPress={() => setDialog({ kind: "addPasskey" })}>{t.t("mfa.passkey.add")}</Button>
              </div>
            </section>
            <section className={css.section} aria-labelledby="mfa-app" data-testid="mfa-app">
              <h2 id="mfa-app" className={css.heading}>{t.t("mfa.app")}</h2>
              <p className={css.muted}>
                {status.totp.enabled && status.totp.confirmedAt
                  ? t.t("mfa.app.on", { at: t.instant(status.totp.confirmedAt) })
                  : t.t("mfa.app.off")}
              </p>
              <div className={ui.buttonRow}>
                <Button onPress={() => setDialog({ kind: "app" })}>
                  {t.t(status.totp.enabled ? "mfa.app.replace" : "mfa.app.setUp")}
                </Button>
                {status.totp.enabled
                  ? (
                    <Button quiet onPress={() => setDialog({ kind: "removeApp" })}>
                      {t.t("mfa.remove")}
                    </Button>
                  )
                  : null}
              </div>
            </section>
            <section className={css.section} aria-labelledby="mfa-recovery" data-testid="mfa-recovery">
              <h2 id="mfa-recovery" className={css.heading}>{t.t("mfa.recovery")}</h2>
              <p className={css.muted}>
                {hasFactor
                  ? t.t("mfa.recovery.left", { count: status.recoveryCodesLeft })
                  : t.t("mfa.recovery.none")}
              </p>
              {hasFactor
                ? (
                  <div className={ui.buttonRow}>
                    <Button quiet onPress={() => setDialog({ kind: "renewCodes" })}>
                      {t.t("mfa.recovery.renew")}
                    </Button>
                  </div>
                )
                : null}
            </section>
          </>
        )
        : null}
      {dialog?.kind === "addPasskey"
        ? (
          <AddPasskeyDialog
            onClose={() => setDialog(null)}
            onDone={(codes) => added(codes, t.t("mfa.passkey.done"))}
          />
        )
        : null}
      {dialog?.kind === "app"
        ? <AppDialog onClose={() => setDialog(null)} onDone={(codes) => added(codes, t.t("mfa.app.done"))} />
        : null}
      {dialog?.kind === "removePasskey"
        ? (
          <PasswordDialog
            title={t.t("mfa.passkey.removeTitle", { name: dialog.passkey.name })}
            submit={t.t("mfa.remove")}
            onClose={() => setDialog(null)}
            action={async (currentPassword) => {
              await api("DELETE", `/Auth/SecondFactor/passkeys/${dialog.passkey.id}`, { currentPassword });
              pushToast("info", t.t("mfa.removed"));
              setDialog(null);
              load();
            }}
          />
        )
        : null}
      {dialog?.kind === "removeApp"
        ? (
          <PasswordDialog
            title={t.t("mfa.app.removeTitle")}
            submit={t.t("mfa.remove")}
            onClose={() => setDialog(null)}
            action={async (currentPassword) => {
              await api("DELETE", "/Auth/SecondFactor/totp", { currentPassword });
              pushToast("info", t.t("mfa.removed"));
              setDialog(null);
              load();
            }}
          />
        )
        : null}
      {dialog?.kind === "renewCodes"
        ? (
          <PasswordDialog
            title={t.t("mfa.recovery.renew")}
            submit={t.t("mfa.recovery.renew")}
            onClose={() => setDialog(null)}
            action={async (currentPassword) => {
              const made = await api<{ recoveryCodes: string[] }>(
                "POST",
                "/Auth/SecondFactor/recovery-codes",
                {
                  currentPassword,
                },
              );
              setDialog({ kind: "codes", codes: made.recoveryCodes });
              load();
            }}
          />
        )
        : null}
      {dialog?.kind === "codes" ? <CodesDialog codes={dialog.codes} onClose={() => setDialog(null)} /> : null}
    </>
  );

  if (!p.setup) {
    return (
      <section>
        <h1 className={shell.title}>{t.t("route.my-account")}</h1>
        {body}
      </section>
    );
  }
  return (
    <>
      <header className={shell.languageCorner}>
        <LanguageSelect />
      </header>
      <main className={css.setupPage} data-testid="second-factor-setup">
        <h1 className={shell.title}>{t.t("route.my-account")}</h1>
        <p className={css.muted}>{auth?.user.visibleName || auth?.user.username}</p>
        {body}
        <div className={css.section}>
          <div className={ui.buttonRow}>
            <Button quiet onPress={endSignIn}>{t.t("common.signOut")}</Button>
          </div>
        </div>
      </main>
    </>
  );
}
