// An order's header, read only: number, type, the statuses, progress, the contractor and locations, the
// dates (a late deadline says by how much), what a production order makes, and why it was closed.
import type { Translator } from "../../../shared/i18n/mod.ts";
import { ReadOnlyField } from "../../ui/controls.tsx";
import type { PlainKey } from "../list/meta.ts";
import { ProcessBadge, Progress, StatusBadge } from "../documents/status.tsx";
import type { WmsOrder } from "./order.ts";
import * as dcss from "../documents/documents.css.ts";
import * as css from "./orders.css.ts";

export function OrderHeader(p: { t: Translator; order: WmsOrder }) {
  const { t, order: o } = p;
  // A planned date or deadline may hold a day or an instant: each as the list shows it.
  const day = (v: string | null) => t.instant(v);
  return (
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
      {o.comment ? <ReadOnlyField label={t.t("field.wmsOrder.comment")}>{o.comment}</ReadOnlyField> : null}
    </div>
  );
}
