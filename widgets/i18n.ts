// A widget's language: its `lang` attribute or parameter (pl, pl-PL, pl-pl all name Polish), else the
// browser's Accept-Language, else English; and its words with {placeholders} filled.
import { widgetMessages } from "./messages.ts";

export type WidgetLang = keyof typeof widgetMessages;
export type WidgetKey = keyof (typeof widgetMessages)["en-us"];

const langs = Object.keys(widgetMessages) as WidgetLang[];

/** The product's language a tag names (by its primary subtag), or undefined. */
function known(tag: string): WidgetLang | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return langs.find((l) => l.startsWith(`${primary}-`));
}

export function pickLang(asked: string | undefined, acceptLanguage: string | undefined): WidgetLang {
  const direct = asked ? known(asked) : undefined;
  if (direct) return direct;
  // Accept-Language in the order the browser gives (its weights are in that order by convention).
  for (const part of (acceptLanguage ?? "").split(",")) {
    const hit = known(part.split(";")[0]);
    if (hit) return hit;
  }
  return "en-us";
}

export function say(lang: WidgetLang, key: WidgetKey, params: Record<string, string | number> = {}): string {
  return widgetMessages[lang][key].replace(
    /\{(\w+)\}/g,
    (m, name) => (name in params ? String(params[name]) : m),
  );
}
