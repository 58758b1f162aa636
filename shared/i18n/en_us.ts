// The client's catalogue in en-us: every area's texts (shared/areas.ts). Every other language has exactly
// these keys (a test compares them). `{name}` marks a parameter; keys ending in `#one`, `#few`, `#many`,
// `#other` are plural forms chosen with Intl.PluralRules.
import { textsOf } from "./texts.ts";

export const enUs = textsOf("en-us");

export type MessageKey = keyof typeof enUs;
export type Catalogue = Record<MessageKey, string>;
