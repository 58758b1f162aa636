// The order dialog's state: the order, its positions and documents read (again on every change from the
// hub, and every second while a count is still being prepared), the question asked before a verb, and the
// verbs its status allows, each run through useVerb (busy, the refusal shown, the order read again).
import { useCallback, useEffect, useState } from "react";
import { api } from "../../api.ts";
import { reportError } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import { pushToast } from "../../state.ts";
import type { PlainKey } from "../list/meta.ts";
import { useVerb } from "../dialogs/use_verb.ts";
import type { Issue } from "../documents/document.ts";
import {
  isCount,
  isProduction,
  type OrderDocument,
  type OrderPosition,
  orderVerb,
  readOrderDocuments,
  readOrderPositions,
  type WmsOrder,
} from "./order.ts";

export type Ask = "confirm" | "close" | "revert" | "delete" | "finish" | null;

export interface OrderAction {
  key: string;
  label: PlainKey;
  run: () => void;
  danger?: boolean;
}

export function useOrder(p: { id: number; canEdit: boolean; onClose: () => void }) {
  const t = useT();
  const [order, setOrder] = useState<WmsOrder | null>(null);
  const [positions, setPositions] = useState<OrderPosition[]>([]);
  const [documents, setDocuments] = useState<OrderDocument[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [issues, setIssues] = useState<Issue[] | null>(null);
  const [ask, setAsk] = useState<Ask>(null);
  const verb = useVerb();

  const load = useCallback(async () => {
    try {
      const o = await api<WmsOrder>("GET", `/WmsOrder/${p.id}`);
      const [list, docs] = await Promise.all([readOrderPositions(o), readOrderDocuments(o.id)]);
      setOrder(o);
      setPositions(list);
      setDocuments(docs);
      setFailure(null);
    } catch (err) {
      setFailure(err);
    }
  }, [p.id]);
  useEffect(() => void load(), [load]);
  useResourceEvents("WmsOrder", (e) => e.id === p.id && void load());
  useResourceEvents("WmsOrderPosition", () => void load());
  useResourceEvents("WmsDocument", () => void load());
  // A count still being prepared: its progress is read again until its positions are all made.
  useEffect(() => {
    if (!order?.countPreparing) return;
    const timer = setTimeout(() => void load(), 1000);
    return () => clearTimeout(timer);
  }, [order, load]);

  /** A verb on the order: its issues at the positions they name, or a toast; then the order read again. */
  const run = (method: string, path: string, done: string, body?: unknown) =>
    verb.run(() => orderVerb(method, path, body), {
      done: async (r) => {
        if (r.kind === "issues") setIssues(r.issues);
        else {
          setIssues(null);
          pushToast("info", t.t(done as PlainKey, { number: r.order.orderNumber }));
        }
        await load();
      },
      settled: () => setAsk(null),
    });

  const remove = () =>
    verb.run(() => api("DELETE", `/WmsOrder/${p.id}`), {
      done: () => {
        pushToast("info", t.t("orders.deleted", { number: order?.orderNumber ?? "" }));
        p.onClose();
      },
      settled: () => setAsk(null),
    });

  /** Confirming asks whether to generate the documents, unless the configuration answers. */
  async function confirm() {
    if (order && isCount(order.typeCode)) {
      return void run("POST", `/WmsOrder/${p.id}/confirm`, "orders.confirmed");
    }
    let rule = "ask";
    try {
      rule = (await api<{ generateDocumentsOnOrderSave: string }>("GET", "/ClientLogisticsConfig"))
        .generateDocumentsOnOrderSave;
    } catch (err) {
      reportError(err);
    }
    if (rule === "ask") setAsk("confirm");
    else {void run(
        "POST",
        `/WmsOrder/${p.id}/confirm?generateDocuments=${rule === "always"}`,
        "orders.confirmed",
      );}
  }

  const o = order;
  const count = o ? isCount(o.typeCode) : false;
  const finished = o?.verificationStatusCode?.startsWith("finished") ?? false;
  const edit = p.canEdit && o !== null;
  const actions: OrderAction[] = [];
  if (edit && o) {
    // A sell offer still open: the customer's answer.
    if (o.statusCode === "workingCopy" && o.offerStatus === "active") {
      actions.push({
        key: "accept",
        label: "offers.accept",
        run: () => void run("POST", `/WmsOrder/${p.id}/offer/accept`, "offers.accepted"),
      });
      actions.push({
        key: "reject",
        label: "offers.reject",
        run: () => void run("POST", `/WmsOrder/${p.id}/offer/reject`, "offers.rejected"),
        danger: true,
      });
    }
    if (o.statusCode === "workingCopy") {
      actions.push({ key: "confirm", label: "order.action.confirm", run: () => void confirm() });
      actions.push({ key: "delete", label: "orders.delete", run: () => setAsk("delete"), danger: true });
    }
    if (o.statusCode === "confirmed") {
      if (count && !finished && !o.countPreparing) {
        actions.push({ key: "finish", label: "orders.finish", run: () => setAsk("finish") });
      }
      // Documents to make: a count's adjustments once it is finished; else what is on no document yet.
      const unplanned = positions.some((x) => (x.quantityPlanned ?? 0) < (x.quantity ?? 0));
      if (
        count ? o.verificationStatusCode === "finishedWithDifferences" : unplanned || isProduction(o.typeCode)
      ) {
        if (o.processStatusCode !== "closedFully") {
          actions.push({
            key: "generate",
            label: count ? "orders.adjust" : "orders.generateDocuments",
            run: () => void run("GET", `/WmsOrder/${p.id}/GenerateDocuments`, "orders.documentsMade"),
          });
        }
      }
      if (o.processStatusCode !== "closedFully") {
        actions.push({ key: "close", label: "orders.close", run: () => setAsk("close"), danger: true });
      }
      if (!isProduction(o.typeCode)) {
        actions.push({
          key: "revert",
          label: "order.action.revert",
          run: () => setAsk("revert"),
          danger: true,
        });
      }
    }
    if (o.statusCode === "closedManually") {
      actions.push({
        key: "reopen",
        label: "order.action.reopen",
        run: () => void run("POST", `/WmsOrder/${p.id}/reopen`, "orders.reopened"),
      });
    }
    if (o.statusCode === "confirmed" || o.statusCode === "closedManually") {
      actions.push({
        key: "archive",
        label: "orders.archive",
        run: () => void run("POST", `/WmsOrder/${p.id}/archive`, "orders.archived"),
      });
    }
  }

  return {
    order,
    positions,
    documents,
    failure,
    issues,
    load,
    ask,
    setAsk,
    busy: verb.busy,
    refusal: verb.refusal,
    run,
    remove,
    actions,
    count,
    finished,
    edit,
  };
}
