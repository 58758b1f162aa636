// Every failed call can become a toast in the user's language: the API's error codes have their own
// messages in the catalogue, a missing response has one, and anything else says it is unknown.
import { ApiError } from "./api.ts";
import type { MessageKey, Translator } from "../shared/i18n/mod.ts";
import { langAtom, pushToast, store } from "./state.ts";
import { translator } from "../shared/i18n/mod.ts";

type ApiErrorKey = Extract<MessageKey, `apiError.${string}`>;

export function errorMessage(t: Translator, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === "network") return t.t("error.network");
    // A code with variants (record.foreignKey: linked to a company, a message, an external order).
    const variant = `apiError.${err.code}.${err.params.variant}` as ApiErrorKey;
    const key = err.params.variant !== undefined && t.has(variant)
      ? variant
      : `apiError.${err.code}` as ApiErrorKey;
    if (t.has(key)) return t.t(key, { requestId: err.requestId ?? "", ...err.params });
    return err.message || t.t("error.unknown");
  }
  return t.t("error.unknown");
}

/** Shows a failure as a toast. */
export function reportError(err: unknown): void {
  pushToast("error", errorMessage(translator(store.get(langAtom)), err));
}

/** A refusal's field codes in the user's language, by field (none for any other failure). */
export function fieldErrorMessages(t: Translator, err: unknown): Record<string, string[]> {
  if (!(err instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(err.fields).map((
      [k, codes],
    ) => [k, codes.map((c) => t.t(c as Parameters<Translator["t"]>[0]))]),
  );
}
