// One warehouse order (the route's openedDialogId opens it): its header and progress, its positions (with
// what is done, on documents and left, and the stock beside; a count's with a count field each), the
// documents carrying it out, and the verbs its status allows: confirm (asking whether to generate the
// documents, unless the configuration answers), generate documents, close with a reason, reopen, revert,
// archive, delete; a count's finish and its adjustments. A working copy takes positions by a scanned or
// typed product code. Refusals are shown at the positions they name.
import { errorMessage } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import { Button, Notice } from "../../ui/controls.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import type { PlainKey } from "../list/meta.ts";
import { HistoryButton } from "../dialogs/history.tsx";
import { wmsOrderMeta } from "../../../shared/resources/generated/wms_order.ts";
import { IssueList, issuesAt } from "../documents/issues.tsx";
import { Progress, StatusBadge } from "../documents/status.tsx";
import { OrderHeader } from "./order_header.tsx";
import { AddPosition, CountPositions, MovePositions } from "./order_positions.tsx";
import { OrderQuestions } from "./order_questions.tsx";
import { useOrder } from "./use_order.ts";
import * as dcss from "../documents/documents.css.ts";

export function OrderDialog(p: { id: number; canEdit: boolean; onClose: () => void }) {
  const t = useT();
  const s = useOrder(p);
  const { order: o, positions, documents, failure, issues, load, count, finished, edit } = s;

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
              <OrderHeader t={t} order={o} />
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
              {s.refusal ? <Notice kind="error">{s.refusal}</Notice> : null}
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
              {s.actions.length
                ? (
                  <div role="group" aria-label={t.t("orders.actions")} className={dcss.actions}>
                    {s.actions.map((a) => (
                      <Button key={a.key} danger={a.danger} isDisabled={s.busy} onPress={a.run}>
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
      <OrderQuestions
        orderId={p.id}
        number={o?.orderNumber ?? ""}
        ask={s.ask}
        setAsk={s.setAsk}
        busy={s.busy}
        run={s.run}
        remove={s.remove}
      />
    </ModalDialog>
  );
}
