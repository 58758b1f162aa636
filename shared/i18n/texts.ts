// A language's catalogue as every area of shared/areas.ts gives it, in the areas' order: what each
// language file (./en_us.ts, ...) is, so none of them lists the areas again.
import { areas } from "../areas.ts";
import type { Language } from "./languages.ts";

type Areas = (typeof areas)[keyof typeof areas];
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Every area's texts in `L`, as one object's type. */
export type TextsOf<L extends Language> = Intersection<Areas["messages"][L]>;

export function textsOf<L extends Language>(lang: L): TextsOf<L> {
  return Object.assign({}, ...Object.values(areas).map((a) => a.messages[lang])) as TextsOf<L>;
}
