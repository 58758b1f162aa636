// Logistics → orders (issue 14): the orders list with process-status colours and progress, the new order
// (its header, then positions scanned or typed in its dialog), order positions, counts and the counting
// page, the delay monitor, supply and its report, sell offers, and the start page's day.
import { useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { errorMessage, reportError } from "../errors.ts";
import { useResourceEvents } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import type { Translator } from "../i18n/mod.ts";
import { pushToast, startupAtom } from "../state.ts";
import { navigate } from "../shell/navigation.ts";
import { Link } from "../shell/link.tsx";
import { Button, Notice, Tabs } from "../ui/controls.tsx";
import {
  focusFirstInvalid,
  InvalidFieldsProvider,
  NumberField,
  useInvalidFields,
} from "../ui/number_field.tsx";
import { ResourceList } from "../islands/list/resource_list.tsx";
import { RecordDialog } from "../islands/dialogs/record_dialog.tsx";
import type { FieldMeta, PlainKey, Row } from "../islands/list/meta.ts";
import { canKeepDocuments } from "../islands/documents/document.ts";
import { Progress } from "../islands/documents/status.tsx";
import { CountPositions, OrderDialog, ProcessBadge } from "../islands/orders/order_dialog.tsx";
import { SellOfferDialog } from "../islands/orders/sell_offer_dialog.tsx";
import { type OrderPosition, readOrderPositions, type WmsOrder } from "../islands/orders/order.ts";
import { wmsOrderMeta } from "../../server/domain/orders/entity.ts";
import { wmsOrderPositionMeta } from "../../server/domain/orders/positions/entity.ts";
import { DateRange, ReportFrame, useDateRange, useReport } from "./stock.tsx";
import * as shell from "../shell/shell.css.ts";
import * as ui from "../ui/ui.css.ts";
import * as dcss from "../islands/documents/documents.css.ts";
import * as css from "../islands/orders/orders.css.ts";

type RouteProps = { openedDialogId?: string; additionalParams?: string };

/** The cells every order list draws: the process status as a coloured badge, progress as a bar, delay. */
function orderCell(t: Translator) {
  return (f: FieldMeta, row: Row) => {
    if (f.name === "processStatusCode") return <ProcessBadge t={t} status={String(row.processStatusCode)} />;
    if (f.name === "progressPercent") return <Progress t={t} percent={Number(row.progressPercent) || 0} />;
    if (f.name === "deadline" && row.delayDays) {
      return (
        <>
          {row.deadline ? t.instant(String(row.deadline)) : ""}{" "}
          <span className={css.late}>{t.t("orders.late", { days: t.number(Number(row.delayDays)) })}</span>
        </>
      );
    }
    return undefined;
  };
}

/** An order list at `route` over `listPath`, each row opening the order's dialog. */
function OrderList(p: RouteProps & { route: string; listPath?: string; query?: string; addPath?: string }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const canEdit = canKeepDocuments(startup);
  const [reloadKey, setReloadKey] = useState(0);
  const title = t.t(`route.${p.route}` as PlainKey);
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <ResourceList
        meta={wmsOrderMeta}
        route={p.route}
        title={title}
        listPath={p.listPath}
        query={p.query}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={canEdit}
        renderCell={orderCell(t)}
        addPath={p.addPath ?? "/warehouse-new-order"}
        reloadKey={reloadKey}
        renderDialog={(d) =>
          d.id === null ? null : (
            <OrderDialog
              key={d.id}
              id={d.id}
              canEdit={!!canEdit}
              onClose={() => {
                setReloadKey((k) => k + 1);
                navigate(`/${p.route}`);
              }}
            />
          )}
      />
    </section>
  );
}

export function OrdersScreen(p: RouteProps) {
  return <OrderList {...p} route="warehouse-orders" />;
}

/** Overdue orders against their expected delivery, each with how late it is. */
export function DelayMonitorScreen(p: RouteProps) {
  return (
    <OrderList {...p} route="warehouse-orders-delay-monitor" listPath="/WmsOrder/Move/ProgressWithDelay" />
  );
}

/** Counts: the confirmed ones with how much is counted; a row opens the count. */
export function VerifyScreen(p: RouteProps) {
  return <OrderList {...p} route="warehouse-orders-verify" listPath="/WmsOrder/Verify/Progress" />;
}

/** Sell offers, active and archived: one screen, two views. */
export function SellOffersScreen(p: RouteProps & { view: "active" | "archive" }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const [making, setMaking] = useState(false);
  const route = p.view === "active" ? "active-sell-offers" : "archive-sell-offers";
  const list = <OrderList {...p} route={route} listPath="/WmsOrder/Offers/Sell" query={`view=${p.view}`} />;
  return (
    <>
      {canKeepDocuments(startup)
        ? (
          <div className={ui.buttonRow}>
            <Button onPress={() => setMaking(true)}>{t.t("offers.new")}</Button>
          </div>
        )
        : null}
      {making
        ? (
          <SellOfferDialog
            onClose={() => setMaking(false)}
            onMade={(id) => {
              setMaking(false);
              pushToast("info", t.t("offers.made"));
              navigate(`/active-sell-offers/${id}`);
            }}
          />
        )
        : null}
      <Tabs
        label={t.t("orders.offers")}
        selected={p.view}
        onChange={(v) => navigate(v === "active" ? "/active-sell-offers" : "/archive-sell-offers")}
        tabs={[
          {
            id: "active",
            title: t.t("route.active-sell-offers"),
            content: p.view === "active" ? list : null,
          },
          {
            id: "archive",
            title: t.t("route.archive-sell-offers"),
            content: p.view === "archive" ? list : null,
          },
        ]}
      />
    </>
  );
}

export function OrderPositionsScreen(p: RouteProps) {
  const t = useT();
  const title = t.t("route.warehouse-orders-positions");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <ResourceList
        meta={wmsOrderPositionMeta}
        route="warehouse-orders-positions"
        title={title}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={false}
        onOpen={(row) => navigate(`/warehouse-orders/${row.orderId}`)}
      />
    </section>
  );
}

/** A new order: its header (type, contractor, dates, places, a count's scope); then its dialog takes positions. */
export function NewOrderScreen() {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const isAdmin = !!startup?.user.isSuperUser;
  return (
    <section>
      <h1 className={shell.title}>{t.t("route.warehouse-new-order")}</h1>
      <p>{t.t("orders.newBody")}</p>
      <RecordDialog
        meta={wmsOrderMeta}
        mode="add"
        id={null}
        isAdmin={isAdmin}
        onClose={() => navigate("/warehouse-orders")}
        onSaved={(record) => navigate(`/warehouse-orders/${record.id}`)}
      />
    </section>
  );
}

/**
 * Counting one count (/warehouse-orders-verify-positions/{id}): its positions, each with a field for what
 * was found, large enough for a phone; blind unless the configuration shows the expected figure.
 */
export function VerifyPositionsScreen(p: RouteProps) {
  const t = useT();
  const id = Number(p.openedDialogId);
  const [order, setOrder] = useState<WmsOrder | null>(null);
  const [positions, setPositions] = useState<OrderPosition[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (!Number.isSafeInteger(id) || id <= 0) return;
    let live = true;
    (async () => {
      try {
        const o = await api<WmsOrder>("GET", `/WmsOrder/${id}`);
        const list = await readOrderPositions(o);
        if (live) {
          setOrder(o);
          setPositions(list);
          setError(null);
        }
      } catch (err) {
        if (live) setError(err);
      }
    })();
    return () => {
      live = false;
    };
  }, [id, key]);
  useResourceEvents("WmsOrder", (e) => e.id === id && setKey((k) => k + 1));
  if (!Number.isSafeInteger(id) || id <= 0) return <VerifyScreen />;
  const finished = order?.verificationStatusCode?.startsWith("finished") ?? false;
  return (
    <section>
      <h1 className={shell.title}>{t.t("orders.countTitle", { number: order?.orderNumber ?? "" })}</h1>
      {error ? <Notice kind="error">{errorMessage(t, error)}</Notice> : null}
      {order
        ? (
          <>
            <p>
              {t.t(`option.verificationStatusCode.${order.verificationStatusCode}` as PlainKey)}{" "}
              <Progress t={t} percent={order.progressPercent} />
            </p>
            <CountPositions
              t={t}
              positions={positions}
              canCount={order.statusCode === "confirmed" && !finished && !order.countPreparing}
              onCounted={() => setKey((k) => k + 1)}
            />
            <Link to={`/warehouse-orders-verify/${order.id}`}>{t.t("orders.openCount")}</Link>
          </>
        )
        : error
        ? null
        : <p>{t.t("common.loading")}</p>}
    </section>
  );
}

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
export function SupplyScreen() {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const canOrder = !!canKeepDocuments(startup);
  const [key, setKey] = useState(0);
  const { rows, error } = useReport<{ results: SupplyLine[] }>(`/Supply/Products?PageSize=1000`, key);
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
      pushToast("error", errorMessage(t, err));
      reportError(err);
    } finally {
      setBusy(false);
    }
  }
  const title = t.t("route.warehouse-supply");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <InvalidFieldsProvider value={invalid}>
        <ReportFrame t={t} error={error} rows={lines} emptyKey="orders.nothingToSupply">
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

export function SupplyReportScreen() {
  const t = useT();
  const { range, setRange, valid } = useDateRange();
  const { rows, error } = useReport<{ results: SupplyReportLine[] }>(
    valid ? `/Supply/Report?dateFrom=${range.from}&dateTo=${range.to}&PageSize=1000` : null,
    0,
  );
  const title = t.t("route.warehouse-supply-reports");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
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
