// Assortment → price list (issue 17): every product with its unit price in the company's base currency (typed
// straight into the list by business managers and administrators, saved with the version check), its stock on
// hand and that stock's value, and both again in a currency chosen from the exchange rates.
import { useEffect, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useResourceEvents } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import type { Translator } from "../../shared/i18n/mod.ts";
import { navigate } from "../shell/navigation.ts";
import { startupAtom } from "../state.ts";
import { Notice, Select } from "../ui/controls.tsx";
import { NumberField } from "../ui/number_field.tsx";
import { ResourceList } from "../features/list/resource_list.tsx";
import type { FieldMeta, Row } from "../features/list/meta.ts";
import { priceListMeta } from "../../shared/resources/price_list.ts";
import * as shell from "../shell/shell.css.ts";
import * as css from "./price_list.css.ts";

/**
 * A price typed into its row: saved when the person leaves the field or presses Enter (never as they type,
 * and never by a redraw: a new language shows the same price its own way); a refusal says why and the
 * field shows the stored price again. The save carries the version the person's edit started from: another
 * person's price saved meanwhile (the row reloads under the typing) is refused (409), never overwritten.
 */
function PriceCell(
  p: { t: Translator; row: Row; currency: string; onSaved: () => void; onError: (m: string) => void },
) {
  const [attempt, setAttempt] = useState(0);
  const editFrom = useRef<number | null>(null);
  return (
    <div className={css.priceCell} data-price-of={p.row.productId as number}>
      <NumberField
        key={attempt}
        name={`price-${p.row.productId}`}
        label={p.t.t("priceList.priceOf", { product: String(p.row.productIndex) })}
        hideLabel
        value={p.row.cashValue as number | null}
        minValue={0}
        formatOptions={{ style: "currency", currency: p.currency, maximumFractionDigits: 4 }}
        onChange={() => (editFrom.current ??= p.row.version as number)}
        onCommit={(v) => {
          const version = editFrom.current ?? p.row.version;
          editFrom.current = null;
          api("PATCH", `/Product/${p.row.productId}/price`, { cashValue: v, version }).then(
            () => p.onSaved(),
            (err) => {
              setAttempt((n) => n + 1);
              p.onError(errorMessage(p.t, err));
            },
          );
        }}
      />
    </div>
  );
}

export function PriceListScreen() {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const base = (startup?.clientAccount as { baseCurrency?: string } | undefined)?.baseCurrency ?? "EUR";
  const mayEdit = !!(startup?.user.isSuperUser || startup?.user.isPowerUser);
  const [currency, setCurrency] = useState(base);
  const [currencies, setCurrencies] = useState<string[]>([]);
  const [reload, setReload] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ results: Array<{ currencySign: string }> }>(
      "GET",
      "/ExchangeRate?PageSize=1000&sortColumn=currencySign",
    )
      .then(
        (r) => setCurrencies(r.results.map((x) => x.currencySign)),
        (err) => setError(errorMessage(t, err)),
      );
  }, [t, reload]);
  useResourceEvents("ExchangeRate", () => setReload((k) => k + 1));
  useResourceEvents("Product", () => setReload((k) => k + 1));
  // Stock changes with every confirmed document.
  useResourceEvents("WmsDocument", () => setReload((k) => k + 1));
  const options = [base, ...currencies.filter((c) => c !== base)].map((c) => ({
    id: c,
    label: c === base ? t.t("priceList.baseCurrency", { currency: c }) : c,
  }));
  const money = (v: unknown, code: string) => (typeof v === "number" ? t.money(v, code) : "—");
  const renderCell = (f: FieldMeta, row: Row) => {
    if (f.name === "cashValue") {
      return mayEdit
        ? (
          <PriceCell
            t={t}
            row={row}
            currency={base}
            onSaved={() => {
              setError(null);
              setReload((k) => k + 1);
            }}
            onError={(m) => {
              setError(m);
              setReload((k) => k + 1);
            }}
          />
        )
        : money(row.cashValue, base);
    }
    if (f.name === "stockValue") return money(row.stockValue, base);
    if (f.name === "price" || f.name === "value") return money(row[f.name], String(row.currency ?? base));
    return undefined;
  };
  return (
    <section>
      <h1 className={shell.title}>{t.t("route.products-price-list")}</h1>
      <p className={css.intro}>
        {t.t(mayEdit ? "priceList.introEdit" : "priceList.intro", { currency: base })}
      </p>
      <div className={css.toolbar}>
        <Select<string>
          label={t.t("priceList.showIn")}
          value={currency}
          options={options}
          onChange={setCurrency}
        />
      </div>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <ResourceList
        meta={priceListMeta}
        route="products-price-list"
        title={t.t("route.products-price-list")}
        canEdit={false}
        reloadKey={reload}
        query={currency === base ? undefined : `currency=${currency}`}
        renderCell={renderCell}
        onOpen={(row) => navigate(`/products/${row.productId}`)}
      />
    </section>
  );
}
