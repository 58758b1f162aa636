// What the terminal shows beside a step: products matching what was typed, where to take goods (FEFO)
// and where to put them away.
import { useMemo } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { useT } from "../../i18n/use_t.ts";
import { formatDay } from "../../../shared/list/format.ts";
import { ProductOption } from "../dialogs/product_option.tsx";
import type { TerminalProduct } from "./data.ts";
import type { Guide } from "./flow.ts";
import type { Suggestion } from "./use_task_sync.ts";
import * as css from "./terminal.css.ts";

/** At most this many products are offered for what was typed. */
const MATCHES = 6;

/**
 * Products whose name, index or barcode contains what the operator typed (the keyboard open), from the
 * products kept for offline use: tapped, the product is taken as if its index were scanned.
 */
export function ProductMatches(
  p: { products: readonly TerminalProduct[]; text: string; onPick: (product: TerminalProduct) => void },
) {
  const t = useT();
  const found = useMemo(() => {
    const needle = p.text.toLocaleLowerCase(t.lang);
    const out: TerminalProduct[] = [];
    for (const product of p.products) {
      if (
        product.name.toLocaleLowerCase(t.lang).includes(needle) ||
        product.index.toLocaleLowerCase(t.lang).includes(needle) ||
        product.barcodes.some((b) => b.includes(p.text))
      ) out.push(product);
      if (out.length >= MATCHES) break;
    }
    return out;
  }, [p.products, p.text, t.lang]);
  return (
    <section className={css.card} aria-label={t.t("terminal.productMatches")} data-testid="terminal-matches">
      {found.length === 0
        ? <p className={css.muted}>{t.t("terminal.noProductMatches", { text: p.text })}</p>
        : (
          <ul className={css.list}>
            {found.map((product) => (
              <li key={product.id}>
                <AriaButton
                  className={css.itemButton}
                  onPress={() => p.onPick(product)}
                >
                  <ProductOption product={product} />
                </AriaButton>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}

/** Where the current position (or a release's product) is to be taken from, FEFO, line by line. */
export function TakeGuide(
  p: {
    guide: Guide | null;
    looking: boolean;
    online: boolean;
    left: number;
    product: string;
    label: (id: number | null) => string;
  },
) {
  const t = useT();
  const { guide } = p;
  return (
    <section className={css.card} aria-label={t.t("terminal.takeFrom")} data-testid="terminal-take">
      <p className={css.sub}>{t.t("terminal.takeFrom")}</p>
      {guide === null
        ? (
          <p className={css.muted}>
            {p.looking && p.online ? t.t("terminal.takeLooking") : t.t("terminal.takeUnknown")}
          </p>
        )
        : (
          <ul className={css.list}>
            {guide.takes.map((x, n) => {
              const where = x.containerNumber
                ? `${p.label(x.locationId)} / ${x.containerNumber}`
                : p.label(x.locationId);
              const quantity = t.number(x.quantity);
              return (
                <li key={n} className={n === 0 ? css.current : css.item}>
                  <span className={css.big}>
                    {x.expiryDate
                      ? t.t("terminal.takeLot", {
                        quantity,
                        location: where,
                        date: formatDay(t, x.expiryDate),
                      })
                      : t.t("terminal.take", { quantity, location: where })}
                  </span>
                </li>
              );
            })}
            {guide.missing > 0 && (
              <li className={css.item}>
                <span className={css.problem}>
                  {guide.takes.length === 0
                    ? t.t("terminal.takeNone", { product: p.product })
                    : t.t("terminal.takeMissing", { quantity: t.number(guide.missing), product: p.product })}
                </span>
              </li>
            )}
          </ul>
        )}
    </section>
  );
}

/** Where to put a receipt's product away, as the server suggests. */
export function PutSuggestions(p: { suggestions: Suggestion[] }) {
  const t = useT();
  return (
    <section className={css.card} aria-label={t.t("terminal.suggestions")}>
      <p className={css.sub}>{t.t("terminal.suggestions")}</p>
      <ul className={css.list}>
        {p.suggestions.map((s) => (
          <li key={s.locationId} className={css.item}>
            <span className={css.big}>{s.label}</span>
            <span className={css.muted}>{t.t(`terminal.reason.${s.reason}` as never)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
