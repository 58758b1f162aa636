// The month's confirmed documents against the account's limit (GET ClientAccount/document-usage), for
// administrators: on my-company the count, the extra documents and their cost against the budget, with a
// notice from 90% of the limit on; the shell's banner (shell/chrome.tsx) says the same notice on every
// screen once the limit is reached.
import type { Translator } from "../../shared/i18n/mod.ts";
import { Notice, ReadOnlyField } from "../ui/controls.tsx";
import type { DocumentUsage } from "../state.ts";

export type { DocumentUsage };

/** The warning for the month, or null while there is nothing to warn of. */
export function usageWarning(t: Translator, u: DocumentUsage): string | null {
  const eur = (v: number) => t.money(v, "EUR");
  switch (u.state) {
    case "nearLimit":
      return t.t("usage.nearLimit", { documents: t.number(u.documents), limit: t.number(u.limit) });
    case "limitReached":
      return t.t("usage.limitReached", {
        limit: t.number(u.limit),
        price: eur(u.extraDocumentPriceEur),
        left: eur(u.budgetLeft ?? 0),
      });
    case "budgetSpent":
      return t.t("usage.budgetSpent");
    default:
      return null;
  }
}

export function DocumentUsagePanel(p: { t: Translator; usage: DocumentUsage }) {
  const { t, usage: u } = p;
  // The month by its name ("November 2026"), as the calendar's headings: a month, not a date.
  const month = new Intl.DateTimeFormat(t.lang, { month: "long", year: "numeric", timeZone: "UTC" })
    .format(new Date(`${u.month}-01T00:00:00Z`));
  const warning = usageWarning(t, u);
  const eur = (v: number) => t.money(v, "EUR");
  return (
    <section aria-label={t.t("usage.title")} data-testid="document-usage">
      {warning ? <Notice kind={u.state === "budgetSpent" ? "error" : "info"}>{warning}</Notice> : null}
      <ReadOnlyField label={t.t("usage.title")}>
        {u.limit > 0
          ? t.t("usage.count", { documents: t.number(u.documents), limit: t.number(u.limit), month })
          : t.t("usage.countUnlimited", { documents: t.number(u.documents), month })}
      </ReadOnlyField>
      {u.limit > 0
        ? (
          <ReadOnlyField label={t.t("usage.extraTitle")}>
            {t.t("usage.extra", {
              count: t.number(u.extraDocuments),
              cost: eur(u.extraCost),
              budget: eur(u.extraOperationsBudget),
              left: eur(u.budgetLeft ?? 0),
              price: eur(u.extraDocumentPriceEur),
            })}
          </ReadOnlyField>
        )
        : null}
    </section>
  );
}
