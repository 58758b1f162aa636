// Warehouse operations → supply and its report: the products under their warning or critical stock with
// what to order (receipt orders per supplier in one step), and what was ordered, received and released
// over a range. Either narrows to one product when its address names it (/warehouse-supply/12).
import { useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { reportError } from "../errors.ts";
import { useT } from "../i18n/use_t.ts";
import { pushToast, startupAtom } from "../state.ts";
import { Button } from "../ui/controls.tsx";
import {
  focusFirstInvalid,
  InvalidFieldsProvider,
  NumberField,
  useInvalidFields,
} from "../ui/number_field.tsx";
import { canKeepDocuments } from "../features/documents/document.ts";
import type { WmsOrder } from "../features/orders/order.ts";
import { DateRange, ReportFrame, useDateRange, useReport } from "./stock.tsx";
import type { RouteProps } from "./orders.tsx";
import { RouteProductNotice, useRouteProduct } from "./route_product.tsx";
import * as shell from "../shell/shell.css.ts";
import * as dcss from "../features/documents/documents.css.ts";
import * as css from "../features/orders/orders.css.ts";

interface SupplyLine {
  productId: number;
  productIndex: string;
  productName: string;
  unit: string | null;
  level: "critical" | "warning";
  warningStock: number | null;
  criticalStock: number | null;
  onHand: number;
  reserved: number;
  inbound: number;
  suggestedQuantity: number;
  supplierId: number | null;
  supplierName: string | null;
}

/** Supply: products under their warning or critical stock, what to order, receipt orders per supplier in one step. */
export function SupplyScreen(p: RouteProps) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const canOrder = !!canKeepDocuments(startup);
  const [key, setKey] = useState(0);
  const product = useRouteProduct(p.openedDialogId, p.additionalParams);
  const { rows, error } = useReport<{ results: SupplyLine[] }>(
    product.loading
      ? null
      : `/Supply/Products?PageSize=1000${product.id === undefined ? "" : `&productId=${product.id}`}`,
    key,
  );
  const lines = rows?.results ?? null;
  /** The products ticked, with the quantity to order (null while its field holds no number). */
  const [chosen, setChosen] = useState<Map<number, number | null>>(new Map());
  const invalid = useInvalidFields();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!lines) return;
    setChosen(
      new Map(
        lines.filter((l) => l.suggestedQuantity > 0).map((l) => [l.productId, l.suggestedQuantity]),
      ),
    );
  }, [lines]);
  async function order() {
    if (!lines || focusFirstInvalid(invalid)) return;
    const items = lines.filter((l) => chosen.has(l.productId)).map((l) => ({
      productId: l.productId,
      quantity: chosen.get(l.productId) ?? 0,
      supplierId: l.supplierId,
    })).filter((i) => i.quantity > 0);
    if (!items.length) return;
    setBusy(true);
    try {
      const made = await api<WmsOrder[]>("POST", "/Supply/GenerateOrders", { items });
      pushToast("info", t.t("orders.supplyOrdered", { count: t.number(made.length) }));
      setKey((k) => k + 1);
    } catch (err) {
      reportError(err);
    } finally {
      setBusy(false);
    }
  }
  const title = t.t("route.warehouse-supply");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <RouteProductNotice product={product} route="warehouse-supply" />
      <InvalidFieldsProvider value={invalid}>
        <ReportFrame
          t={t}
          error={error}
          rows={lines}
          emptyKey={product.id === undefined ? "orders.nothingToSupply" : "orders.productNotShort"}
        >
          {(list) => (
            <>
              <div className={dcss.tableScroll}>
                <table className={dcss.table} aria-label={title} data-testid="supply">
                  <thead>
                    <tr>
                      <th scope="col">{t.t("orders.order")}</th>
                      <th scope="col">{t.t("field.wmsOrderPosition.productId")}</th>
                      <th scope="col">{t.t("orders.level")}</th>
                      <th scope="col" className="number">{t.t("orders.onHand")}</th>
                      <th scope="col" className="number">{t.t("orders.reserved")}</th>
                      <th scope="col" className="number">{t.t("orders.inbound")}</th>
                      <th scope="col" className="number">{t.t("orders.toOrder")}</th>
                      <th scope="col">{t.t("orders.supplier")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((l) => (
                      <tr key={l.productId} data-product-id={l.productId}>
                        <td>
                          <input
                            type="checkbox"
                            aria-label={t.t("orders.orderProduct", { product: l.productIndex })}
                            checked={chosen.has(l.productId)}
                            onChange={(e) => {
                              const next = new Map(chosen);
                              if (e.target.checked) next.set(l.productId, l.suggestedQuantity || 1);
                              else next.delete(l.productId);
                              setChosen(next);
                            }}
                          />
                        </td>
                        <td>{l.productIndex} · {l.productName}</td>
                        <td>
                          <span className={l.level === "critical" ? css.late : undefined}>
                            {t.t(l.level === "critical" ? "orders.critical" : "orders.warning")}
                          </span>
                        </td>
                        <td className="number">{t.number(l.onHand)}</td>
                        <td className="number">{t.number(l.reserved)}</td>
                        <td className="number">{t.number(l.inbound)}</td>
                        <td className="number">
                          {chosen.has(l.productId)
                            ? (
                              <div className={css.countField}>
                                <NumberField
                                  name={`supply-${l.productId}`}
                                  label={t.t("orders.quantityOf", { product: l.productIndex })}
                                  hideLabel
                                  value={chosen.get(l.productId) ?? null}
                                  isRequired
                                  minValue={0.001}
                                  formatOptions={{ maximumFractionDigits: 3 }}
                                  onChange={(v) => setChosen((m) => new Map(m).set(l.productId, v))}
                                />
                              </div>
                            )
                            : null}
                        </td>
                        <td>{l.supplierName ?? t.t("orders.noSupplier")}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {canOrder
                ? (
                  <div className={dcss.actions}>
                    <Button isDisabled={busy || chosen.size === 0} onPress={() => void order()}>
                      {t.t("orders.makeReceiptOrders")}
                    </Button>
                  </div>
                )
                : null}
            </>
          )}
        </ReportFrame>
      </InvalidFieldsProvider>
    </section>
  );
}

interface SupplyReportLine {
  productId: number;
  productIndex: string;
  productName: string;
  ordered: number;
  received: number;
  released: number;
  onHand: number;
}

/** The supply report over a range, per product; one product's line when the address names it. */
export function SupplyReportScreen(p: RouteProps) {
  const t = useT();
  const { range, setRange, valid } = useDateRange();
  const product = useRouteProduct(p.openedDialogId, p.additionalParams);
  const one = product.id === undefined ? "" : `&productId=${product.id}`;
  const { rows, error } = useReport<{ results: SupplyReportLine[] }>(
    valid && !product.loading
      ? `/Supply/Report?dateFrom=${range.from}&dateTo=${range.to}&PageSize=1000${one}`
      : null,
    0,
  );
  const title = t.t("route.warehouse-supply-reports");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <RouteProductNotice product={product} route="warehouse-supply-reports" />
      <DateRange t={t} range={range} onChange={setRange} />
      <ReportFrame t={t} error={error} rows={rows?.results ?? null} emptyKey="orders.nothingInRange">
        {(list) => (
          <div className={dcss.tableScroll}>
            <table className={dcss.table} aria-label={title} data-testid="supply-report">
              <thead>
                <tr>
                  <th scope="col">{t.t("field.wmsOrderPosition.productId")}</th>
                  <th scope="col" className="number">{t.t("orders.ordered")}</th>
                  <th scope="col" className="number">{t.t("orders.received")}</th>
                  <th scope="col" className="number">{t.t("orders.released")}</th>
                  <th scope="col" className="number">{t.t("orders.onHand")}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((l) => (
                  <tr key={l.productId}>
                    <td>{l.productIndex} · {l.productName}</td>
                    <td className="number">{t.number(l.ordered)}</td>
                    <td className="number">{t.number(l.received)}</td>
                    <td className="number">{t.number(l.released)}</td>
                    <td className="number">{t.number(l.onHand)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ReportFrame>
    </section>
  );
}
