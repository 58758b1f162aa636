// A language or theme chosen in one of the app's tabs is the person's choice in all of them (the cookie and
// the user's settings already carry it to the next page): the other tabs follow at once, whatever they show,
// an open dialog included. They only show the same values in the new language: nothing is saved by it.
import type { Language } from "../../shared/i18n/mod.ts";

export type Preference = { lang: Language } | { theme: "light" | "dark" };

const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("wms-preferences") : null;

/** Tells the app's other tabs of a choice made in this one. */
export function announcePreference(choice: Preference): void {
  channel?.postMessage(choice);
}

/** Applies the choices made in the app's other tabs. */
export function followOtherTabs(apply: (choice: Preference) => void): void {
  if (channel) channel.onmessage = (e: MessageEvent<Preference>) => apply(e.data);
}
