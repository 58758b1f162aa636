// The preview of a warehouse document (the route's openedDialogId opens it): its header, its positions
// with the issues found at each, and the actions its status allows (from the startup config's
// wmsDocumentActions): edit and delete a working copy, confirm it, revert a confirmed one (after a
// question). Changes by others arrive through the hub and are read again at once.
import { useCallback, useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import { navigate } from "../../shell/navigation.ts";
import { pushToast, startupAtom } from "../../state.ts";
import { Button, Notice, ReadOnlyField } from "../../ui/controls.tsx";
import { ConfirmDialog } from "../../ui/confirm.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import type { PlainKey } from "../list/meta.ts";
import { HistoryButton } from "../dialogs/history.tsx";
import { useVerb } from "../dialogs/use_verb.ts";
import { PrintButton } from "../print/print_dialog.tsx";
import { SendDialog } from "../messages/send_dialog.tsx";
import { ShipDialog } from "./ship_dialog.tsx";
import { wmsDocumentMeta } from "../../../shared/resources/generated/wms_document.ts";
import { actionsFor, definitionOf, readPositions, type WmsDocument, type WmsPosition } from "./document.ts";
import { IssueList, issuesAt, IssueSummary, useConfirmFlow } from "./issues.tsx";
import { Progress, StatusBadge } from "./status.tsx";
import * as css from "./documents.css.ts";
import * as tcss from "../../ui/table.css.ts";

export function DocumentPreviewDialog(p: { id: number; canEdit: boolean; onClose: () => void }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const [doc, setDoc] = useState<WmsDocument | null>(null);
  const [positions, setPositions] = useState<WmsPosition[]>([]);
  const [mailing, setMailing] = useState(false);
  const [shipping, setShipping] = useState(false);
  /** The containers a receipt puts its goods on, whose labels it prints. */
  const containers = [
    ...new Set(positions.map((x) => x.destinationContainerId).filter((c): c is number => c !== null)),
  ];
  const [failure, setFailure] = useState<unknown>(null);
  const [ask, setAsk] = useState<"revert" | "delete" | null>(null);

  const load = useCallback(async () => {
    try {
      const [d, list] = await Promise.all([
        api<WmsDocument>("GET", `/WmsDocument/${p.id}`),
        readPositions(p.id),
      ]);
      setDoc(d);
      setPositions(list);
      setFailure(null);
    } catch (err) {
      setFailure(err);
    }
  }, [p.id]);
  useEffect(() => void load(), [load]);
  useResourceEvents("WmsDocument", (e) => e.id === p.id && void load());
  useResourceEvents("WmsDocumentPosition", () => void load());

  const flow = useConfirmFlow(p.id, (d) => {
    setDoc(d);
    pushToast("info", t.t("documents.confirmed", { number: d.documentNumber }));
    void load();
  });

  const verb = useVerb();

  const revert = () =>
    verb.run(() => api<WmsDocument>("POST", `/WmsDocument/${p.id}/revert`), {
      done: (d) => {
        setDoc(d);
        pushToast("info", t.t("documents.reverted", { number: d.documentNumber }));
      },
      settled: () => setAsk(null),
    });

  const remove = () =>
    verb.run(() => api("DELETE", `/WmsDocument/${p.id}`), {
      done: () => {
        pushToast("info", t.t("documents.deleted", { number: doc?.documentNumber ?? "" }));
        p.onClose();
      },
      show: "toast",
      settled: () => setAsk(null),
    });

  const number = doc?.documentNumber ?? "";
  const actions = doc && p.canEdit ? actionsFor(startup, doc.statusCode) : [];
  // A planned date or deadline may hold a day or an instant: each as the list shows it.
  const date = (v: string | null) => t.instant(v);

  return (
    <ModalDialog
      title={t.t("documents.title", { number })}
      isOpen
      onOpenChange={(open) => !open && p.onClose()}
      size="wide"
    >
      <div className={css.section} data-testid="document-preview">
        {failure ? <Notice kind="error">{errorMessage(t, failure)}</Notice> : null}
        {doc
          ? (
            <>
              <div className={css.header}>
                <ReadOnlyField label={t.t("field.wmsDocument.documentNumber")}>
                  <span data-testid="document-number">{doc.documentNumber}</span>
                </ReadOnlyField>
                <ReadOnlyField label={t.t("field.wmsDocument.typeCode")}>
                  {t.t(`option.typeCode.${doc.typeCode}` as PlainKey)}
                </ReadOnlyField>
                <ReadOnlyField label={t.t("field.wmsDocument.statusCode")}>
                  <StatusBadge t={t} status={doc.statusCode} />
                </ReadOnlyField>
                <ReadOnlyField label={t.t("field.wmsDocument.progressPercent")}>
                  <Progress t={t} percent={doc.progressPercent} />
                </ReadOnlyField>
                {doc.contractorName
                  ? (
                    <ReadOnlyField label={t.t("field.wmsDocument.contractorId")}>
                      {doc.contractorName}
                    </ReadOnlyField>
                  )
                  : null}
                {doc.sourceLocationLabel
                  ? (
                    <ReadOnlyField label={t.t("field.wmsDocument.sourceLocationId")}>
                      {doc.sourceLocationLabel}
                    </ReadOnlyField>
                  )
                  : null}
                {doc.sourceContainerNumber
                  ? (
                    <ReadOnlyField label={t.t("field.wmsDocument.sourceContainerId")}>
                      {doc.sourceContainerNumber}
                    </ReadOnlyField>
                  )
                  : null}
                {doc.destinationLocationLabel
                  ? (
                    <ReadOnlyField label={t.t("field.wmsDocument.destinationLocationId")}>
                      {doc.destinationLocationLabel}
                    </ReadOnlyField>
                  )
                  : null}
                {doc.destinationContainerNumber
                  ? (
                    <ReadOnlyField label={t.t("field.wmsDocument.destinationContainerId")}>
                      {doc.destinationContainerNumber}
                    </ReadOnlyField>
                  )
                  : null}
                {doc.plannedDate
                  ? (
                    <ReadOnlyField label={t.t("field.wmsDocument.plannedDate")}>
                      {date(doc.plannedDate)}
                    </ReadOnlyField>
                  )
                  : null}
                {doc.executedAt
                  ? (
                    <ReadOnlyField label={t.t("field.wmsDocument.executedAt")}>
                      {t.instant(doc.executedAt)}
                    </ReadOnlyField>
                  )
                  : null}
                {doc.comment
                  ? <ReadOnlyField label={t.t("field.wmsDocument.comment")}>{doc.comment}</ReadOnlyField>
                  : null}
              </div>
              <IssueSummary t={t} flow={flow} />
              {verb.refusal ? <Notice kind="error">{verb.refusal}</Notice> : null}
              <h3>{t.t("documents.positions")}</h3>
              <PositionsTable
                t={t}
                positions={positions}
                issues={flow.issues}
                sourceLabel={doc.sourceLocationLabel ?? null}
              />
              {actions.length
                ? (
                  <div role="group" aria-label={t.t("documents.actions")} className={css.actions}>
                    {actions.map((a) => (
                      <Button
                        key={a.code}
                        danger={a.code === "delete" || a.code === "revert"}
                        isDisabled={verb.busy || flow.busy}
                        onPress={() => {
                          if (a.code === "edit") navigate(`/warehouse-new-document/${p.id}`);
                          else if (a.code === "confirm") void flow.run(false);
                          else if (a.code === "revert" || a.code === "delete") setAsk(a.code);
                        }}
                      >
                        {t.t(a.labelKey as PlainKey)}
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
          {doc ? <PrintButton quiet type="wmsDocument" items={[{ id: doc.id }]} /> : null}
          {doc ? <Button quiet onPress={() => setMailing(true)}>{t.t("messages.sendByEmail")}</Button> : null}
          {/* Goods leaving the warehouse: a carrier may ship them. */}
          {doc && definitionOf(startup, doc.typeCode)?.direction === "out"
            ? <Button quiet onPress={() => setShipping(true)}>{t.t("ship.open")}</Button>
            : null}
          {containers.length
            ? (
              <PrintButton
                quiet
                type="container"
                items={containers.map((id) => ({ id }))}
                label={t.t("print.containerLabels")}
              />
            )
            : null}
          {doc ? <HistoryButton meta={wmsDocumentMeta} id={doc.id} title={doc.documentNumber} /> : null}
          <Button quiet onPress={p.onClose}>{t.t("common.close")}</Button>
        </DialogFooter>
      </div>
      {shipping && doc
        ? (
          <ShipDialog
            documentId={doc.id}
            number={doc.documentNumber}
            onClose={() => setShipping(false)}
            onShipped={() => setShipping(false)}
          />
        )
        : null}
      {mailing && doc
        ? (
          <SendDialog
            about={{ resource: "WmsDocument", id: doc.id, title: doc.documentNumber }}
            onClose={() => setMailing(false)}
            onSent={() => setMailing(false)}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={ask !== null}
        title={t.t(ask === "delete" ? "documents.deleteTitle" : "documents.revertTitle")}
        message={t.t(ask === "delete" ? "documents.deleteQuestion" : "documents.revertQuestion", { number })}
        confirmLabel={t.t(ask === "delete" ? "document.action.delete" : "document.action.revert")}
        cancelLabel={t.t("common.cancel")}
        busy={verb.busy}
        onConfirm={() => void (ask === "delete" ? remove() : revert())}
        onCancel={() => setAsk(null)}
      />
    </ModalDialog>
  );
}

/** The positions, read only, each with the issues found at it. */
function PositionsTable(
  p: {
    t: ReturnType<typeof useT>;
    positions: WmsPosition[];
    issues: ReturnType<typeof issuesAt> | null;
    /** The document's source location, which a position without its own takes from. */
    sourceLabel: string | null;
  },
) {
  const { t } = p;
  if (!p.positions.length) return <p>{t.t("documents.noPositions")}</p>;
  // A document that takes stock says where from: the bins and lots a confirmed position took (from the
  // ledger), else the position's own source, else the document's.
  const taking = p.positions.some((x) => x.sources?.length || x.sourceLocationId !== null) || p.sourceLabel;
  const day = (d: string | null) => t.day(d);
  const label = {
    product: t.t("field.wmsDocumentPosition.productId"),
    quantity: t.t("field.wmsDocumentPosition.quantity"),
    takenFrom: t.t("documents.takenFrom"),
    expiryDate: t.t("field.wmsDocumentPosition.expiryDate"),
    serialNumber: t.t("field.wmsDocumentPosition.serialNumber"),
  };
  return (
    <div className={tcss.scroll}>
      <table className={tcss.table} data-testid="document-positions">
        <thead>
          <tr>
            <th scope="col" className={`${tcss.keyCell} ${tcss.nameCell}`}>{label.product}</th>
            <th scope="col" className="number">{label.quantity}</th>
            {taking ? <th scope="col">{label.takenFrom}</th> : null}
            <th scope="col">{label.expiryDate}</th>
            <th scope="col">{label.serialNumber}</th>
          </tr>
        </thead>
        <tbody>
          {p.positions.map((pos) => {
            const found = issuesAt(p.issues, pos.id);
            const sources = pos.sources ?? [];
            return (
              <tr key={pos.id} data-position-id={pos.id}>
                <td className={`${tcss.keyCell} ${tcss.nameCell}`}>
                  {[pos.productIndex, pos.productName].filter(Boolean).join(" · ")}
                  <IssueList t={t} issues={found} testId="position-issues" />
                </td>
                <td className="number" data-label={label.quantity}>{t.number(pos.quantity)}</td>
                {taking
                  ? (
                    <td data-testid="position-sources" data-label={label.takenFrom}>
                      {sources.length
                        ? (
                          <ul className={css.sources}>
                            {sources.map((s, i) => (
                              <li key={i}>
                                {[
                                  s.locationLabel,
                                  s.containerNumber,
                                  s.expiryDate
                                    ? t.t("documents.lotExpiry", { date: day(s.expiryDate) })
                                    : null,
                                  s.serialNumber,
                                  t.number(s.quantity),
                                ].filter(Boolean).join(" · ")}
                              </li>
                            ))}
                          </ul>
                        )
                        : [pos.sourceLocationLabel ?? p.sourceLabel, pos.sourceContainerNumber].filter(
                          Boolean,
                        )
                          .join(" · ")}
                    </td>
                  )
                  : null}
                <td data-label={label.expiryDate}>{day(pos.expiryDate)}</td>
                <td data-label={label.serialNumber}>{pos.serialNumber ?? ""}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
