// The contractor portal (issue 16; docs/decisions/0011) for contractor users: `external-order` browses
// their orderable products by group with free stock, fills the cart (goods out, and goods announced in),
// edits and removes its lines, confirms it with a delivery date, and orders a past order again;
// `my-orders` lists their orders with the external status, and an order's dialog shows its positions, what
// the warehouse has done and what reached them (which they record), and cancels one not yet confirmed.
// Both follow the hub's ExternalOrder events: an order's status changes as the warehouse works on it.
import { use, useEffect, useState } from "react";
import { api } from "../api.ts";
import { reportError } from "../errors.ts";
import { useResourceEvents } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import { navigate } from "../shell/navigation.ts";
import { Button, Notice, TextField } from "../ui/controls.tsx";
import { DateField } from "../ui/date_field.tsx";
import { NumberField } from "../ui/number_field.tsx";
import { DialogFooter, ModalDialog } from "../ui/modal.tsx";
import { ResourceList } from "../features/list/resource_list.tsx";
import type { FieldMeta, ResourceMeta, Row } from "../features/list/meta.ts";
import { Progress, StatusBadge, type StatusNumber } from "../features/documents/status.tsx";
import * as shell from "../shell/shell.css.ts";
import * as css from "./portal.css.ts";
import { metaOfResource } from "./resources.ts";
import { productOfRoute } from "./route_product.tsx";
import { fieldMessages } from "./signin.tsx";
import * as tcss from "../ui/table.css.ts";

type Direction = "OOU" | "OIN";

interface CartLine {
  id: number;
  typeCode: Direction;
  productId: number;
  productIndex: string | null;
  productName: string;
  unit: string | null;
  quantity: number;
  freeQuantity: number;
  available: boolean;
}

interface Cart {
  positionsCount: number;
  positions: CartLine[];
}

interface Order extends Row {
  orderNumber: string | null;
  typeCode: Direction;
  statusCode: string;
  deliveryDate: string | null;
  comment: string | null;
  progressPercent: number;
  version: number;
  closedManually: boolean;
  closedManuallyReason: string | null;
}

interface Position extends Row {
  productId: number;
  productIndex: string | null;
  productName: string | null;
  quantity: number;
  quantityDone: number;
  quantityReceived: number | null;
}

/** An external status's colours: done green, closed by hand red, the rest (still to come) amber. */
const numberOf = (status: string): StatusNumber =>
  status === "fullyReceived" ? 122 : status === "closedManually" ? 147 : 112;

/** An order's badge: closed by the warehouse says so, else its external status. */
function OrderBadge(p: { order: Pick<Order, "statusCode" | "closedManually"> }) {
  const t = useT();
  const status = p.order.closedManually ? "closedManually" : p.order.statusCode;
  return <StatusBadge t={t} status={status} number={numberOf(status)} />;
}

const fieldErrors = (err: unknown) => (err as { fields?: Record<string, string[]> }).fields ?? {};

/**
 * The products' list with their stock on hand and free stock as columns: what a contractor orders by, so
 * they are key columns beside the product's index and name (its other keys rank after them).
 */
function withStock(meta: ResourceMeta): ResourceMeta {
  const number = (name: string, labelKey: string, key: number): FieldMeta => ({
    name,
    kind: "number",
    labelKey,
    list: { visible: true, key },
  });
  const ranked = (f: FieldMeta): FieldMeta =>
    f.list?.key && f.list.key > 2 ? { ...f, list: { ...f.list, key: f.list.key + 2 } } : f;
  return {
    ...meta,
    fields: [
      ...meta.fields.map(ranked),
      number("freeQuantity", "portal.freeQuantity", 3),
      number("stockQuantity", "portal.stockQuantity", 4),
    ],
  };
}

let productsMeta: Promise<ResourceMeta> | null = null;
let ordersMeta: Promise<ResourceMeta> | null = null;

/** Puts an order's positions into the cart again, all or none (goods out within what is free now). */
const orderAgain = (order: Pick<Order, "id">) =>
  api<Cart>("POST", `/contractororders/orders/${order.id}/order-again`);

/**
 * The portal's new order: products by group, the cart, the last orders. An address naming a product
 * (/external-order/12, a link or a favorite) opens its add-to-cart dialog; a product the contractor cannot
 * order is said so here.
 */
export function ExternalOrderScreen(p: { openedDialogId?: string; additionalParams?: string }) {
  const t = useT();
  const linked = productOfRoute(p.openedDialogId, p.additionalParams);
  const [linkMissing, setLinkMissing] = useState(false);
  const meta = use(productsMeta ??= metaOfResource.Product().then(withStock));
  const [groups, setGroups] = useState<{ id: number; name: string; productsCount: number }[]>([]);
  const [group, setGroup] = useState<number | null>(null);
  const [cart, setCart] = useState<Cart | null>(null);
  const [adding, setAdding] = useState<Row | null>(null);
  const [last, setLast] = useState<(Order & { positions: Position[] })[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const loadCart = () => api<Cart>("GET", "/contractororders/cart-summary").then(setCart, reportError);
  const loadLast = () =>
    api<{ results: (Order & { positions: Position[] })[] }>("GET", "/contractororders/last-orders?count=5")
      .then((r) => setLast(r.results), reportError);
  useEffect(() => {
    api<{ results: typeof groups }>("GET", "/contractororders/availible-prod-groups")
      .then((r) => setGroups(r.results), reportError);
    void loadCart();
    void loadLast();
  }, []);
  useEffect(() => {
    setLinkMissing(linked === "invalid");
    if (typeof linked !== "number") return;
    let live = true;
    const filter = encodeURIComponent(JSON.stringify([{ field: "id", operator: "eq", value: linked }]));
    api<{ results: Row[] }>("GET", `/contractororders/availible-products?BasicFiltersSerialized=${filter}`)
      .then((r) => {
        if (!live) return;
        if (r.results[0]) setAdding(r.results[0]);
        else setLinkMissing(true);
      }, reportError);
    return () => {
      live = false;
    };
  }, [linked]);
  useResourceEvents("ExternalOrder", () => {
    void loadCart();
    void loadLast();
  });
  const title = t.t("route.external-order");
  return (
    <section data-testid="external-order">
      <h1 className={shell.title}>{title}</h1>
      {linkMissing && (
        <Notice kind="error">{t.t("portal.noSuchProduct", { id: p.openedDialogId ?? "" })}</Notice>
      )}
      {notice && (
        <Notice>
          {notice} <a href="/my-orders">{t.t("portal.myOrdersLink")}</a>
        </Notice>
      )}
      <div className={css.layout}>
        <div>
          <nav className={css.groups} aria-label={t.t("portal.groups")}>
            <Button quiet={group !== null} onPress={() => setGroup(null)}>{t.t("portal.allGroups")}</Button>
            {groups.map((g) => (
              <Button key={g.id} quiet={group !== g.id} onPress={() => setGroup(g.id)}>
                {t.t("portal.group", { name: g.name, count: t.number(g.productsCount) })}
              </Button>
            ))}
          </nav>
          <ResourceList
            meta={meta}
            route="external-order"
            title={title}
            canEdit={null}
            listPath="/contractororders/availible-products"
            query={group === null ? undefined : `groupId=${group}`}
            onOpen={setAdding}
          />
        </div>
        <CartPanel
          cart={cart}
          onChanged={setCart}
          onConfirmed={(orders) => {
            setNotice(t.t("portal.confirmed", { numbers: orders.map((o) => o.orderNumber).join(", ") }));
            void loadCart();
            void loadLast();
          }}
        />
      </div>
      {last.length > 0 && (
        <section aria-labelledby="portal-last">
          <h2 id="portal-last">{t.t("portal.lastOrders")}</h2>
          <ul className={css.lines} data-testid="portal-last-orders">
            {last.map((o) => (
              <li key={o.id} className={css.lastOrder}>
                <span>
                  <strong>{o.orderNumber}</strong> {t.t(`portal.type.${o.typeCode}`)}{" "}
                  <span className={css.muted}>
                    {o.positions.map((p) => `${p.productIndex ?? p.productName} × ${t.number(p.quantity)}`)
                      .join(", ")}
                  </span>
                </span>
                <OrderBadge order={o} />
                <Button
                  quiet
                  onPress={() =>
                    orderAgain(o).then(() => {
                      setNotice(t.t("portal.addedAgain"));
                      return loadCart();
                    }, reportError)}
                >
                  {t.t("portal.orderAgain")}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {adding && (
        <AddDialog
          product={adding}
          onClose={() => {
            setAdding(null);
            if (p.openedDialogId !== undefined) navigate("/external-order");
          }}
          onAdded={(c) => {
            setCart(c);
            setAdding(null);
            if (p.openedDialogId !== undefined) navigate("/external-order");
          }}
        />
      )}
    </section>
  );
}

function AddDialog(p: { product: Row; onClose: () => void; onAdded: (cart: Cart) => void }) {
  const t = useT();
  const [quantity, setQuantity] = useState<number | null>(1);
  const [errors, setErrors] = useState<string[]>([]);
  const free = Number(p.product.freeQuantity ?? 0);
  const add = async (direction: Direction) => {
    if (quantity === null || quantity <= 0) {
      setErrors([t.t("validation.tooSmall")]);
      return;
    }
    try {
      const q = `productId=${p.product.id}&quantity=${quantity}`;
      p.onAdded(
        direction === "OOU"
          ? await api<Cart>("POST", `/contractororders/add-to-cart?${q}`)
          : await api<Cart>("PATCH", `/contractororders/product-in?${q}`),
      );
    } catch (err) {
      const fields = fieldMessages(t, fieldErrors(err));
      if (fields.quantity) setErrors(fields.quantity);
      else reportError(err);
    }
  };
  const name = `${p.product.index ?? ""} ${p.product.name ?? ""}`.trim();
  return (
    <ModalDialog
      title={t.t("portal.addTitle", { product: name })}
      isOpen
      onOpenChange={(o) => !o && p.onClose()}
    >
      <p>{t.t("portal.free", { quantity: t.number(free) })}</p>
      <NumberField
        name="quantity"
        label={t.t("portal.quantity")}
        value={quantity}
        onChange={setQuantity}
        minValue={0}
        unit={p.product.unit ? String(p.product.unit) : undefined}
        errors={errors}
      />
      <DialogFooter>
        <Button quiet onPress={() => add("OIN")}>{t.t("portal.addIn")}</Button>
        <Button isDisabled={free <= 0} onPress={() => add("OOU")}>{t.t("portal.addOut")}</Button>
      </DialogFooter>
    </ModalDialog>
  );
}

function CartPanel(
  p: { cart: Cart | null; onChanged: (c: Cart) => void; onConfirmed: (o: Order[]) => void },
) {
  const t = useT();
  const [date, setDate] = useState<string | null>(null);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const lines = p.cart?.positions ?? [];
  const edit = (line: CartLine, quantity: number | null) => {
    if (quantity === null || quantity === line.quantity) return;
    const call = quantity <= 0
      ? api<Cart>("DELETE", `/contractororders/delete-cart-product/${line.id}`)
      : api<Cart>("PATCH", "/contractororders/edit-cart-product", { id: line.id, quantity });
    call.then(p.onChanged, reportError);
  };
  const confirm = async () => {
    try {
      const r = await api<{ results: Order[] }>("POST", "/contractororders/confirm-order", {
        deliveryDate: date ?? "",
        comment: comment || null,
      });
      setErrors({});
      setComment("");
      p.onConfirmed(r.results);
    } catch (err) {
      const fields = fieldMessages(t, fieldErrors(err));
      // The form shows the delivery date's own errors; anything else is said as the app says errors.
      if (Object.keys(fields).length === 1 && fields.deliveryDate) setErrors(fields);
      else reportError(err);
    }
  };
  const section = (direction: Direction) => {
    const mine = lines.filter((l) => l.typeCode === direction);
    if (mine.length === 0) return null;
    return (
      <>
        <h3>{t.t(`portal.type.${direction}`)}</h3>
        <ul className={css.lines}>
          {mine.map((l) => (
            <li key={l.id} className={css.line} data-testid="portal-cart-line">
              <span className={css.lineName}>
                {l.productIndex} {l.productName}
                {!l.available && <span className={css.muted}>{` ${t.t("portal.unavailable")}`}</span>}
                {direction === "OOU" && l.available && (
                  <span className={css.muted}>
                    {" "}
                    {t.t("portal.free", { quantity: t.number(l.freeQuantity) })}
                  </span>
                )}
              </span>
              <NumberField
                name={`cart-${l.id}`}
                label={t.t("portal.quantity")}
                hideLabel
                value={l.quantity}
                minValue={0}
                unit={l.unit ?? undefined}
                onCommit={(q) => edit(l, q)}
              />
              <Button
                quiet
                onPress={() =>
                  api<Cart>("DELETE", `/contractororders/delete-cart-product/${l.id}`).then(
                    p.onChanged,
                    reportError,
                  )}
              >
                {t.t("portal.remove")}
              </Button>
            </li>
          ))}
        </ul>
      </>
    );
  };
  return (
    <aside className={css.cart} aria-labelledby="portal-cart" data-testid="portal-cart">
      <h2 id="portal-cart">{t.t("portal.cart")}</h2>
      {lines.length === 0 ? <p>{t.t("portal.cartEmpty")}</p> : (
        <>
          {section("OOU")}
          {section("OIN")}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void confirm();
            }}
          >
            <DateField
              name="deliveryDate"
              label={t.t("portal.deliveryDate")}
              value={date}
              onChange={setDate}
              isRequired
              errors={errors.deliveryDate}
            />
            <TextField
              name="comment"
              label={t.t("portal.comment")}
              multiline
              value={comment}
              onChange={setComment}
            />
            <Button type="submit">{t.t("portal.confirm")}</Button>
          </form>
        </>
      )}
    </aside>
  );
}

export function MyOrdersScreen(p: { openedDialogId?: string }) {
  const t = useT();
  const meta = use(ordersMeta ??= metaOfResource.ExternalOrder());
  const [reloadKey, setReloadKey] = useState(0);
  useResourceEvents("ExternalOrder", () => setReloadKey((k) => k + 1));
  const title = t.t("route.my-orders");
  const openedId = p.openedDialogId && /^\d+$/.test(p.openedDialogId) ? Number(p.openedDialogId) : null;
  return (
    <section data-testid="my-orders">
      <h1 className={shell.title}>{title}</h1>
      <ResourceList
        meta={meta}
        route="my-orders"
        title={title}
        canEdit={null}
        reloadKey={reloadKey}
        renderCell={(f, row) =>
          f.name === "statusCode"
            ? <OrderBadge order={row as unknown as Order} />
            : f.name === "typeCode"
            ? t.t(`portal.type.${row.typeCode as Direction}`)
            : undefined}
        onOpen={(row) => navigate(`/my-orders/${row.id}`)}
      />
      {openedId !== null && (
        <OrderDialog
          id={openedId}
          onClose={() => {
            navigate("/my-orders");
            setReloadKey((k) => k + 1);
          }}
        />
      )}
    </section>
  );
}

function OrderDialog(p: { id: number; onClose: () => void }) {
  const t = useT();
  const [order, setOrder] = useState<Order | null>(null);
  const [positions, setPositions] = useState<Position[]>([]);
  const load = () =>
    Promise.all([
      api<Order>("GET", `/contractororders/orders/${p.id}`),
      api<{ results: Position[] }>("GET", `/contractororders/orders/${p.id}/positions?PageSize=500`),
    ]).then(([o, ps]) => {
      setOrder(o);
      setPositions(ps.results);
    }, reportError);
  useEffect(() => {
    void load();
  }, [p.id]);
  useResourceEvents("ExternalOrder", (e) => {
    if (e.id === p.id) void load();
  });
  if (!order) return null;
  const receive = (position: Position, quantity: number | null) => {
    if (quantity === null || quantity === position.quantityReceived) return;
    api("POST", `/contractororders/orders/${p.id}/position/${position.id}?quantityRecieved=${quantity}`)
      .then(load, reportError);
  };
  return (
    <ModalDialog
      title={t.t("portal.order", { number: order.orderNumber ?? "" })}
      isOpen
      onOpenChange={(open) => !open && p.onClose()}
    >
      <div data-testid="portal-order">
        <p>
          {t.t(`portal.type.${order.typeCode}`)} <OrderBadge order={order} />{" "}
          <Progress t={t} percent={order.progressPercent} />
        </p>
        {order.deliveryDate && <p>{t.t("portal.deliveryDate")}: {t.day(order.deliveryDate)}</p>}
        {order.comment && <p>{order.comment}</p>}
        {order.closedManually && (
          <Notice>{t.t("portal.closedManually", { reason: order.closedManuallyReason ?? "" })}</Notice>
        )}
        <div className={tcss.scroll}>
          <table className={tcss.table}>
            <thead>
              <tr>
                <th scope="col" className={`${tcss.keyCell} ${tcss.nameCell}`}>{t.t("portal.product")}</th>
                <th scope="col" className="number">{t.t("portal.ordered")}</th>
                <th scope="col" className="number">{t.t("portal.done")}</th>
                {order.typeCode === "OOU" && <th scope="col" className="number">{t.t("portal.received")}</th>}
              </tr>
            </thead>
            <tbody>
              {positions.map((pos) => (
                <tr key={pos.id} data-testid="portal-order-position">
                  <td className={`${tcss.keyCell} ${tcss.nameCell}`}>{pos.productIndex} {pos.productName}</td>
                  <td className="number" data-label={t.t("portal.ordered")}>{t.number(pos.quantity)}</td>
                  <td className="number" data-testid="portal-done" data-label={t.t("portal.done")}>
                    {t.number(pos.quantityDone)}
                  </td>
                  {order.typeCode === "OOU" && (
                    <td className="number" data-label={t.t("portal.received")}>
                      {pos.quantityDone > 0
                        ? (
                          <NumberField
                            name={`received-${pos.id}`}
                            label={t.t("portal.received")}
                            hideLabel
                            value={pos.quantityReceived}
                            minValue={0}
                            maxValue={pos.quantityDone}
                            onCommit={(q) => receive(pos, q)}
                          />
                        )
                        : "—"}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <DialogFooter>
          {order.statusCode === "submitted" && (
            <Button
              danger
              onPress={() => api("DELETE", `/contractororders/orders/${p.id}`).then(p.onClose, reportError)}
            >
              {t.t("portal.cancelOrder")}
            </Button>
          )}
          <Button
            quiet
            onPress={() => orderAgain(order).then(() => navigate("/external-order"), reportError)}
          >
            {t.t("portal.orderAgain")}
          </Button>
          <Button quiet onPress={p.onClose}>{t.t("common.close")}</Button>
        </DialogFooter>
      </div>
    </ModalDialog>
  );
}
