// Logistics → order positions and verification positions. Order positions: every order's, a row opening
// its order. Verification positions: the positions of the counts (expected against counted, the
// difference, where, what, which count, who counted and when), filtered by count like any list, a row
// opening its count; /warehouse-orders-verify-positions/{id} is the counting page of one count.
import { useEffect, useMemo, useState } from "react";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useResourceEvents } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import type { Translator } from "../../shared/i18n/mod.ts";
import { navigate } from "../shell/navigation.ts";
import { Link } from "../shell/link.tsx";
import { Notice } from "../ui/controls.tsx";
import { ResourceList } from "../features/list/resource_list.tsx";
import type { FieldMeta, PlainKey, ResourceMeta, Row } from "../features/list/meta.ts";
import { Progress } from "../features/documents/status.tsx";
import { CountPositions } from "../features/orders/order_positions.tsx";
import { type OrderPosition, readOrderPositions, type WmsOrder } from "../features/orders/order.ts";
import { wmsOrderPositionMeta } from "../../shared/resources/generated/wms_order_position.ts";
import type { RouteProps } from "./orders.tsx";
import * as shell from "../shell/shell.css.ts";
import * as css from "../features/orders/orders.css.ts";

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

const COUNT_TYPES = ["VER-A", "VER-P", "VER-C", "VER-L"];

/**
 * The count positions' columns: the count (its filter offers counts only), where, what and which lot, the
 * expected and counted quantities with their difference, who counted and when.
 */
export function countPositionsMeta(meta: ResourceMeta): ResourceMeta {
  const byName = new Map(meta.fields.map((f) => [f.name, f]));
  const column = (name: string, change: Partial<FieldMeta> = {}): FieldMeta[] => {
    const f = byName.get(name);
    return f ? [{ ...f, ...change, list: { ...f.list, visible: true } }] : [];
  };
  const order = byName.get("orderId")!;
  const shown = (name: string, kind: FieldMeta["kind"], labelKey: string): FieldMeta => ({
    name,
    kind,
    labelKey,
    list: { visible: true },
  });
  return {
    ...meta,
    addKey: undefined,
    defaultSort: { column: "id", descending: true },
    fields: [
      ...column("orderId", {
        reference: {
          ...order.reference!,
          filters: [{ field: "typeCode", operator: "in", value: COUNT_TYPES }],
        },
      }),
      ...column("sourceLocationId", { labelKey: "orders.location" }),
      ...column("productId"),
      ...column("expiryDate"),
      ...column("serialNumber"),
      shown("bookQuantity", "number", "orders.expected"),
      shown("quantityReal", "number", "orders.counted"),
      shown("difference", "number", "orders.difference"),
      shown("countedByName", "text", "orders.countedBy"),
      shown("countedAt", "date", "field.wmsOrderPosition.countedAt"),
    ],
  };
}

function countCell(t: Translator) {
  return (f: FieldMeta, row: Row) => {
    if (f.name === "productId") return [row.productIndex, row.productName].filter(Boolean).join(" · ");
    // What the books held when it was counted, else what they hold; hidden from a counter while blind.
    if (f.name === "bookQuantity") {
      const expected = row.bookQuantity ?? row.quantity;
      return typeof expected === "number" ? t.number(expected) : t.t("orders.blind");
    }
    if (f.name === "difference" && typeof row.difference === "number" && row.difference !== 0) {
      return (
        <span className={css.late} data-testid="difference">
          {(row.difference > 0 ? "+" : "") + t.number(row.difference)}
        </span>
      );
    }
    return undefined;
  };
}

/**
 * Verification positions: every count's positions; with an id in the route, the counting page of that
 * count.
 */
export function VerifyPositionsScreen(p: RouteProps) {
  if (p.openedDialogId !== undefined) return <CountScreen openedDialogId={p.openedDialogId} />;
  return <CountPositionsList />;
}

function CountPositionsList() {
  const t = useT();
  const meta = useMemo(() => countPositionsMeta(wmsOrderPositionMeta), []);
  const title = t.t("route.warehouse-orders-verify-positions");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <ResourceList
        meta={meta}
        route="warehouse-orders-verify-positions"
        title={title}
        listPath="/WmsOrder/Verify/Positions"
        canEdit={false}
        renderCell={countCell(t)}
        onOpen={(row) => navigate(`/warehouse-orders-verify/${row.orderId}`)}
      />
    </section>
  );
}

/**
 * Counting one count (/warehouse-orders-verify-positions/{id}): its positions, each with a field for what
 * was found, large enough for a phone; blind unless the configuration shows the expected figure. An id
 * naming no count the user may see says so here.
 */
function CountScreen(p: { openedDialogId: string }) {
  const t = useT();
  const id = Number(p.openedDialogId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const [order, setOrder] = useState<WmsOrder | null>(null);
  const [positions, setPositions] = useState<OrderPosition[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (!valid) return;
    let live = true;
    (async () => {
      try {
        const o = await api<WmsOrder>("GET", `/WmsOrder/${id}`);
        const list = o.typeCode.startsWith("VER-") ? await readOrderPositions(o) : [];
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
  }, [id, valid, key]);
  useResourceEvents("WmsOrder", (e) => e.id === id && setKey((k) => k + 1));
  const notCount = order !== null && !order.typeCode.startsWith("VER-");
  const finished = order?.verificationStatusCode?.startsWith("finished") ?? false;
  return (
    <section>
      <h1 className={shell.title}>
        {order && !notCount
          ? t.t("orders.countTitle", { number: order.orderNumber })
          : t.t("route.warehouse-orders-verify-positions")}
      </h1>
      {!valid || notCount
        ? <Notice kind="error">{t.t("orders.noSuchCount", { id: p.openedDialogId })}</Notice>
        : null}
      {error ? <Notice kind="error">{errorMessage(t, error)}</Notice> : null}
      {order && !notCount
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
        : !valid || notCount || error
        ? null
        : <p>{t.t("common.loading")}</p>}
      {!valid || notCount || error
        ? <Link to="/warehouse-orders-verify-positions">{t.t("orders.allCountPositions")}</Link>
        : null}
    </section>
  );
}
