// Logistics → total stock and detailed inventory, Statistics → product and group movements: the
// WmsInventory reports. Total stock and the inventory are generic lists of the reports' rows; a product's
// row opens the inventory filtered to it (/warehouse-product-inventory/product/<id>). Confirmed and
// reverted documents change stock, so their real-time events re-read the screens.
import { DateField } from "../ui/date_field.tsx";
import { type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useResourceEvents } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import type { Translator } from "../../shared/i18n/mod.ts";
import { navigate } from "../shell/navigation.ts";
import { Notice, Select, Switch } from "../ui/controls.tsx";
import { ResourceList } from "../features/list/resource_list.tsx";
import { type FieldMeta, formatDay, isCalendarDay, type PlainKey, type Row } from "../features/list/meta.ts";
import type { ColumnFilter } from "../features/list/filters.ts";
import {
  inventoryMeta,
  productMovementsMeta,
  productStockAllMeta,
  productStockMeta,
} from "../../shared/resources/inventory.ts";
import * as shell from "../shell/shell.css.ts";
import * as css from "../features/stock/stock.css.ts";
import * as tcss from "../ui/table.css.ts";
import type { ChartProps, ChartSeries } from "../features/charts/chart.tsx";
import { ChunkBoundary, lazyScreen } from "../shell/lazy.tsx";
import { RouteProductNotice, useRouteProduct } from "./route_product.tsx";

const INVENTORY = "warehouse-product-inventory";

/** A new value whenever a warehouse document changes (and with it, perhaps, the stock). */
function useStockChanges(): number {
  const [key, setKey] = useState(0);
  useResourceEvents("WmsDocument", () => setKey((k) => k + 1));
  return key;
}

/** The product's stock level as a badge with its word (nothing when above both levels). */
export function StockLevel(p: { t: Translator; row: Row }) {
  const level = p.row.belowCritical ? "critical" : p.row.belowWarning ? "warning" : null;
  if (!level) return null;
  return (
    <span className={css.level[level]} data-level={level}>
      {p.t.t(level === "critical" ? "stock.level.critical" : "stock.level.warning")}
    </span>
  );
}

type LevelChoice = "all" | "belowWarning" | "belowCritical";

/** The endpoint's own parameters of the total stock: products without stock, and the level asked. */
export function productStockQuery(includeZero: boolean, level: LevelChoice): string | undefined {
  const params = [
    ...(includeZero ? ["includeZero=true"] : []),
    ...(level === "all" ? [] : [`${level}=true`]),
  ];
  return params.length ? params.join("&") : undefined;
}

/**
 * Total stock per product; an address naming a product (/warehouse-product-stock/12, or .../product/12)
 * narrows it to that product, with the filter naming it.
 */
export function ProductStockScreen(p: { openedDialogId?: string; additionalParams?: string }) {
  const t = useT();
  const [includeZero, setIncludeZero] = useState(false);
  const [level, setLevel] = useState<LevelChoice>("all");
  const reloadKey = useStockChanges();
  const product = useRouteProduct(p.openedDialogId, p.additionalParams);
  const title = t.t("route.warehouse-product-stock");
  const cell = (f: FieldMeta, row: Row) =>
    f.name === "stockLevel" ? <StockLevel t={t} row={row} /> : undefined;
  const initial: ColumnFilter[] = product.id === undefined ? [] : [{
    field: "productId",
    operator: "eq",
    value: product.id,
    display: t.t("stock.productFilter", { name: product.name ?? "" }),
  }];
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <RouteProductNotice product={product} route="warehouse-product-stock" />
      <div className={css.bar} data-testid="stock-options">
        <Select
          label={t.t("stock.level")}
          value={level}
          options={[
            { id: "all", label: t.t("stock.level.all") },
            { id: "belowWarning", label: t.t("stock.level.belowWarning") },
            { id: "belowCritical", label: t.t("stock.level.belowCritical") },
          ]}
          onChange={setLevel}
        />
        <Switch isSelected={includeZero} onChange={setIncludeZero}>{t.t("stock.includeZero")}</Switch>
      </div>
      {product.loading ? null : (
        <ResourceList
          // Without stock the list pages over the products, which sort by other fields: it starts anew.
          key={`${includeZero ? "all" : "stock"}-${product.id ?? ""}`}
          meta={includeZero ? productStockAllMeta : productStockMeta}
          route="warehouse-product-stock"
          title={title}
          canEdit={false}
          query={productStockQuery(includeZero, level)}
          initialFilters={initial}
          reloadKey={reloadKey}
          renderCell={cell}
          onOpen={(row) => navigate(`/${INVENTORY}/product/${row.productId}`)}
        />
      )}
    </section>
  );
}

/** The product of the route (`/warehouse-product-inventory/product/12`), or undefined. */
export function routeProduct(openedDialogId?: string, additionalParams?: string): number | undefined {
  if (openedDialogId !== "product") return undefined;
  const id = Number(additionalParams);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export function InventoryScreen(p: { openedDialogId?: string; additionalParams?: string }) {
  const t = useT();
  const reloadKey = useStockChanges();
  const productId = routeProduct(p.openedDialogId, p.additionalParams);
  const [productName, setProductName] = useState<string | null>(null);
  useEffect(() => {
    setProductName(null);
    if (productId === undefined) return;
    let live = true;
    api<{ index: string; name: string }>("GET", `/Product/${productId}`).then(
      (product) => live && setProductName(`${product.index} ${product.name}`),
      () => live && setProductName(`#${productId}`),
    );
    return () => {
      live = false;
    };
  }, [productId]);
  const title = t.t("route.warehouse-product-inventory");
  // The list waits for the product's name, so that its filter chip names the product.
  const ready = productId === undefined || productName !== null;
  const initial: ColumnFilter[] = productId === undefined ? [] : [{
    field: "productId",
    operator: "eq",
    value: productId,
    display: t.t("stock.productFilter", { name: productName ?? "" }),
  }];
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      {ready
        ? (
          <ResourceList
            key={productId ?? "all"}
            meta={inventoryMeta}
            route={INVENTORY}
            title={title}
            canEdit={false}
            initialFilters={initial}
            reloadKey={reloadKey}
            onOpen={() => undefined}
          />
        )
        : null}
    </section>
  );
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The last 30 days up to today, as the statistics open. */
function defaultRange(): { from: string; to: string } {
  const to = new Date();
  const from = new Date(to.getTime() - 29 * 86_400_000);
  return { from: isoDay(from), to: isoDay(to) };
}

/** The date range fields; the range is valid when both days are given and in order. */
export function useDateRange(initial: () => { from: string; to: string } = defaultRange) {
  const [range, setRange] = useState(initial);
  const valid = isCalendarDay(range.from) && isCalendarDay(range.to) && range.from <= range.to;
  return { range, setRange, valid };
}

export function DateRange(p: {
  t: Translator;
  range: { from: string; to: string };
  onChange: (r: { from: string; to: string }) => void;
}) {
  const inOrder = !(isCalendarDay(p.range.from) && isCalendarDay(p.range.to)) || p.range.from <= p.range.to;
  return (
    <>
      <div className={css.bar}>
        <DateField
          name="dateFrom"
          label={p.t.t("stock.dateFrom")}
          value={p.range.from}
          onChange={(from) => p.onChange({ ...p.range, from: from ?? "" })}
        />
        <DateField
          name="dateTo"
          label={p.t.t("stock.dateTo")}
          value={p.range.to}
          onChange={(to) => p.onChange({ ...p.range, to: to ?? "" })}
        />
      </div>
      {inOrder ? null : <Notice kind="error">{p.t.t("stock.badRange")}</Notice>}
    </>
  );
}

export function ProductMovementsScreen() {
  const t = useT();
  const reloadKey = useStockChanges();
  const { range, setRange, valid } = useDateRange();
  const [query, setQuery] = useState(`dateFrom=${range.from}&dateTo=${range.to}`);
  useEffect(() => {
    if (valid) setQuery(`dateFrom=${range.from}&dateTo=${range.to}`);
  }, [range, valid]);
  const title = t.t("route.warehouse-product-movements");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <DateRange t={t} range={range} onChange={setRange} />
      <ResourceList
        meta={productMovementsMeta}
        route="warehouse-product-movements"
        title={title}
        canEdit={false}
        query={query}
        reloadKey={reloadKey}
        onOpen={(row) => navigate(`/warehouse-documents/${row.documentId}/preview`)}
      />
    </section>
  );
}

interface GroupMovement {
  groupId: number | null;
  groupName: string | null;
  day: string;
  quantityIn: number;
  quantityOut: number;
}

/** The uPlot chart island's chunk, asked for as a statistics screen opens, while its figures load. */
const chartChunk = () => import("../features/charts/chart.tsx");
const Chart = lazyScreen<ChartProps>(chartChunk, [
  "productMovements",
  "productGroupMovements",
  "orderCharts",
]);

/** Starts loading the chart's chunk at once (the module is then there when the figures are). */
function usePreloadedChart(): void {
  useEffect(() => void chartChunk().catch(() => undefined), []);
}

/**
 * A chart, only when it has something to draw: no empty frame stands above the table while the chunk loads
 * or when every figure is zero (the table below says what there is).
 */
function ChartPart(p: ChartProps) {
  if (!p.x.length || !p.series.some((s) => s.values.some((v) => v !== 0))) return null;
  return (
    <ChunkBoundary>
      <Suspense fallback={null}>
        <Chart {...p} />
      </Suspense>
    </ChunkBoundary>
  );
}

/** Every day from `from` to `to` (at most 732 of them), as `YYYY-MM-DD`. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= end && out.length < 732; d += 86_400_000) {
    out.push(new Date(d).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * A JSON GET that follows `key`: its answer, its error, and null while nothing has come yet; `path` is the
 * one the answer held is for (the last valid range's, while a range being typed is not yet one).
 */
export function useReport<T>(path: string | null, key: number) {
  const [state, setState] = useState<{ rows: T | null; error: unknown; path: string | null }>({
    rows: null,
    error: null,
    path: null,
  });
  useEffect(() => {
    if (path === null) return;
    let live = true;
    api<T>("GET", path).then(
      (rows) => live && setState({ rows, error: null, path }),
      (error) => live && setState((s) => ({ ...s, error })),
    );
    return () => {
      live = false;
    };
  }, [path, key]);
  return state;
}

/** A report's error, its loading or empty line, and its figures once it has rows. */
export function ReportFrame<T>(
  p: {
    t: Translator;
    error: unknown;
    rows: T[] | null;
    emptyKey: PlainKey;
    children: (rows: T[]) => ReactNode;
  },
) {
  return (
    <>
      {p.error ? <Notice kind="error">{errorMessage(p.t, p.error)}</Notice> : null}
      <div role="status" aria-live="polite">
        {p.rows === null ? p.t.t("common.loading") : p.rows.length ? null : p.t.t(p.emptyKey)}
      </div>
      {p.rows?.length ? p.children(p.rows) : null}
    </>
  );
}

const ALL = "all";
const NONE = "none";

export function ProductGroupMovementsScreen() {
  const t = useT();
  const reloadKey = useStockChanges();
  const { range, setRange, valid } = useDateRange();
  const [group, setGroup] = useState<string>(ALL);
  usePreloadedChart();
  const { rows: all, error, path } = useReport<GroupMovement[]>(
    valid ? `/WmsInventory/productGroupMovements?dateFrom=${range.from}&dateTo=${range.to}` : null,
    reloadKey,
  );
  // The days of the range the rows are for, not of the one being typed (the rows stay until it is valid).
  const held = new URLSearchParams(path?.split("?")[1] ?? "");
  const heldFrom = held.get("dateFrom") ?? "";
  const heldTo = held.get("dateTo") ?? "";
  const groups = useMemo(() => {
    const seen = new Map<string, string>();
    for (const r of all ?? []) {
      seen.set(r.groupId === null ? NONE : String(r.groupId), r.groupName ?? t.t("stock.noGroup"));
    }
    return [...seen].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [all, t]);
  // A group the new range has no movements of falls back to all groups.
  const chosen = groups.some((g) => g.id === group) ? group : ALL;
  const rows = useMemo(
    () =>
      all?.filter((r) => chosen === ALL || (r.groupId === null ? NONE : String(r.groupId)) === chosen) ??
        null,
    [all, chosen],
  );
  const chart = useMemo(() => {
    const x = heldFrom && heldTo ? daysOf(heldFrom, heldTo) : [];
    const index = new Map(x.map((d, i) => [d, i]));
    const received = x.map(() => 0);
    const released = x.map(() => 0);
    for (const r of rows ?? []) {
      const i = index.get(r.day);
      if (i === undefined) continue;
      received[i] += r.quantityIn;
      released[i] += r.quantityOut;
    }
    const series: ChartSeries[] = [
      { label: t.t("stock.series.in"), tone: "success", values: received },
      { label: t.t("stock.series.out"), tone: "primary", values: released },
    ];
    return { x, series };
  }, [rows, heldFrom, heldTo, t]);
  const title = t.t("route.warehouse-product-group-movements");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <DateRange t={t} range={range} onChange={setRange} />
      {groups.length > 1
        ? (
          <div className={css.bar}>
            <Select
              label={t.t("stock.group")}
              value={chosen}
              options={[{ id: ALL, label: t.t("stock.allGroups") }, ...groups]}
              onChange={setGroup}
            />
          </div>
        )
        : null}
      <ReportFrame t={t} error={error} rows={rows} emptyKey="stock.noMovements">
        {(rows) => (
          <>
            <ChartPart
              kind="lines"
              xLabel={t.t("field.inventory.day")}
              x={chart.x}
              series={chart.series}
              label={t.t("stock.chart.movements", {
                from: formatDay(t, heldFrom),
                to: formatDay(t, heldTo),
              })}
              formatX={(d) => formatDay(t, d)}
              formatNumber={(n) => t.number(n)}
            />
            <div className={tcss.scroll}>
              <table className={tcss.table} aria-label={title}>
                <thead>
                  <tr>
                    <th scope="col" className={tcss.keyCell}>{t.t("field.inventory.day")}</th>
                    <th scope="col">{t.t("field.inventory.groupName")}</th>
                    <th scope="col" className="number">{t.t("field.inventory.quantityIn")}</th>
                    <th scope="col" className="number">{t.t("field.inventory.quantityOut")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={`${r.day}-${r.groupId ?? "none"}`}>
                      <td className={tcss.keyCell}>{formatDay(t, r.day)}</td>
                      <td data-label={t.t("field.inventory.groupName")}>
                        {r.groupName ?? t.t("stock.noGroup")}
                      </td>
                      <td className="number" data-label={t.t("field.inventory.quantityIn")}>
                        {t.number(r.quantityIn)}
                      </td>
                      <td className="number" data-label={t.t("field.inventory.quantityOut")}>
                        {t.number(r.quantityOut)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </ReportFrame>
    </section>
  );
}

interface Released {
  productId: number;
  productIndex: string;
  productName: string;
  quantity: number;
}

/** The last 7 days up to today: the order charts' usage statistics cover a week (spec, section 9). */
function lastWeek(): { from: string; to: string } {
  const to = new Date();
  return { from: isoDay(new Date(to.getTime() - 6 * 86_400_000)), to: isoDay(to) };
}

/** Statistics → order charts: the products released most in the period, as bars and as a table. */
export function OrderChartsScreen() {
  const t = useT();
  const reloadKey = useStockChanges();
  const { range, setRange, valid } = useDateRange(lastWeek);
  usePreloadedChart();
  const { rows, error } = useReport<Released[]>(
    valid ? `/WmsInventory/productOutOrdersChart?dateFrom=${range.from}&dateTo=${range.to}` : null,
    reloadKey,
  );
  const chart = useMemo(() => ({
    x: (rows ?? []).map((r) => r.productIndex),
    series: [{
      label: t.t("stock.series.out"),
      tone: "primary",
      values: (rows ?? []).map((r) => r.quantity),
    }] satisfies ChartSeries[],
  }), [rows, t]);
  const title = t.t("route.warehouse-order-charts");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <DateRange t={t} range={range} onChange={setRange} />
      <ReportFrame t={t} error={error} rows={rows} emptyKey="stock.noReleases">
        {(rows) => (
          <>
            <ChartPart
              kind="bars"
              xLabel={t.t("field.inventory.productIndex")}
              x={chart.x}
              series={chart.series}
              label={t.t("stock.chart.released", {
                count: rows.length,
                from: formatDay(t, range.from),
                to: formatDay(t, range.to),
              })}
              formatX={(v) => v}
              formatNumber={(n) => t.number(n)}
            />
            <div className={tcss.scroll}>
              <table className={tcss.table} aria-label={title}>
                <thead>
                  <tr>
                    <th scope="col" className="number">{t.t("stock.rank")}</th>
                    <th scope="col" className={tcss.keyCell}>{t.t("field.inventory.productIndex")}</th>
                    <th scope="col" className={tcss.nameCell}>{t.t("field.inventory.productName")}</th>
                    <th scope="col" className="number">{t.t("field.inventory.quantityOut")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r, i) => (
                    <tr key={r.productId}>
                      <td className="number" data-label={t.t("stock.rank")}>{t.number(i + 1)}</td>
                      <td className={tcss.keyCell}>{r.productIndex}</td>
                      <td className={tcss.nameCell} data-label={t.t("field.inventory.productName")}>
                        {r.productName}
                      </td>
                      <td className="number" data-label={t.t("field.inventory.quantityOut")}>
                        {t.number(r.quantity)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </ReportFrame>
      <OrderedChart t={t} from={range.from} to={range.to} valid={valid} reloadKey={reloadKey} />
    </section>
  );
}

interface Ordered {
  productId: number;
  productIndex: string;
  productName: string;
  quantity: number;
  quantityDone: number;
  orders: number;
}

/** The 10 products most asked for on release orders made in the period, beside what was released of them. */
function OrderedChart(p: { t: Translator; from: string; to: string; valid: boolean; reloadKey: number }) {
  const { t } = p;
  const { rows, error } = useReport<Ordered[]>(
    p.valid ? `/WmsOrder/Charts/TopReleased?dateFrom=${p.from}&dateTo=${p.to}` : null,
    p.reloadKey,
  );
  const title = t.t("orders.chart.title", { from: formatDay(t, p.from), to: formatDay(t, p.to) });
  const chart = useMemo(() => ({
    x: (rows ?? []).map((r) => r.productIndex),
    series: [
      { label: t.t("orders.chart.ordered"), tone: "primary", values: (rows ?? []).map((r) => r.quantity) },
      { label: t.t("orders.chart.done"), tone: "success", values: (rows ?? []).map((r) => r.quantityDone) },
    ] satisfies ChartSeries[],
  }), [rows, t]);
  return (
    <>
      <h2>{title}</h2>
      <ReportFrame t={t} error={error} rows={rows} emptyKey="orders.nothingInRange">
        {(list) => (
          <>
            <ChartPart
              kind="bars"
              xLabel={t.t("field.inventory.productIndex")}
              x={chart.x}
              series={chart.series}
              label={title}
              formatX={(v) => v}
              formatNumber={(n) => t.number(n)}
            />
            <div className={tcss.scroll}>
              <table className={tcss.table} aria-label={title} data-testid="ordered-chart">
                <thead>
                  <tr>
                    <th scope="col" className="number">{t.t("stock.rank")}</th>
                    <th scope="col" className={tcss.keyCell}>{t.t("field.inventory.productIndex")}</th>
                    <th scope="col" className={tcss.nameCell}>{t.t("field.inventory.productName")}</th>
                    <th scope="col" className="number">{t.t("orders.chart.ordered")}</th>
                    <th scope="col" className="number">{t.t("orders.chart.done")}</th>
                    <th scope="col" className="number">{t.t("orders.chart.orders")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((r, i) => (
                    <tr key={r.productId}>
                      <td className="number" data-label={t.t("stock.rank")}>{t.number(i + 1)}</td>
                      <td className={tcss.keyCell}>{r.productIndex}</td>
                      <td className={tcss.nameCell} data-label={t.t("field.inventory.productName")}>
                        {r.productName}
                      </td>
                      <td className="number" data-label={t.t("orders.chart.ordered")}>
                        {t.number(r.quantity)}
                      </td>
                      <td className="number" data-label={t.t("orders.chart.done")}>
                        {t.number(r.quantityDone)}
                      </td>
                      <td className="number" data-label={t.t("orders.chart.orders")}>{t.number(r.orders)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </ReportFrame>
    </>
  );
}
