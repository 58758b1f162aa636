// /title, open to anyone: the product's title page. What it is and does, the ways in (sign in, register a
// company; the start page for someone already signed in) and the language and theme, rendered whole on the
// server like the sign-in page, so it reads before any script runs.
import { useAtomValue } from "jotai";
import { useT } from "../i18n/use_t.ts";
import { authAtom, hydratedAtom } from "../state.ts";
import { LanguageSelect, NightModeSwitch } from "../shell/chrome.tsx";
import { Link } from "../shell/link.tsx";
import * as css from "./title.css.ts";

/** What the product does, one card each. */
const features = ["stock", "orders", "terminal", "portal", "transport", "insight"] as const;

export function TitlePage() {
  const t = useT();
  const auth = useAtomValue(authAtom);
  // The session is known after hydration only (it lives in local storage): the server renders the ways in.
  const hydrated = useAtomValue(hydratedAtom);
  const signedIn = hydrated && auth !== null;
  return (
    <main className={css.page} data-testid="title-page">
      <header className={css.brand}>
        <span className={css.name}>{t.t("app.name")}</span>
        <span>{t.t("app.tagline")}</span>
      </header>
      <section aria-labelledby="title-heading">
        <h1 id="title-heading" className={css.heading}>{t.t("title.heading")}</h1>
        <p className={css.lead}>{t.t("title.lead")}</p>
      </section>
      <nav className={css.actions} aria-label={t.t("title.waysIn")}>
        {signedIn ? <Link to="/" className={css.primary}>{t.t("shell.goHome")}</Link> : (
          <>
            <Link to="/signin" className={css.primary}>{t.t("signin.submit")}</Link>
            <Link to="/signup?tab=register" className={css.secondary}>{t.t("title.register")}</Link>
          </>
        )}
      </nav>
      <ul className={css.features} aria-label={t.t("title.features")}>
        {features.map((f) => (
          <li key={f} className={css.feature}>
            <h2 className={css.featureTitle}>{t.t(`title.feature.${f}`)}</h2>
            <p className={css.note}>{t.t(`title.feature.${f}.body`)}</p>
          </li>
        ))}
      </ul>
      <div className={css.settings}>
        <LanguageSelect />
        <NightModeSwitch />
      </div>
      <p className={css.note}>{t.t("title.registrationNote")}</p>
    </main>
  );
}
