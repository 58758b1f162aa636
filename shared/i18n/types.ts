import type { MessageKey } from "./en_us.ts";

type Base<K> = K extends `${infer B}#${string}` ? B : never;
export type PluralBase = Base<MessageKey>;
export type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other";
/** A language's catalogue: every non-plural key of en-us, and each plural key in the forms it needs. */
export type LanguageCatalogue =
  & { [K in Exclude<MessageKey, `${PluralBase}#${string}`>]: string }
  & { [K in `${PluralBase}#${PluralCategory}`]?: string };
