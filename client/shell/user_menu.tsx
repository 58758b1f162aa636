// The user's menu, opened from their name at the end of the top bar: the interface language, the theme,
// the menu's form (compact, simplified), what their scanner gun sends after a code, and signing out. One
// react-aria menu (ui/menu.tsx SectionMenu): keyboard and screen reader as a menu of radio and check
// items; each choice is kept where it was kept before (language: cookie and the user's settings; theme
// and compact menu: this device; simplified menu and scanner suffix: the user's settings). Under the name:
// the user's own sign-in and security (/my-account: passkeys, authenticator app, recovery codes).
import { lazy, Suspense, useState } from "react";
import { useAtomValue } from "jotai";
import { endSignIn } from "../api.ts";
import { isLanguage, languageNames, languages } from "../../shared/i18n/mod.ts";
import { useT } from "../i18n/use_t.ts";
import { authAtom, langAtom, startupAtom, themeAtom } from "../state.ts";
import { reportError } from "../errors.ts";
import { type MenuGroup, SectionMenu } from "../ui/menu.tsx";
import * as ui from "../ui/ui.css.ts";
import { scannerSuffixes, scannerSuffixOf, setLanguage, setScannerSuffix, setTheme } from "./chrome.tsx";
import { navigate } from "./navigation.ts";
import * as css from "./shell.css.ts";

/** The first letters of the first two words of a name, for the badge a phone shows instead of the name. */
export function initialsOf(name: string): string {
  return name.trim().split(/\s+/).slice(0, 2).map((w) => [...w][0] ?? "").join("").toLocaleUpperCase();
}

// The list of one's sign-ins: its code loads when it is first opened.
const SessionsDialog = lazy(() =>
  import("../features/sessions/sessions_dialog.tsx").then((m) => ({ default: m.SessionsDialog }))
);

export function UserMenu(p: {
  compact: boolean;
  onCompact: (on: boolean) => void;
  simplified: boolean;
  onSimplified: (on: boolean) => void;
}) {
  const t = useT();
  const lang = useAtomValue(langAtom);
  const theme = useAtomValue(themeAtom);
  const startup = useAtomValue(startupAtom);
  const auth = useAtomValue(authAtom);
  const [sessions, setSessions] = useState(false);
  // The name is known from the sign-in before the startup configuration arrives (or if it cannot).
  const user = startup?.user ?? auth?.user;
  const name = user?.visibleName || user?.username || "";
  // Only a user with the terminal's screens has a scanner gun to set up.
  const scanner = !!startup?.drawerSections.some((s) => s.code === "terminal" && s.routes.length);
  const groups: MenuGroup[] = [
    {
      id: "language",
      title: t.t("common.language"),
      selection: "single",
      selected: [lang],
      items: languages.map((l) => ({ id: l, label: languageNames[l], lang: l })),
      onChange: (keys) => {
        const [l] = keys;
        if (l && isLanguage(l) && l !== lang) void setLanguage(l);
      },
    },
    {
      id: "theme",
      title: t.t("userMenu.theme"),
      selection: "single",
      selected: [theme],
      items: [
        { id: "light", label: t.t("userMenu.theme.light") },
        { id: "dark", label: t.t("userMenu.theme.dark") },
      ],
      onChange: (keys) => setTheme(keys.has("dark") ? "dark" : "light"),
    },
    {
      id: "menu",
      title: t.t("common.menu"),
      selection: "multiple",
      selected: [...(p.compact ? ["compact"] : []), ...(p.simplified ? ["simplified"] : [])],
      items: [
        { id: "compact", label: t.t("common.compactMenu") },
        { id: "simplified", label: t.t("common.simplifiedMenu") },
      ],
      onChange: (keys) => {
        if (keys.has("compact") !== p.compact) p.onCompact(keys.has("compact"));
        if (keys.has("simplified") !== p.simplified) p.onSimplified(keys.has("simplified"));
      },
    },
    ...(scanner
      ? [{
        id: "scanner",
        title: t.t("terminal.suffix"),
        selection: "single" as const,
        selected: [scannerSuffixOf(startup)],
        items: scannerSuffixes.map((v) => ({ id: v, label: t.t(`terminal.suffix.${v}`) })),
        onChange: (keys: Set<string>) => {
          const value = scannerSuffixes.find((v) => keys.has(v));
          if (value && value !== scannerSuffixOf(startup)) setScannerSuffix(value).catch(reportError);
        },
      }]
      : []),
    {
      id: "account",
      title: name,
      selection: "none",
      items: [
        { id: "security", label: t.t("route.my-account") },
        { id: "sessions", label: t.t("sessions.menu") },
        { id: "signOut", label: t.t("common.signOut") },
      ],
      onAction: (key) =>
        key === "security" ? navigate("/my-account") : key === "sessions" ? setSessions(true) : endSignIn(),
    },
  ];
  return (
    <>
      <SectionMenu
        marker="user"
        className={css.userButton}
        label={t.t("common.settings")}
        groups={groups}
        trigger={
          <>
            <span className={css.avatar} aria-hidden="true">{initialsOf(name) || "⚙"}</span>
            <span className={css.userName}>{name}</span>
            {/* Named by what it shows (the user's name), then what it opens: no label over it. */}
            <span className={ui.visuallyHidden}>{t.t("common.settings")}</span>
            <span aria-hidden="true">▾</span>
          </>
        }
      />
      {sessions
        ? (
          <Suspense fallback={null}>
            <SessionsDialog onClose={() => setSessions(false)} />
          </Suspense>
        )
        : null}
    </>
  );
}
