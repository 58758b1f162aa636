// Small screens: start page (with the day's figures), missing page, and the "coming in a later version" state of a screen whose
// feature arrives later.
import { lazy, Suspense } from "react";
import { useT } from "../i18n/use_t.ts";
import type { MessageKey } from "../../shared/i18n/mod.ts";
import { Link } from "../shell/link.tsx";
import { Notice } from "../ui/controls.tsx";
import * as css from "../shell/shell.css.ts";

// The day's figures load as their own chunk after the page is interactive.
const TodayTiles = lazy(() =>
  import("../features/orders/today.tsx").then((m) => ({ default: m.TodayTiles }))
);

export function Home() {
  const t = useT();
  return (
    <section>
      <h1 className={css.title}>{t.t("shell.home")}</h1>
      <p>{t.t("shell.homeBody")}</p>
      <Suspense fallback={null}>
        <TodayTiles />
      </Suspense>
    </section>
  );
}

export function NotFound() {
  const t = useT();
  return (
    <section className={css.card} data-testid="not-found">
      <h1 className={css.title}>{t.t("shell.notFound")}</h1>
      <p>{t.t("shell.notFoundBody")}</p>
      <Link to="/">{t.t("shell.goHome")}</Link>
    </section>
  );
}

export function ComingSoon(p: { route: string; openedDialogId?: string }) {
  const t = useT();
  return (
    <section data-testid="coming-soon">
      <h1 className={css.title}>{t.t(`route.${p.route}` as Extract<MessageKey, `route.${string}`>)}</h1>
      {p.openedDialogId ? <p>{t.t("shell.dialog", { id: p.openedDialogId })}</p> : null}
      <Notice>
        <strong>{t.t("shell.comingSoon")}</strong>
        <br />
        {t.t("shell.comingSoonBody")}
      </Notice>
    </section>
  );
}
