// Trade → sell offers, active and archived (one screen, two views): the offers' own columns (number,
// customer, value, valid until, the offer's status and the order's), and "New sell offer" as the one way to
// make one here. A row opens the offer's order dialog, where the customer's answer is recorded.
import { useMemo, useState } from "react";
import { useAtomValue } from "jotai";
import { useT } from "../i18n/use_t.ts";
import type { Translator } from "../../shared/i18n/mod.ts";
import { pushToast, startupAtom } from "../state.ts";
import { navigate } from "../shell/navigation.ts";
import { Button, Tabs } from "../ui/controls.tsx";
import type { FieldMeta, PlainKey, ResourceMeta, Row } from "../features/list/meta.ts";
import { canKeepDocuments } from "../features/documents/document.ts";
import { StatusBadge, type StatusNumber } from "../features/documents/status.tsx";
import { SellOfferDialog } from "../features/orders/sell_offer_dialog.tsx";
import { wmsOrderMeta } from "../../shared/resources/generated/wms_order.ts";
import { OrderList, type RouteProps } from "./orders.tsx";
import * as shell from "../shell/shell.css.ts";
import * as ui from "../ui/ui.css.ts";

/** An offer's colours: blue open, green accepted, red declined, grey expired. */
const offerNumbers: Record<string, StatusNumber> = {
  active: 143,
  accepted: 122,
  rejected: 147,
  expired: 148,
};

/** The offers' columns: the order's number and status, and what an offer has of its own. */
export function sellOfferMeta(meta: ResourceMeta): ResourceMeta {
  const byName = new Map(meta.fields.map((f) => [f.name, f]));
  // An offer's key columns are its number and its customer (the order's own keys, its status among them,
  // are not an offer's): they lead and stay in view.
  const keys = ["orderNumber", "contractorId"];
  const own = (name: string, change: Partial<FieldMeta> = {}): FieldMeta[] => {
    const f = byName.get(name);
    if (!f) return [];
    const key = keys.indexOf(name) + 1 || undefined;
    return [{ ...f, ...change, list: { ...f.list, visible: true, key, ...change.list } }];
  };
  return {
    ...meta,
    addKey: undefined,
    fields: [
      ...own("orderNumber"),
      ...own("contractorId", { labelKey: "offers.customer" }),
      // The offer's value in the account's currency (what its positions are worth at the products' prices).
      { name: "summaryValue", kind: "money", labelKey: "offers.value", list: { visible: true } },
      ...own("offerValidUntil"),
      ...own("offerStatus"),
      ...own("statusCode"),
      ...own("createdAt"),
      // Searched, not shown: the quick search finds an offer by its comment too.
      ...(byName.get("comment") ? [byName.get("comment")!] : []),
    ],
  };
}

function offerCell(t: Translator) {
  return (f: FieldMeta, row: Row) =>
    f.name === "offerStatus" && row.offerStatus
      ? (
        <StatusBadge
          t={t}
          status={String(row.offerStatus)}
          number={offerNumbers[String(row.offerStatus)]}
          label={t.t(`option.offerStatus.${row.offerStatus}` as PlainKey)}
        />
      )
      : undefined;
}

export function SellOffersScreen(p: RouteProps & { view: "active" | "archive" }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const [making, setMaking] = useState(false);
  const meta = useMemo(() => sellOfferMeta(wmsOrderMeta), []);
  const route = p.view === "active" ? "active-sell-offers" : "archive-sell-offers";
  const list = (
    <OrderList
      {...p}
      route={route}
      listPath="/WmsOrder/Offers/Sell"
      query={`view=${p.view}`}
      meta={meta}
      addPath={null}
      heading={false}
      renderCell={offerCell(t)}
    />
  );
  return (
    <section>
      <h1 className={shell.title}>{t.t(`route.${route}`)}</h1>
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
    </section>
  );
}
