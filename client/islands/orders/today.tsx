// The start page's day (issue 14): receipts and releases planned and done today, overdue orders, products
// under their warning or critical stock, open counts; each a link to its list. Staff only.
import { useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../../api.ts";
import { reportError } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import { startupAtom } from "../../state.ts";
import { Link } from "../../shell/link.tsx";
import type { PlainKey } from "../list/meta.ts";
import * as css from "./orders.css.ts";

interface Day {
  receiptsPlanned: number;
  receiptsDone: number;
  releasesPlanned: number;
  releasesDone: number;
  overdueOrders: number;
  underWarning: number;
  underCritical: number;
  openCounts: number;
}

/** The start page's day: each figure a link to its list. */
export function TodayTiles() {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const staff = startup !== null && !startup.user.connectedContractorId;
  const [day, setDay] = useState<Day | null>(null);
  const [key, setKey] = useState(0);
  useResourceEvents("WmsOrder", () => setKey((k) => k + 1));
  useResourceEvents("WmsDocument", () => setKey((k) => k + 1));
  useEffect(() => {
    if (!staff) return;
    let live = true;
    api<Day>("GET", "/Dashboard/Today").then((d) => live && setDay(d), reportError);
    return () => {
      live = false;
    };
  }, [staff, key]);
  if (!staff || !day) return null;
  const n = (v: number) => t.number(v);
  const ofPlanned = (done: number, planned: number) =>
    t.t("orders.doneOfPlanned", { done: n(done), planned: n(planned) });
  const tiles = [
    {
      key: "receipts",
      to: "/warehouse-orders",
      figure: ofPlanned(day.receiptsDone, day.receiptsPlanned),
      alert: false,
    },
    {
      key: "releases",
      to: "/warehouse-orders",
      figure: ofPlanned(day.releasesDone, day.releasesPlanned),
      alert: false,
    },
    {
      key: "overdue",
      to: "/warehouse-orders-delay-monitor",
      figure: n(day.overdueOrders),
      alert: day.overdueOrders > 0,
    },
    { key: "critical", to: "/warehouse-supply", figure: n(day.underCritical), alert: day.underCritical > 0 },
    { key: "warning", to: "/warehouse-supply", figure: n(day.underWarning), alert: false },
    { key: "counts", to: "/warehouse-orders-verify", figure: n(day.openCounts), alert: false },
  ];
  return (
    <nav aria-label={t.t("orders.today")} className={css.tiles} data-testid="today">
      {tiles.map((x) => (
        <Link key={x.key} to={x.to} className={`${css.tile} ${x.alert ? css.tileAlert : ""}`}>
          <span>{t.t(`orders.tile.${x.key}` as PlainKey)}</span>
          <span className={css.tileFigure} data-testid={`today-${x.key}`}>{x.figure}</span>
        </Link>
      ))}
    </nav>
  );
}
