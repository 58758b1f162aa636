// One warehouse order (the route's openedDialogId opens it): its header and progress, its positions (with
// what is done, on documents and left, and the stock beside; a count's with a count field each), the
// documents carrying it out, and the verbs its status allows: confirm (asking whether to generate the
// documents, unless the configuration answers), generate documents, close with a reason, reopen, revert,
// archive, delete; a count's finish and its adjustments. A working copy takes positions by a scanned or
// typed product code. Refusals are shown at the positions they name.
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { api } from "../../api.ts";
import { errorMessage, reportError } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { pushToast } from "../../state.ts";
import { Button, Notice, ReadOnlyField, TextField } from "../../ui/controls.tsx";
import { ConfirmDialog } from "../../ui/confirm.tsx";
import { type PickedProduct, ProductEntry, QuantityField } from "./product_entry.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import {
  focusFirstInvalid,
  InvalidFieldsProvider,
  NumberField,
  useInvalidFields,
} from "../../ui/number_field.tsx";
import type { PlainKey } from "../list/meta.ts";
import { HistoryButton } from "../dialogs/history.tsx";
import { wmsOrderMeta } from "../../../shared/resources/generated/wms_order.ts";
import type { Issue } from "../documents/document.ts";
import { IssueList, issuesAt } from "../documents/issues.tsx";
import { ProcessBadge, Progress, StatusBadge } from "../documents/status.tsx";
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
import * as dcss from "../documents/documents.css.ts";
import * as css from "./orders.css.ts";

type Ask = "confirm" | "close" | "revert" | "delete" | "finish" | null;

export function OrderDialog(p: { id: number; canEdit: boolean; onClose: () => void }) {
  const t = useT();
  const [order, setOrder] = useState<WmsOrder | null>(null);
  const [positions, setPositions] = useState<OrderPosition[]>([]);
  const [documents, setDocuments] = useState<OrderDocument[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [issues, setIssues] = useState<Issue[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [ask, setAsk] = useState<Ask>(null);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);

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

  async function verb(method: string, path: string, done: string, body?: unknown) {
    setBusy(true);
    setRefusal(null);
    try {
      const r = await orderVerb(method, path, body);
      if (r.kind === "issues") setIssues(r.issues);
      else {
        setIssues(null);
        pushToast("info", t.t(done as PlainKey, { number: r.order.orderNumber }));
      }
      await load();
    } catch (err) {
      setRefusal(errorMessage(t, err));
      reportError(err);
    } finally {
      setBusy(false);
      setAsk(null);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await api("DELETE", `/WmsOrder/${p.id}`);
      pushToast("info", t.t("orders.deleted", { number: order?.orderNumber ?? "" }));
      p.onClose();
    } catch (err) {
      setRefusal(errorMessage(t, err));
      reportError(err);
    } finally {
      setBusy(false);
      setAsk(null);
    }
  }

  /** Confirming asks whether to generate the documents, unless the configuration answers. */
  async function confirm() {
    if (order && isCount(order.typeCode)) {
      return void verb("POST", `/WmsOrder/${p.id}/confirm`, "orders.confirmed");
    }
    let rule = "ask";
    try {
      rule = (await api<{ generateDocumentsOnOrderSave: string }>("GET", "/ClientLogisticsConfig"))
        .generateDocumentsOnOrderSave;
    } catch (err) {
      reportError(err);
    }
    if (rule === "ask") setAsk("confirm");
    else {void verb(
        "POST",
        `/WmsOrder/${p.id}/confirm?generateDocuments=${rule === "always"}`,
        "orders.confirmed",
      );}
  }

  const o = order;
  const count = o ? isCount(o.typeCode) : false;
  const finished = o?.verificationStatusCode?.startsWith("finished") ?? false;
  // A planned date or deadline may hold a day or an instant: each as the list shows it.
  const day = (v: string | null) => t.instant(v);
  const edit = p.canEdit && o !== null;
  const actions: { key: string; label: PlainKey; run: () => void; danger?: boolean }[] = [];
  if (edit && o) {
    // A sell offer still open: the customer's answer.
    if (o.statusCode === "workingCopy" && o.offerStatus === "active") {
      actions.push({
        key: "accept",
        label: "offers.accept",
        run: () => void verb("POST", `/WmsOrder/${p.id}/offer/accept`, "offers.accepted"),
      });
      actions.push({
        key: "reject",
        label: "offers.reject",
        run: () => void verb("POST", `/WmsOrder/${p.id}/offer/reject`, "offers.rejected"),
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
            run: () => void verb("GET", `/WmsOrder/${p.id}/GenerateDocuments`, "orders.documentsMade"),
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
        run: () => void verb("POST", `/WmsOrder/${p.id}/reopen`, "orders.reopened"),
      });
    }
    if (o.statusCode === "confirmed" || o.statusCode === "closedManually") {
      actions.push({
        key: "archive",
        label: "orders.archive",
        run: () => void verb("POST", `/WmsOrder/${p.id}/archive`, "orders.archived"),
      });
    }
  }

  return (
    <ModalDialog
      title={t.t("orders.title", { number: o?.orderNumber ?? "" })}
      isOpen
      onOpenChange={(open) => !open && p.onClose()}
      size="wide"
    >
      <div className={dcss.section} data-testid="order-dialog">
        {failure ? <Notice kind="error">{errorMessage(t, failure)}</Notice> : null}
        {o
          ? (
            <>
              <div className={dcss.header}>
                <ReadOnlyField label={t.t("field.wmsOrder.orderNumber")}>
                  <span data-testid="order-number">{o.orderNumber}</span>
                </ReadOnlyField>
                <ReadOnlyField label={t.t("field.wmsOrder.typeCode")}>
                  {t.t(`option.typeCode.${o.typeCode}` as PlainKey)}
                </ReadOnlyField>
                <ReadOnlyField label={t.t("field.wmsOrder.statusCode")}>
                  <StatusBadge t={t} status={o.statusCode} />
                </ReadOnlyField>
                <ReadOnlyField label={t.t("field.wmsOrder.processStatusCode")}>
                  <span data-testid="order-process">
                    <ProcessBadge t={t} status={o.processStatusCode} />
                  </span>
                </ReadOnlyField>
                {o.verificationStatusCode
                  ? (
                    <ReadOnlyField label={t.t("field.wmsOrder.verificationStatusCode")}>
                      <span data-testid="order-verification">
                        {t.t(`option.verificationStatusCode.${o.verificationStatusCode}` as PlainKey)}
                      </span>
                    </ReadOnlyField>
                  )
                  : null}
                <ReadOnlyField label={t.t("field.wmsOrder.progressPercent")}>
                  <Progress t={t} percent={o.progressPercent} />
                </ReadOnlyField>
                {o.contractorName
                  ? (
                    <ReadOnlyField label={t.t("field.wmsOrder.contractorId")}>
                      {o.contractorName}
                    </ReadOnlyField>
                  )
                  : null}
                {o.scopeLocationLabel
                  ? (
                    <ReadOnlyField label={t.t("field.wmsOrder.scopeLocationId")}>
                      {o.scopeLocationLabel}
                    </ReadOnlyField>
                  )
                  : null}
                {o.sourceLocationLabel
                  ? (
                    <ReadOnlyField label={t.t("field.wmsOrder.sourceLocationId")}>
                      {o.sourceLocationLabel}
                    </ReadOnlyField>
                  )
                  : null}
                {o.destinationLocationLabel
                  ? (
                    <ReadOnlyField label={t.t("field.wmsOrder.destinationLocationId")}>
                      {o.destinationLocationLabel}
                    </ReadOnlyField>
                  )
                  : null}
                {o.plannedDate
                  ? (
                    <ReadOnlyField label={t.t("field.wmsOrder.plannedDate")}>
                      {day(o.plannedDate)}
                    </ReadOnlyField>
                  )
                  : null}
                {o.deadline
                  ? (
                    <ReadOnlyField label={t.t("field.wmsOrder.deadline")}>
                      {day(o.deadline)}
                      {o.delayDays
                        ? (
                          <span className={css.late}>
                            {" "}
                            {t.t("orders.late", { days: t.number(o.delayDays) })}
                          </span>
                        )
                        : null}
                    </ReadOnlyField>
                  )
                  : null}
                {o.productionProductIndex
                  ? (
                    <ReadOnlyField label={t.t("orders.production")}>
                      {t.t("orders.producing", {
                        product: o.productionProductIndex,
                        quantity: t.number(o.productionQuantity ?? 0),
                        done: t.number(o.producedQuantity ?? 0),
                      })}
                    </ReadOnlyField>
                  )
                  : null}
                {o.closedManuallyReason
                  ? <ReadOnlyField label={t.t("orders.reason")}>{o.closedManuallyReason}</ReadOnlyField>
                  : null}
                {o.comment
                  ? <ReadOnlyField label={t.t("field.wmsOrder.comment")}>{o.comment}</ReadOnlyField>
                  : null}
              </div>
              {o.countPreparing
                ? (
                  <Notice>
                    {t.t("orders.preparing", {
                      done: t.number(o.positionsCount),
                      total: t.number(o.countLinesTotal ?? 0),
                    })}
                  </Notice>
                )
                : null}
              <IssueList t={t} issues={issuesAt(issues, null)} testId="order-issues" />
              {refusal ? <Notice kind="error">{refusal}</Notice> : null}
              <h3>{t.t("orders.positions")}</h3>
              {count
                ? (
                  <CountPositions
                    t={t}
                    positions={positions}
                    canCount={edit && o.statusCode === "confirmed" && !finished && !o.countPreparing}
                    onCounted={() => void load()}
                  />
                )
                : <MovePositions t={t} positions={positions} issues={issues} />}
              {edit && o.statusCode === "workingCopy" && !count
                ? <AddPosition orderId={o.id} onAdded={() => void load()} />
                : null}
              {documents.length
                ? (
                  <>
                    <h3>{t.t("orders.documents")}</h3>
                    <ul data-testid="order-documents">
                      {documents.map((d) => (
                        <li key={d.id}>
                          <a href={`/warehouse-documents/${d.id}`}>{d.documentNumber}</a>{" "}
                          {t.t(`option.typeCode.${d.typeCode}` as PlainKey)}{" "}
                          <StatusBadge t={t} status={d.statusCode} />{" "}
                          <Progress t={t} percent={d.progressPercent} />
                        </li>
                      ))}
                    </ul>
                  </>
                )
                : null}
              {actions.length
                ? (
                  <div role="group" aria-label={t.t("orders.actions")} className={dcss.actions}>
                    {actions.map((a) => (
                      <Button key={a.key} danger={a.danger} isDisabled={busy} onPress={a.run}>
                        {t.t(a.label)}
                      </Button>
                    ))}
                  </div>
                )
                : null}
            </>
          )
          : failure
          ? null
          : <p>{t.t("common.loading")}</p>}
        <DialogFooter>
          {o ? <HistoryButton meta={wmsOrderMeta} id={o.id} title={o.orderNumber} /> : null}
          <Button quiet onPress={p.onClose}>{t.t("common.close")}</Button>
        </DialogFooter>
      </div>
      <ModalDialog
        title={t.t("orders.confirmTitle")}
        isOpen={ask === "confirm"}
        onOpenChange={(v) => !v && setAsk(null)}
      >
        <div className={dcss.section} data-testid="generate-question">
          <p>{t.t("orders.generateQuestion")}</p>
          <DialogFooter>
            <Button
              isDisabled={busy}
              onPress={() =>
                void verb("POST", `/WmsOrder/${p.id}/confirm?generateDocuments=true`, "orders.confirmed")}
            >
              {t.t("orders.withDocuments")}
            </Button>
            <Button
              isDisabled={busy}
              onPress={() =>
                void verb("POST", `/WmsOrder/${p.id}/confirm?generateDocuments=false`, "orders.confirmed")}
            >
              {t.t("orders.withoutDocuments")}
            </Button>
            <Button quiet onPress={() => setAsk(null)}>{t.t("common.cancel")}</Button>
          </DialogFooter>
        </div>
      </ModalDialog>
      <ConfirmDialog
        isOpen={ask === "revert" || ask === "delete" || ask === "finish"}
        title={t.t(
          ask === "delete"
            ? "orders.deleteTitle"
            : ask === "finish"
            ? "orders.finishTitle"
            : "orders.revertTitle",
        )}
        message={t.t(
          ask === "delete"
            ? "orders.deleteQuestion"
            : ask === "finish"
            ? "orders.finishQuestion"
            : "orders.revertQuestion",
          { number: o?.orderNumber ?? "" },
        )}
        confirmLabel={t.t(
          ask === "delete" ? "orders.delete" : ask === "finish" ? "orders.finish" : "order.action.revert",
        )}
        cancelLabel={t.t("common.cancel")}
        busy={busy}
        onConfirm={() =>
          void (ask === "delete"
            ? remove()
            : ask === "finish"
            ? verb("POST", `/WmsOrder/${p.id}/finish`, "orders.finished")
            : verb("POST", `/WmsOrder/${p.id}/revert`, "orders.reverted"))}
        onCancel={() => setAsk(null)}
      />
      <ModalDialog
        title={t.t("orders.closeTitle")}
        isOpen={ask === "close"}
        onOpenChange={(v) => !v && setAsk(null)}
      >
        <form
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (reason.trim()) {
              void verb("POST", `/WmsOrder/${p.id}/close`, "orders.closed", {
                reason: reason.trim(),
              });
            }
          }}
          className={dcss.section}
        >
          <TextField
            name="reason"
            label={t.t("orders.reason")}
            value={reason}
            onChange={setReason}
            isRequired
          />
          <DialogFooter>
            <Button type="submit" danger isDisabled={busy || !reason.trim()}>{t.t("orders.close")}</Button>
            <Button quiet onPress={() => setAsk(null)}>{t.t("common.cancel")}</Button>
          </DialogFooter>
        </form>
      </ModalDialog>
    </ModalDialog>
  );
}

/** A receipt's, release's or picking's positions: ordered, on documents, done, left, and the stock. */
function MovePositions(p: { t: Translator; positions: OrderPosition[]; issues: Issue[] | null }) {
  const { t } = p;
  if (!p.positions.length) return <p>{t.t("orders.noPositions")}</p>;
  const n = (v: number | null | undefined) => (v === null || v === undefined ? "" : t.number(v));
  return (
    <div className={dcss.tableScroll}>
      <table className={dcss.table} data-testid="order-positions">
        <thead>
          <tr>
            <th scope="col">{t.t("field.wmsOrderPosition.productId")}</th>
            <th scope="col" className="number">{t.t("field.wmsOrderPosition.quantity")}</th>
            <th scope="col" className="number">{t.t("orders.planned")}</th>
            <th scope="col" className="number">{t.t("field.wmsOrderPosition.quantityReal")}</th>
            <th scope="col" className="number">{t.t("orders.left")}</th>
            <th scope="col" className="number">{t.t("orders.free")}</th>
            <th scope="col">{t.t("field.wmsOrderPosition.sourceLocationId")}</th>
          </tr>
        </thead>
        <tbody>
          {p.positions.map((pos) => (
            <tr key={pos.id} data-position-id={pos.id}>
              <td>
                {[pos.productIndex, pos.productName].filter(Boolean).join(" · ")}
                <IssueList t={t} issues={issuesAt(p.issues, pos.id)} testId="position-issues" />
              </td>
              <td className="number">{n(pos.quantity)}</td>
              <td className="number">{n(pos.quantityPlanned)}</td>
              <td className="number">{n(pos.quantityReal)}</td>
              <td className="number">{n(pos.quantityLeft)}</td>
              <td className="number">{n(pos.freeQuantity)}</td>
              <td>{[pos.sourceLocationLabel, pos.sourceContainerNumber].filter(Boolean).join(" · ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A count's positions: where, what, the lot, the expected figure (unless blind), the count and the difference. */
export function CountPositions(
  p: { t: Translator; positions: OrderPosition[]; canCount: boolean; onCounted: () => void },
) {
  const { t } = p;
  if (!p.positions.length) return <p>{t.t("orders.noPositions")}</p>;
  const n = (v: number | null | undefined) => (v === null || v === undefined ? "" : t.number(v));
  return (
    <div className={dcss.tableScroll}>
      <table className={dcss.table} data-testid="count-positions">
        <thead>
          <tr>
            <th scope="col">{t.t("field.wmsOrderPosition.sourceLocationId")}</th>
            <th scope="col">{t.t("field.wmsOrderPosition.productId")}</th>
            <th scope="col">{t.t("orders.lot")}</th>
            <th scope="col" className="number">{t.t("orders.expected")}</th>
            <th scope="col" className="number">{t.t("orders.counted")}</th>
            <th scope="col" className="number">{t.t("orders.difference")}</th>
          </tr>
        </thead>
        <tbody>
          {p.positions.map((pos) => (
            <tr key={pos.id} data-position-id={pos.id}>
              <td>{[pos.sourceLocationLabel, pos.sourceContainerNumber].filter(Boolean).join(" · ")}</td>
              <td>{[pos.productIndex, pos.productName].filter(Boolean).join(" · ")}</td>
              <td>
                {[pos.expiryDate ? t.day(pos.expiryDate) : null, pos.serialNumber]
                  .filter(Boolean).join(" · ")}
              </td>
              <td className="number" data-testid="expected">
                {pos.quantity === null ? t.t("orders.blind") : n(pos.bookQuantity ?? pos.quantity)}
              </td>
              <td className="number">
                {p.canCount
                  ? <CountField t={t} position={pos} onCounted={p.onCounted} />
                  : n(pos.quantityReal)}
              </td>
              <td className="number" data-testid="difference">
                {pos.difference ? (pos.difference > 0 ? "+" : "") + t.number(pos.difference) : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A counted quantity: saved when the counter presses Enter or leaves the field (never as they type). */
function CountField(p: { t: Translator; position: OrderPosition; onCounted: () => void }) {
  const { t } = p;
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  async function save(counted: number | null) {
    if (counted === null) return;
    try {
      await api("PATCH", `/WmsOrderPosition/${p.position.id}/QuantityReal?quantityReal=${counted}`);
      setError(null);
      p.onCounted();
    } catch (err) {
      setError(errorMessage(t, err));
      setAttempt((n) => n + 1);
      reportError(err);
    }
  }
  return (
    <div className={css.countField}>
      <NumberField
        key={attempt}
        name={`count-${p.position.id}`}
        label={t.t("orders.countOf", { product: p.position.productIndex ?? "" })}
        hideLabel
        value={p.position.quantityReal}
        minValue={0}
        formatOptions={{ maximumFractionDigits: 3 }}
        errors={error ? [error] : undefined}
        onCommit={(v) => void save(v)}
      />
    </div>
  );
}

/** The order position's product reference (the product picker's target and conditions). */

/**
 * A position by a scanned or typed product code (index, barcode or GS1 label), or by a product found by
 * its name, index or barcode, and a quantity.
 */
export function AddPosition(p: { orderId: number; onAdded: () => void }) {
  const t = useT();
  const [code, setCode] = useState("");
  const [picked, setPicked] = useState<PickedProduct | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const [form, setForm] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invalid = useInvalidFields();
  async function add(e: FormEvent) {
    e.preventDefault();
    if ((!code.trim() && !picked) || focusFirstInvalid(invalid) || quantity === null) return;
    setBusy(true);
    try {
      await api("POST", "/WmsOrderPosition", {
        orderId: p.orderId,
        ...(picked ? { productId: picked.id } : { productCode: code.trim() }),
        quantity,
      });
      setCode("");
      setPicked(null);
      setQuantity(1);
      setForm((n) => n + 1);
      setError(null);
      p.onAdded();
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void add(e)} className={dcss.actions} data-testid="order-add-position">
      <ProductEntry
        t={t}
        name="productCode"
        label={t.t("orders.scan")}
        code={code}
        picked={picked}
        onCode={setCode}
        onPicked={setPicked}
      />
      <InvalidFieldsProvider value={invalid}>
        <QuantityField
          key={form}
          name="quantity"
          label={t.t("field.wmsOrderPosition.quantity")}
          value={quantity}
          onChange={setQuantity}
        />
      </InvalidFieldsProvider>
      <Button type="submit" isDisabled={busy || (!code.trim() && !picked)}>
        {t.t("orders.addPosition")}
      </Button>
      {error ? <Notice kind="error">{error}</Notice> : null}
    </form>
  );
}
