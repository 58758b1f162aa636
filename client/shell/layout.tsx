// The main layout: top bar (language, night mode, compact menu, sign out) and the menu of the sections
// this user may open, from the startup configuration.
import { type ReactNode, useEffect, useState } from "react";
import { useAtom, useAtomValue } from "jotai";
import { api } from "../api.ts";
import { signOut } from "../session.ts";
import {
  authAtom,
  compactMenuAtom,
  KEYS,
  pathAtom,
  startupAtom,
  type StartupConfig,
  writeStorage,
} from "../state.ts";
import { useT } from "../i18n/use_t.ts";
import type { MessageKey } from "../i18n/mod.ts";
import { Button, Switch } from "../ui/controls.tsx";
import { LanguageSelect, NightModeSwitch } from "./chrome.tsx";
import { Link } from "./link.tsx";
import { onNavigate } from "./navigation.ts";
import * as css from "./shell.css.ts";

type RouteKey = Extract<MessageKey, `route.${string}`>;
type MenuKey = Extract<MessageKey, `menu.${string}`>;

function useStartupConfig(): StartupConfig | null {
  const auth = useAtomValue(authAtom);
  const [startup, setStartup] = useAtom(startupAtom);
  useEffect(() => {
    if (!auth || startup) return;
    let cancelled = false;
    api<StartupConfig>("GET", "/config/getuserstartupconfig").then((config) => {
      if (cancelled) return;
      setStartup(config);
      const previous = JSON.parse(localStorage.getItem(KEYS.menu) ?? "null") as { lastLink?: string } | null;
      writeStorage(KEYS.menu, { sections: config.drawerSections, lastLink: previous?.lastLink ?? null });
    }).catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [auth, startup, setStartup]);
  return startup;
}

export function MainLayout(p: { children: ReactNode }) {
  const t = useT();
  const startup = useStartupConfig();
  const path = useAtomValue(pathAtom);
  const [compact, setCompact] = useAtom(compactMenuAtom);
  const [open, setOpen] = useState(false);
  useEffect(() => onNavigate(() => setOpen(false)), []);
  const current = "/" + path.split(/[?#]/)[0].replace(/^\/+/, "").split("/")[0];
  return (
    <div className={css.page}>
      <header className={css.topBar}>
        <Button quiet onPress={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="main-menu">
          <span className={css.menuToggle}>☰</span>
          {t.t("common.menu")}
        </Button>
        <span className={css.brand}>{startup?.clientAccount.appTitle || t.t("app.name")}</span>
        <div className={css.settings}>
          <LanguageSelect />
          <NightModeSwitch />
          <Switch
            isSelected={compact}
            onChange={(v) => {
              setCompact(v);
              writeStorage(KEYS.compactMenu, v);
            }}
          >
            {t.t("common.compactMenu")}
          </Switch>
          <Button quiet onPress={() => signOut(false)}>{t.t("common.signOut")}</Button>
        </div>
      </header>
      <div className={css.body}>
        <nav
          id="main-menu"
          aria-label={t.t("common.menu")}
          className={[css.menu, compact ? css.menuCompact : "", open ? css.menuOpen : ""].join(" ")}
        >
          {startup?.drawerSections.filter((s) => s.routes.length > 0).map((section) => (
            <div key={section.code} data-section={section.code}>
              <h2 className={css.sectionTitle}>{t.t(section.labelKey as MenuKey)}</h2>
              {section.routes.map((route) => (
                <Link
                  key={route}
                  to={`/${route}`}
                  className={css.menuLink}
                  current={current === `/${route}`}
                >
                  {t.t(`route.${route}` as RouteKey)}
                </Link>
              ))}
            </div>
          ))}
        </nav>
        <main className={css.content}>{p.children}</main>
      </div>
    </div>
  );
}

/** Remembers the last menu link opened, for the next sign-in. */
export function rememberMenuLink(path: string): void {
  const menu = JSON.parse(localStorage.getItem(KEYS.menu) ?? "null") as Record<string, unknown> | null;
  writeStorage(KEYS.menu, { ...(menu ?? {}), lastLink: path });
}
