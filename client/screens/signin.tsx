// /signup (alias /signin): sign in, register a company, forgot password, activation. Every message the
// server answers is shown where it applies: field codes beside their fields, the rest above the form.
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { Form } from "react-aria-components/Form";
import { api, ApiError } from "../api.ts";
import { completeSignIn } from "../session.ts";
import type { SecondFactorChallenge, SignInAnswer } from "../state.ts";
import { useT } from "../i18n/use_t.ts";
import type { MessageKey, Translator } from "../../shared/i18n/mod.ts";
import { FaceSignIn } from "../features/faces/face_entry.tsx";
import { Button, Checkbox, Notice, Tabs, TextField, type TextFieldProps } from "../ui/controls.tsx";
import { LanguageSelect } from "../shell/chrome.tsx";
import { preloadFrame } from "../shell/frame.tsx";
import { preloadSecondFactorStep, SecondFactorStep } from "../features/second_factor/step_part.tsx";
import * as css from "../shell/shell.css.ts";
import { ThirdPartySignIn } from "./third_party_signin.tsx";

type Errors = Record<string, string[]>;

/** Field codes from the server, in the user's language. */
export function fieldMessages(t: Translator, fields: Record<string, string[]> | undefined): Errors {
  const out: Errors = {};
  for (const [field, codes] of Object.entries(fields ?? {})) {
    out[field] = codes.map((c) => t.t(c as Exclude<MessageKey, `${string}#${string}`>));
  }
  return out;
}

interface FormState {
  busy: boolean;
  message: { kind: "info" | "error"; text: string } | null;
  errors: Errors;
}

function useFormState(t: Translator) {
  const [state, setState] = useState<FormState>({ busy: false, message: null, errors: {} });
  async function run(action: () => Promise<string | null>) {
    setState({ busy: true, message: null, errors: {} });
    try {
      const info = await action();
      setState({ busy: false, message: info ? { kind: "info", text: info } : null, errors: {} });
    } catch (err) {
      // The user's input stays in the fields; only the messages change.
      const e = err instanceof ApiError ? err : null;
      const text = e?.code === "validation.failed"
        ? t.t("error.formHasErrors")
        : e?.code === "network"
        ? t.t("error.network")
        : e?.message || t.t("error.unknown");
      setState({ busy: false, message: { kind: "error", text }, errors: fieldMessages(t, e?.fields) });
    }
  }
  return { state, run };
}

/** The server's messages of the form being shown, for its fields. */
const FormErrors = createContext<Errors>({});

/** A text field showing the server's messages for its name. */
function Field(props: Omit<TextFieldProps, "errors">) {
  const errors = useContext(FormErrors);
  return <TextField {...props} errors={errors[props.name]} />;
}

function CheckField(
  props: { name: string; children: ReactNode; isSelected: boolean; onChange: (v: boolean) => void },
) {
  const errors = useContext(FormErrors);
  return <Checkbox {...props} errors={errors[props.name]} />;
}

/** A new password and its repeat (registration, reset). */
function NewPasswordFields(
  p: {
    t: Translator;
    password: string;
    repeatPassword: string;
    onPassword: (v: string) => void;
    onRepeat: (v: string) => void;
  },
) {
  return (
    <>
      <Field
        name="password"
        type="password"
        label={p.t.t("signin.password")}
        value={p.password}
        onChange={p.onPassword}
        autoComplete="new-password"
        isRequired
      />
      <Field
        name="repeatPassword"
        type="password"
        label={p.t.t("signin.repeatPassword")}
        value={p.repeatPassword}
        onChange={p.onRepeat}
        autoComplete="new-password"
        isRequired
      />
    </>
  );
}

function FormShell(
  p: {
    onSubmit: () => Promise<string | null>;
    t: Translator;
    submit: string;
    children: ReactNode;
    label: string;
  },
) {
  const { state, run } = useFormState(p.t);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // What comes after signing in (the frame, the rest of the texts) loads while the person types.
    const start = () => {
      for (const load of [preloadFrame, preloadSecondFactorStep]) {
        void load().catch(() => {/* the part says so when it is opened */});
      }
    };
    const el = form.current;
    el?.addEventListener("focusin", start, { once: true });
    return () => el?.removeEventListener("focusin", start);
  }, []);
  return (
    <Form
      aria-label={p.label}
      validationErrors={state.errors}
      ref={form}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void run(p.onSubmit);
      }}
    >
      {state.message ? <Notice kind={state.message.kind}>{state.message.text}</Notice> : null}
      <FormErrors.Provider value={state.errors}>{p.children}</FormErrors.Provider>
      <Button type="submit" isDisabled={state.busy}>{state.busy ? p.t.t("common.loading") : p.submit}</Button>
    </Form>
  );
}

/** The password; a user with a second factor goes on to its step (`onChallenge`) with no token yet. */
function LoginForm({ t, onChallenge }: { t: Translator; onChallenge: (c: SecondFactorChallenge) => void }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  return (
    <FormShell
      t={t}
      label={t.t("signin.tab.login")}
      submit={t.t("signin.submit")}
      onSubmit={async () => {
        const data = await api<SignInAnswer>("POST", "/Auth", { username, password });
        if ("secondFactor" in data) onChallenge(data.secondFactor);
        else completeSignIn(data);
        return null;
      }}
    >
      <Field
        name="username"
        label={t.t("signin.username")}
        value={username}
        onChange={setUsername}
        autoComplete="username"
        isRequired
      />
      <Field
        name="password"
        type="password"
        label={t.t("signin.password")}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        isRequired
      />
    </FormShell>
  );
}

function RegisterForm({ t }: { t: Translator }) {
  const [v, setV] = useState({
    companyName: "",
    taxId: "",
    username: "",
    email: "",
    password: "",
    repeatPassword: "",
  });
  const [acceptTerms, setAcceptTerms] = useState(false);
  const set = (k: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [k]: value }));
  return (
    <FormShell
      t={t}
      label={t.t("signin.tab.register")}
      submit={t.t("signin.register")}
      onSubmit={async () => {
        await api("POST", "/Register", { ...v, acceptTerms, language: t.lang });
        return t.t("signin.registered");
      }}
    >
      <Field
        name="companyName"
        label={t.t("signin.companyName")}
        value={v.companyName}
        onChange={set("companyName")}
        isRequired
      />
      <Field
        name="taxId"
        label={t.t("signin.taxId")}
        value={v.taxId}
        onChange={set("taxId")}
        isRequired
      />
      <Field
        name="username"
        label={t.t("signin.username")}
        value={v.username}
        onChange={set("username")}
        autoComplete="username"
        isRequired
      />
      <Field
        name="email"
        type="email"
        label={t.t("signin.email")}
        value={v.email}
        onChange={set("email")}
        autoComplete="email"
        isRequired
      />
      <NewPasswordFields
        t={t}
        password={v.password}
        repeatPassword={v.repeatPassword}
        onPassword={set("password")}
        onRepeat={set("repeatPassword")}
      />
      <CheckField name="acceptTerms" isSelected={acceptTerms} onChange={setAcceptTerms}>
        {t.t("signin.acceptTerms")}
      </CheckField>
    </FormShell>
  );
}

function ResetForm({ t, initialCode }: { t: Translator; initialCode: string }) {
  const [email, setEmail] = useState("");
  const [code, setCode] = useState(initialCode);
  const [password, setPassword] = useState("");
  const [repeatPassword, setRepeat] = useState("");
  return (
    <>
      <FormShell
        t={t}
        label={t.t("signin.sendReset")}
        submit={t.t("signin.sendReset")}
        onSubmit={async () => {
          await api("GET", `/Register/send-reset/${encodeURIComponent(email)}`);
          return t.t("signin.resetSent");
        }}
      >
        <Field
          name="email"
          type="email"
          label={t.t("signin.email")}
          value={email}
          onChange={setEmail}
          autoComplete="email"
          isRequired
        />
      </FormShell>
      <FormShell
        t={t}
        label={t.t("signin.setPassword")}
        submit={t.t("signin.setPassword")}
        onSubmit={async () => {
          await api("POST", "/Register/make-reset", { code, password, repeatPassword });
          return t.t("signin.resetDone");
        }}
      >
        <Field name="code" label={t.t("signin.resetCode")} value={code} onChange={setCode} isRequired />
        <NewPasswordFields
          t={t}
          password={password}
          repeatPassword={repeatPassword}
          onPassword={setPassword}
          onRepeat={setRepeat}
        />
      </FormShell>
    </>
  );
}

function ActivationForm({ t, initialCode }: { t: Translator; initialCode: string }) {
  const [code, setCode] = useState(initialCode);
  return (
    <FormShell
      t={t}
      label={t.t("signin.tab.activation")}
      submit={t.t("signin.activate")}
      onSubmit={async () => {
        await api("GET", `/Register/activate/${encodeURIComponent(code.trim())}`);
        return t.t("signin.activated");
      }}
    >
      <Field
        name="code"
        label={t.t("signin.activationCode")}
        value={code}
        onChange={setCode}
        isRequired
      />
    </FormShell>
  );
}

export function SignIn(p: { initialTab: "login" | "register" | "reset" | "activation"; code?: string }) {
  const t = useT();
  const [tab, setTab] = useState<string>(p.initialTab);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  // The language sits in the page's corner, where a visitor who cannot read this one looks for it, apart
  // from the form and its buttons.
  return (
    <>
      <header className={css.languageCorner}>
        <LanguageSelect />
      </header>
      <main className={css.card}>
        <h1 className={css.title}>{t.t("signin.title")}</h1>
        <Tabs
          label={t.t("signin.title")}
          selected={tab}
          onChange={setTab}
          tabs={[
            {
              id: "login",
              title: t.t("signin.tab.login"),
              content: challenge
                ? <SecondFactorStep challenge={challenge} onCancel={() => setChallenge(null)} />
                : (
                  <>
                    <LoginForm t={t} onChallenge={setChallenge} />
                    <ThirdPartySignIn />
                    <FaceSignIn />
                  </>
                ),
            },
            { id: "register", title: t.t("signin.tab.register"), content: <RegisterForm t={t} /> },
            {
              id: "reset",
              title: t.t("signin.tab.reset"),
              content: <ResetForm t={t} initialCode={p.code ?? ""} />,
            },
            {
              id: "activation",
              title: t.t("signin.tab.activation"),
              content: <ActivationForm t={t} initialCode={p.code ?? ""} />,
            },
          ]}
        />
      </main>
    </>
  );
}
