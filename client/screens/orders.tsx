// Logistics → orders (issue 14): the orders list with status colours and progress, the orders worked on now
// (operational orders), the delay monitor, the counts, and the new order (its header with its type's own
// fields, then positions scanned or typed in its dialog). Positions, sell offers and supply have their
// own files (order_positions.tsx, sell_offers.tsx, supply.tsx).
import { type ReactNode, useMemo, useState } from "react";
import { useAtomValue } from "jotai";
import { useT } from "../i18n/use_t.ts";
import type { Translator } from "../../shared/i18n/mod.ts";
import { startupAtom } from "../state.ts";
import { navigate } from "../shell/navigation.ts";
import { ResourceList } from "../features/list/resource_list.tsx";
import { RecordDialog } from "../features/dialogs/record_dialog.tsx";
import type { FieldMeta, PlainKey, ResourceMeta, Row } from "../features/list/meta.ts";
import { canKeepDocuments } from "../features/documents/document.ts";
import { ProcessBadge, Progress, StatusBadge } from "../features/documents/status.tsx";
import { OrderDialog } from "../features/orders/order_dialog.tsx";
import { firstOrderType, orderFormMeta } from "../features/orders/order_form.ts";
import { wmsOrderMeta } from "../../shared/resources/generated/wms_order.ts";
import * as shell from "../shell/shell.css.ts";
import * as css from "../features/orders/orders.css.ts";

export type RouteProps = { openedDialogId?: string; additionalParams?: string };

/** The cells every order list draws: statuses as coloured badges, progress as a bar, the delay. */
export function orderCell(t: Translator) {
  return (f: FieldMeta, row: Row) => {
    if (f.name === "statusCode") return <StatusBadge t={t} status={String(row.statusCode)} />;
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

/**
 * An order list at `route` over `listPath`, each row opening the order's dialog. `meta`: the columns when
 * they are not the orders' own (sell offers); `addPath` null: no add button here.
 */
export function OrderList(
  p: RouteProps & {
    route: string;
    listPath?: string;
    query?: string;
    addPath?: string | null;
    meta?: ResourceMeta;
    renderCell?: (f: FieldMeta, row: Row) => ReactNode | undefined;
    /** false: the screen around the list heads it. */
    heading?: boolean;
  },
) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const canEdit = canKeepDocuments(startup);
  const [reloadKey, setReloadKey] = useState(0);
  const title = t.t(`route.${p.route}` as PlainKey);
  const baseCell = orderCell(t);
  const meta = p.meta ?? wmsOrderMeta;
  return (
    <section>
      {p.heading === false ? null : <h1 className={shell.title}>{title}</h1>}
      <ResourceList
        meta={p.addPath === null ? { ...meta, addKey: undefined } : meta}
        route={p.route}
        title={title}
        listPath={p.listPath}
        query={p.query}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={canEdit}
        renderCell={(f, row) => p.renderCell?.(f, row) ?? baseCell(f, row)}
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

/**
 * The orders worked on now: receipts, releases and pickings confirmed and waiting, in progress or done but
 * not yet confirmed, with their priority and progress, by deadline (the list puts those without one first).
 */
export function OperationalOrdersScreen(p: RouteProps) {
  const meta = useMemo(() => operationalMeta(wmsOrderMeta), []);
  return (
    <OrderList
      {...p}
      route="warehouse-orders-operational"
      listPath="/WmsOrder/Move/Operational"
      meta={meta}
      addPath={null}
    />
  );
}

/** The operational list's columns: what is being done, for whom, how urgent and how far. */
function operationalMeta(meta: ResourceMeta): ResourceMeta {
  const shown = new Set([
    "orderNumber",
    "typeCode",
    "processStatusCode",
    "priority",
    "contractorId",
    "plannedDate",
    "deadline",
    "progressPercent",
  ]);
  return {
    ...meta,
    defaultSort: { column: "deadline", descending: false },
    fields: meta.fields.map((f) => f.list ? { ...f, list: { ...f.list, visible: shown.has(f.name) } } : f),
  };
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

/**
 * A new order: its header (the type first, then only the fields that type takes: a receipt where the goods
 * go, a count its scope), as the startup config's order definitions say; then its dialog takes positions.
 */
export function NewOrderScreen() {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const isAdmin = !!startup?.user.isSuperUser;
  const definitions = startup?.wmsOrderDefinitions ?? [];
  const enabled = startup?.clientLogisticsConfig?.orderTypesEnabled;
  const first = firstOrderType(definitions, enabled);
  return (
    <section>
      <h1 className={shell.title}>{t.t("route.warehouse-new-order")}</h1>
      <p>{t.t("orders.newBody")}</p>
      {startup
        ? (
          <RecordDialog
            meta={wmsOrderMeta}
            shape={(values) => orderFormMeta(wmsOrderMeta, definitions, enabled, values.typeCode)}
            initial={first ? { typeCode: first } : undefined}
            mode="add"
            id={null}
            isAdmin={isAdmin}
            onClose={() => navigate("/warehouse-orders")}
            onSaved={(record) => navigate(`/warehouse-orders/${record.id}`)}
          />
        )
        : <p>{t.t("common.loading")}</p>}
    </section>
  );
}
