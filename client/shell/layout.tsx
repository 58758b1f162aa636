// The main layout: the top bar (the menu button on a phone, the title, the connection status and the
// user's menu under their name, which holds their settings and sign-out: user_menu.tsx) and the menu of
// the sections this user may open, from the startup configuration, with the user's favorites. The
// simplified menu is one alphabetical list of the allowed screens without section headings.
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { api, ApiError } from "../api.ts";
import {
  authAtom,
  compactMenuAtom,
  type DrawerSection,
  KEYS,
  langAtom,
  pathAtom,
  pushToast,
  simplifiedMenuAtom,
  startupAtom,
  type StartupConfig,
  store,
  writeStorage,
} from "../state.ts";
import { useT } from "../i18n/use_t.ts";
import { type MessageKey, translator } from "../../shared/i18n/mod.ts";
import { reportError } from "../errors.ts";
import { Button } from "../ui/controls.tsx";
import { UserMenu } from "./user_menu.tsx";
import { onNavigate } from "./navigation.ts";
import { ConnectionStatus } from "./connection_status.tsx";
import { FavoriteEditor, FavoritesSection, HoldableLink, openFavoriteEditor } from "./favorites.tsx";
import { routeTable } from "./routes.ts";
import { preloadScreens } from "./lazy.tsx";
import * as css from "./shell.css.ts";
import * as ui from "../ui/ui.css.ts";

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
      // The sign-in screen of this device offers face sign-in while the company allows it.
      writeStorage(KEYS.faceTenant, config.clientAccount.faceSignIn ? config.tenant.slug : null);
    }).catch((err) => {
      // No response: the top warning says so already. A refused token: the user is being signed out.
      if (cancelled || (err instanceof ApiError && (err.code === "network" || err.status === 401))) return;
      pushToast("error", translator(store.get(langAtom)).t("error.configDownloadFailed"));
    });
    return () => {
      cancelled = true;
    };
  }, [auth, startup, setStartup]);
  return startup;
}

/** The simplified-menu setting: read from the user's settings, saved there with `changeuserconfig`. */
function useSimplifiedMenu(startup: StartupConfig | null): [boolean, (on: boolean) => void] {
  const [simplified, setSimplified] = useAtom(simplifiedMenuAtom);
  const setStartup = useSetAtom(startupAtom);
  useEffect(() => {
    if (startup) setSimplified(startup.user.settings?.simplifiedMenu === true);
  }, [startup?.user, setSimplified]);
  const change = (on: boolean) => {
    setSimplified(on);
    api("PATCH", "/config/changeuserconfig", { paramName: "simplifiedMenu", paramValue: on }, {
      cause: "setting",
    })
      .then(() =>
        setStartup((s) =>
          s && { ...s, user: { ...s.user, settings: { ...s.user.settings, simplifiedMenu: on } } }
        )
      )
      .catch((err) => {
        setSimplified(!on);
        reportError(err);
      });
  };
  return [simplified, change];
}

/** Screens whose feature has not arrived: marked as such in the menu, not only on the screen. */
const comingSoon = new Set(routeTable.filter((r) => r.screen === "comingSoon").map((r) => r.name));

function MenuLink(p: { route: string; current: string }) {
  const t = useT();
  const label = t.t(`route.${p.route}` as RouteKey);
  const soon = comingSoon.has(p.route);
  return (
    <HoldableLink
      to={`/${p.route}`}
      className={css.menuLink}
      current={p.current === `/${p.route}`}
      hint={t.t("favorites.holdHint")}
      onHold={() =>
        openFavoriteEditor({
          title: label,
          link: `/${p.route}`,
          parameters: {},
          colour: null,
          description: null,
        })}
    >
      {label}
      {soon
        ? (
          <span className={css.soonBadge} data-soon="" title={t.t("shell.comingSoon")}>
            <span aria-hidden="true">{t.t("menu.soon")}</span>
            <span className={ui.visuallyHidden}>{` (${t.t("shell.comingSoon")})`}</span>
          </span>
        )
        : null}
    </HoldableLink>
  );
}

function SectionsMenu(p: { sections: DrawerSection[]; current: string }) {
  const t = useT();
  return (
    <>
      {p.sections.map((section) =>
        section.code === "favorites"
          ? <FavoritesSection key={section.code} withHeading />
          : section.routes.length
          ? (
            <div key={section.code} data-section={section.code}>
              <h2 className={css.sectionTitle}>{t.t(section.labelKey as MenuKey)}</h2>
              {section.routes.map((route) => <MenuLink key={route} route={route} current={p.current} />)}
            </div>
          )
          : null
      )}
    </>
  );
}

/** Every allowed screen once (a screen may sit in two sections), in the language's alphabetical order. */
function SimplifiedMenu(p: { sections: DrawerSection[]; current: string }) {
  const t = useT();
  const routes = useMemo(() => {
    const collator = new Intl.Collator(t.lang, { sensitivity: "base", numeric: true });
    const all = new Set(p.sections.filter((s) => s.code !== "favorites").flatMap((s) => s.routes));
    return [...all].map((route) => ({ route, label: t.t(`route.${route}` as RouteKey) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [p.sections, t]);
  return (
    <>
      {p.sections.some((s) => s.code === "favorites") ? <FavoritesSection withHeading={false} /> : null}
      <div data-simplified-menu role="group" aria-label={t.t("favorites.screens")}>
        {routes.map(({ route }) => <MenuLink key={route} route={route} current={p.current} />)}
      </div>
    </>
  );
}

export function MainLayout(p: { children: ReactNode }) {
  const t = useT();
  const startup = useStartupConfig();
  const path = useAtomValue(pathAtom);
  const [compact, setCompact] = useAtom(compactMenuAtom);
  const [simplified, setSimplified] = useSimplifiedMenu(startup);
  const [open, setOpen] = useState(false);
  useEffect(() => onNavigate(() => setOpen(false)), []);
  // Signed in: the code of the screens in the user's menu loads while nobody needs the thread, so that a
  // screen opened from the menu does not wait for it.
  useEffect(() => {
    if (!startup) return;
    const routes = startup.drawerSections.flatMap((section) => section.routes);
    const kinds = routes.map((name) => routeTable.find((r) => r.name === name)?.screen);
    preloadScreens(new Set([...routes, ...kinds.filter((k): k is NonNullable<typeof k> => !!k)]));
  }, [startup]);
  const current = "/" + path.split(/[?#]/)[0].replace(/^\/+/, "").split("/")[0];
  const sections = startup?.drawerSections ?? [];
  // The active entry stays in view in the menu's own scroll area (after a click low in the menu, after a
  // reload, after the menu changed its form).
  const menu = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = menu.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active) return;
    const box = nav.getBoundingClientRect();
    const item = active.getBoundingClientRect();
    if (item.top < box.top || item.bottom > box.bottom) {
      nav.scrollTop += item.top - box.top - (box.height - item.height) / 2;
    }
  }, [current, startup, simplified, compact]);
  return (
    <div className={css.page}>
      <header className={css.topBar}>
        <Button quiet onPress={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="main-menu">
          <span className={css.menuToggle}>☰</span>
          {t.t("common.menu")}
        </Button>
        <span className={css.brand}>{startup?.clientAccount.appTitle || t.t("app.name")}</span>
        <span className={css.connection}>
          <ConnectionStatus />
        </span>
        <UserMenu
          compact={compact}
          onCompact={(on) => {
            setCompact(on);
            writeStorage(KEYS.compactMenu, on);
          }}
          simplified={simplified}
          onSimplified={setSimplified}
        />
      </header>
      <div className={css.body}>
        <nav
          ref={menu}
          id="main-menu"
          aria-label={t.t("common.menu")}
          className={[css.menu, compact ? css.menuCompact : "", open ? css.menuOpen : ""].join(" ")}
        >
          {startup
            ? simplified
              ? <SimplifiedMenu sections={sections} current={current} />
              : <SectionsMenu sections={sections} current={current} />
            : null}
        </nav>
        <main className={css.content}>{p.children}</main>
      </div>
      <FavoriteEditor />
    </div>
  );
}
