// The contract's error envelope of an AppError in the caller's language (server/http/errors.ts answers every
// failure with it; an import job's stored failure is shown with it too).
import { AppError, type DocumentIssue } from "../../kernel/errors.ts";
import {
  catalogues,
  type Language,
  type MessageKey,
  rowMessage,
  translate,
} from "../../../shared/i18n/api/mod.ts";
import { formatDate } from "../../../shared/i18n/dates.ts";

/** The message of the error's code, or of its variant where the catalogue has one (`record.foreignKey.company`). */
function messageKey(err: AppError): MessageKey {
  const variant = err.details.params?.variant;
  const key = `${err.code}.${variant}`;
  return variant !== undefined && Object.hasOwn(catalogues["en-us"], key) ? key as MessageKey : err.code;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A validator finding with its message in the caller's language (the code stays the stable part, its
 * params the machine values): a calendar day in it (an expiry date) in the language's one date format.
 */
function issueWithMessage(issue: DocumentIssue, lang: Language) {
  if (!Object.hasOwn(catalogues["en-us"], issue.code)) return issue;
  const shown = (v: unknown) =>
    typeof v === "number"
      ? v
      : typeof v === "string" && CALENDAR_DAY.test(v)
      ? formatDate(lang, v)
      : String(v);
  const params = Object.fromEntries(Object.entries(issue.params ?? {}).map(([k, v]) => [k, shown(v)]));
  return { ...issue, message: translate(lang, issue.code as MessageKey, params) };
}

export function errorBody(err: AppError, lang: Language, requestId: string) {
  const params = { requestId, ...(err.details.params ?? {}) };
  return {
    error: {
      code: err.code,
      message: translate(lang, messageKey(err), params),
      ...(err.details.fields ? { fields: err.details.fields } : {}),
      ...(err.details.issues ? { issues: err.details.issues.map((i) => issueWithMessage(i, lang)) } : {}),
      ...(err.details.rowErrors
        ? { errors: err.details.rowErrors.map((e) => ({ ...e, message: rowMessage(lang, e) })) }
        : {}),
      ...(err.details.params ? { params: err.details.params } : {}),
      requestId,
    },
  };
}
