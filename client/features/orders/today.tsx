// The start page's day (issue 14): receipts and releases planned and done today, overdue orders, products
// under their warning or critical stock, open counts; each a link to its list. Staff only. A tile is shown
// only when its link is a screen of the user's menu (the server's drawerSections, as the menu itself): a
// terminal operator's receipts and releases lead to the terminal's screens, and tiles of screens the user
// may not open are left out (issue 31, item 15). While the figures load each tile says so; if they cannot
// be read, it says that instead of loading for ever.
import { useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import { startupAtom } from "../../state.ts";
import { Link } from "../../shell/link.tsx";
import { Button } from "../../ui/controls.tsx";
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

type Key = "receipts" | "releases" | "overdue" | "critical" | "warning" | "counts";

/** Each tile's screens, the first in the user's menu taken: the office's list, else the terminal's screen. */
const tileRoutes: Record<Key, string[]> = {
  receipts: ["warehouse-orders", "wms-terminal-in"],
  releases: ["warehouse-orders", "wms-terminal-out"],
  overdue: ["warehouse-orders-delay-monitor"],
  critical: ["warehouse-supply"],
  warning: ["warehouse-supply"],
  counts: ["warehouse-orders-verify", "wms-terminal-check"],
};

/** The start page's day: each figure a link to a screen the user may open. */
export function TodayTiles() {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const staff = startup !== null && !startup.user.connectedContractorId;
  const [day, setDay] = useState<Day | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  useResourceEvents("WmsOrder", () => setKey((k) => k + 1));
  useResourceEvents("WmsDocument", () => setKey((k) => k + 1));
  useEffect(() => {
    if (!staff) return;
    let live = true;
    api<Day>("GET", "/Dashboard/Today", undefined, { quiet: true }).then(
      (d) => {
        if (!live) return;
        setDay(d);
        setFailure(null);
      },
      (err) => live && setFailure(errorMessage(t, err)),
    );
    return () => {
      live = false;
    };
  }, [staff, key, t]);
  if (!staff || !startup) return null;
  const menu = new Set(startup.drawerSections.flatMap((s) => s.routes));
  const shown = (Object.keys(tileRoutes) as Key[])
    .map((k) => ({ key: k, route: tileRoutes[k].find((r) => menu.has(r)) }))
    .filter((x): x is { key: Key; route: string } => x.route !== undefined);
  if (!shown.length) return null;
  const n = (v: number) => t.number(v);
  const figure = (k: Key, d: Day) => {
    switch (k) {
      case "overdue":
        return { figure: n(d.overdueOrders), alert: d.overdueOrders > 0 };
      case "critical":
        return { figure: n(d.underCritical), alert: d.underCritical > 0 };
      case "warning":
        return { figure: n(d.underWarning), alert: false };
      case "counts":
        return { figure: n(d.openCounts), alert: false };
      default:
        return null;
    }
  };
  return (
    <section aria-label={t.t("orders.today")}>
      {failure !== null && (
        <p role="alert" data-testid="today-failed">
          {t.t("orders.todayFailed", { reason: failure })}{" "}
          <Button quiet onPress={() => setKey((k) => k + 1)}>{t.t("orders.todayRetry")}</Button>
        </p>
      )}
      <nav aria-label={t.t("orders.today")} className={css.tiles} data-testid="today">
        {shown.map((x) => {
          const state = day === null ? (failure === null ? "loading" : "failed") : "ready";
          const one = day === null ? null : figure(x.key, day);
          return (
            <Link
              key={x.key}
              to={`/${x.route}`}
              className={`${css.tile} ${one?.alert ? css.tileAlert : ""}`}
              data={{ "data-testid": `today-tile-${x.key}`, "data-state": state }}
            >
              <span>{t.t(`orders.tile.${x.key}` as PlainKey)}</span>
              {state !== "ready"
                ? (
                  <span className={css.tileNote} aria-busy={state === "loading"}>
                    {state === "loading" ? t.t("common.loading") : t.t("orders.tileUnavailable")}
                  </span>
                )
                : one
                ? <span className={css.tileFigure} data-testid={`today-${x.key}`}>{one.figure}</span>
                : <DoneAndPlanned kind={x.key as "receipts" | "releases"} day={day!} />}
            </Link>
          );
        })}
      </nav>
    </section>
  );
}

/**
 * What each figure of receipts or releases counts: documents confirmed today (with or without an order),
 * and orders planned for today. The first may pass the second, and the tile says why when it does.
 */
function DoneAndPlanned(p: { kind: "receipts" | "releases"; day: Day }) {
  const t = useT();
  const done = p.kind === "receipts" ? p.day.receiptsDone : p.day.releasesDone;
  const planned = p.kind === "receipts" ? p.day.receiptsPlanned : p.day.releasesPlanned;
  return (
    <>
      <span className={css.tileCount}>
        <span>{t.t(`orders.tile.${p.kind}Done`)}</span>
        <span className={css.tileFigure} data-testid={`today-${p.kind}-done`}>{t.number(done)}</span>
      </span>
      <span className={css.tileCount}>
        <span>{t.t(`orders.tile.${p.kind}Planned`)}</span>
        <span className={css.tileFigure} data-testid={`today-${p.kind}-planned`}>{t.number(planned)}</span>
      </span>
      {done > planned && <span className={css.tileNote}>{t.t(`orders.tile.${p.kind}Beyond`)}</span>}
    </>
  );
}
