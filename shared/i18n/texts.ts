// A language's catalogue as every area of shared/areas.ts gives it, in the areas' order: what each
// language file (./en_us.ts, ...) is, so none of them lists the areas again.
import { type Area, areas } from "../areas.ts";
import type { Language } from "./languages.ts";

type Areas = (typeof areas)[keyof typeof areas];
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Every area's texts in `L`, as one object's type. */
export type TextsOf<L extends Language> = Intersection<Areas["messages"][L]>;

export function textsOf<L extends Language>(lang: L): TextsOf<L> {
  return Object.assign({}, ...Object.values(areas).map((a) => a.messages[lang])) as TextsOf<L>;
}

/** Whether the browser has `key` of `area` in a language's first script (shared/areas.ts, `first`). */
export function isFirst(area: Area, key: string): boolean {
  return area.first === true || (area.first ?? []).some((prefix) => key.startsWith(prefix));
}

/** The part of a language's texts the browser loads as one script: the first (`isFirst`), or the rest. */
export function textsOfPart(lang: Language, part: "first" | "rest"): Record<string, string> {
  const out: Record<string, string> = {};
  for (const area of Object.values(areas) as Area[]) {
    for (const [key, text] of Object.entries(area.messages[lang])) {
      if (isFirst(area, key) === (part === "first")) out[key] = text;
    }
  }
  return out;
}
