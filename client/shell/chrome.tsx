// Parts of the page around every screen: the unreachable-server, outdated-client and document-limit
// warnings, toasts, and the user's own settings (language, theme, scanner suffix) as they are changed and
// kept (and followed from the app's other tabs).
import { useState } from "react";
import { useAtom, useAtomValue } from "jotai";
import { Button, Select, Switch } from "../ui/controls.tsx";
import { useT } from "../i18n/use_t.ts";
import {
  isLanguage,
  type Language,
  languageNames,
  languages,
  switchLanguage,
} from "../../shared/i18n/mod.ts";
import {
  authAtom,
  KEYS,
  langAtom,
  offlineAtom,
  outdatedAtom,
  setPreferenceCookie,
  startupAtom,
  type StartupConfig,
  store,
  themeAtom,
  toastsAtom,
  writeStorage,
} from "../state.ts";
import { api } from "../api.ts";
import { loadLatestClient } from "../app_version.ts";
import { announcePreference, followOtherTabs } from "./tab_sync.ts";
import { navigate } from "./navigation.ts";
import { usageWarning } from "../screens/document_usage.tsx";
import * as css from "./shell.css.ts";

/** Server unreachable: persistent until the user cancels it or refreshes the page. */
export function OfflineBanner() {
  const t = useT();
  const [offline, setOffline] = useAtom(offlineAtom);
  if (!offline) return null;
  return (
    <div role="alert" className={css.banner} data-testid="offline-banner">
      <span className={css.bannerText}>{t.t("shell.serverUnreachable")}</span>
      <Button quiet onPress={() => setOffline(false)}>{t.t("common.cancel")}</Button>
      <Button onPress={() => location.reload()}>{t.t("common.refresh")}</Button>
    </div>
  );
}

/** The server serves a newer client: persistent and non-blocking until the user refreshes. */
export function OutdatedBanner() {
  const t = useT();
  const outdated = useAtomValue(outdatedAtom);
  const [updating, setUpdating] = useState(false);
  if (!outdated) return null;
  return (
    <div role="alert" className={css.banner} data-testid="outdated-banner">
      <span className={css.bannerText}>{t.t("error.clientOutdated")}</span>
      <Button
        isDisabled={updating}
        onPress={() => {
          setUpdating(true);
          void loadLatestClient();
        }}
      >
        {updating ? t.t("appVersion.updating") : t.t("common.refresh")}
      </Button>
    </div>
  );
}

/**
 * An administrator's warning that the month's documents are used up (from the startup configuration), on
 * every screen until they close it; the count and the budget are on my-company.
 */
export function DocumentLimitBanner() {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const [closed, setClosed] = useState(false);
  const usage = startup?.documentUsage;
  if (closed || !usage || (usage.state !== "limitReached" && usage.state !== "budgetSpent")) return null;
  return (
    <div role="alert" className={css.banner} data-testid="document-limit-banner">
      <span className={css.bannerText}>{usageWarning(t, usage)}</span>
      <Button quiet onPress={() => setClosed(true)}>{t.t("common.close")}</Button>
      <Button onPress={() => navigate("/my-company")}>{t.t("route.my-company")}</Button>
    </div>
  );
}

export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className={css.toasts} aria-live="polite">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === "error" ? "alert" : "status"}
          className={t.kind === "error" ? css.toastError : css.toast}
        >
          {t.text}
        </div>
      ))}
    </div>
  );
}

/**
 * Switches the language once its catalogue has loaded (the screen never shows a half-loaded one). A choice
 * made here is told to the app's other tabs, which follow it (`chosenHere` false) without saving it again.
 */
export async function setLanguage(lang: Language, chosenHere = true): Promise<void> {
  if (!(await switchLanguage(lang, (l) => store.set(langAtom, l)))) return;
  document.documentElement.lang = lang;
  if (!chosenHere) return;
  announcePreference({ lang });
  setPreferenceCookie("wms_lang", lang);
  // A signed-in user's choice is their default from now on, on every device.
  if (store.get(authAtom)) {
    void api("PATCH", "/config/changeuserconfig", { paramName: "defaultLanguage", paramValue: lang }, {
      cause: "setting",
    }).catch(() => {});
  }
}

export function setTheme(theme: "light" | "dark", chosenHere = true): void {
  store.set(themeAtom, theme);
  document.documentElement.dataset.theme = theme;
  if (!chosenHere) return;
  announcePreference({ theme });
  writeStorage(KEYS.darkMode, theme === "dark");
  setPreferenceCookie("wms_theme", theme);
}

export function LanguageSelect(p: { className?: string }) {
  const t = useT();
  const lang = useAtomValue(langAtom);
  return (
    <div data-language-select="" className={p.className}>
      <Select<Language>
        label={t.t("common.language")}
        value={lang}
        options={languages.map((l) => ({ id: l, label: languageNames[l] }))}
        onChange={(l) => void (isLanguage(l) && setLanguage(l))}
      />
    </div>
  );
}

/** What a user's scanner gun sends after a code (the terminal's wedge reader; "none": a pause ends it). */
export type ScannerSuffix = "Enter" | "Tab" | "none";
export const scannerSuffixes: readonly ScannerSuffix[] = ["Enter", "Tab", "none"];

export function scannerSuffixOf(startup: StartupConfig | null): ScannerSuffix {
  const value = startup?.user.settings?.scannerSuffix;
  return scannerSuffixes.find((s) => s === value) ?? "Enter";
}

/** Saves the user's scanner suffix in their settings (every device), then uses it. */
export async function setScannerSuffix(value: ScannerSuffix): Promise<void> {
  await api("PATCH", "/config/changeuserconfig", { paramName: "scannerSuffix", paramValue: value });
  store.set(
    startupAtom,
    (s) => s && { ...s, user: { ...s.user, settings: { ...s.user.settings, scannerSuffix: value } } },
  );
}

/** Night mode as one switch, for the pages without the user's menu (the title page). */
export function NightModeSwitch() {
  const t = useT();
  const theme = useAtomValue(themeAtom);
  return (
    <Switch isSelected={theme === "dark"} onChange={(on) => setTheme(on ? "dark" : "light")}>
      {t.t("common.nightMode")}
    </Switch>
  );
}

/** This tab follows the language and theme chosen in the app's other tabs. */
export function followPreferencesOfOtherTabs(): void {
  followOtherTabs((choice) => {
    if ("lang" in choice && isLanguage(choice.lang)) void setLanguage(choice.lang, false);
    else if ("theme" in choice) setTheme(choice.theme, false);
  });
}
