// A new sell offer from stock (issue 19): the customer, the last day it may be accepted, its terms, and the
// products with quantities; the server refuses a quantity above what is free, said at that line.
import { useState } from "react";
import { api } from "../../api.ts";
import { useT } from "../../i18n/use_t.ts";
import { Button, Notice, TextField } from "../../ui/controls.tsx";
import { DateField } from "../../ui/date_field.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import { ReferencePicker } from "../dialogs/reference_field.tsx";
import { useVerb } from "../dialogs/use_verb.ts";
import { wmsOrderMeta } from "../../../shared/resources/generated/wms_order.ts";
import { wmsOrderPositionMeta } from "../../../shared/resources/generated/wms_order_position.ts";
import * as dcss from "../documents/documents.css.ts";

interface Line {
  productId: number | null;
  quantity: number | null;
}

const reference = (meta: typeof wmsOrderMeta, field: string) =>
  meta.fields.find((f) => f.name === field)!.reference!;

export function SellOfferDialog(p: { onClose: () => void; onMade: (id: number) => void }) {
  const t = useT();
  const [contractorId, setContractor] = useState<number | null>(null);
  const [validUntil, setValidUntil] = useState<string | null>(
    new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  );
  const [paymentTerms, setPayment] = useState("");
  const [deliveryTerms, setDelivery] = useState("");
  const [lines, setLines] = useState<Line[]>([{ productId: null, quantity: null }]);
  const verb = useVerb({ show: "notice" });
  const at = (field: string) => verb.fields[field];
  const set = (i: number, change: Partial<Line>) =>
    setLines((old) => old.map((l, k) => (k === i ? { ...l, ...change } : l)));

  const save = () =>
    verb.run(
      () =>
        api<{ id: number }>("POST", "/WmsOrder/Offers/Sell", {
          contractorId,
          validUntil,
          paymentTerms,
          deliveryTerms,
          positions: lines.filter((l) => l.productId !== null || l.quantity !== null),
        }),
      { done: (made) => p.onMade(made.id) },
    );

  return (
    <ModalDialog
      title={t.t("offers.new")}
      isOpen
      onOpenChange={(open) => !open && p.onClose()}
      size="wide"
    >
      <div className={dcss.section} data-testid="sell-offer-dialog">
        {verb.refusal ? <Notice kind="error">{verb.refusal}</Notice> : null}
        <ReferencePicker
          t={t}
          name="contractorId"
          label={t.t("field.wmsOrder.contractorId")}
          reference={reference(wmsOrderMeta, "contractorId")}
          value={contractorId}
          onChange={(id) => setContractor(id)}
          isRequired
          errors={at("contractorId")}
        />
        <DateField
          name="validUntil"
          label={t.t("field.wmsOrder.offerValidUntil")}
          value={validUntil}
          onChange={setValidUntil}
          isRequired
          errors={at("validUntil")}
        />
        <TextField
          name="paymentTerms"
          label={t.t("offers.paymentTerms")}
          value={paymentTerms}
          onChange={setPayment}
        />
        <TextField
          name="deliveryTerms"
          label={t.t("offers.deliveryTerms")}
          value={deliveryTerms}
          onChange={setDelivery}
        />
        {lines.map((l, i) => (
          <div key={i} className={dcss.header} data-testid="sell-offer-line">
            <ReferencePicker
              t={t}
              name={`productId-${i}`}
              label={t.t("field.wmsOrderPosition.productId")}
              reference={reference(wmsOrderPositionMeta, "productId")}
              value={l.productId}
              onChange={(id) => set(i, { productId: id })}
              errors={at(`positions.${i}.productId`)}
            />
            <NumberField
              name={`quantity-${i}`}
              label={t.t("field.wmsOrderPosition.quantity")}
              value={l.quantity}
              onChange={(q) => set(i, { quantity: q })}
              minValue={0}
              errors={at(`positions.${i}.quantity`)}
            />
            {lines.length > 1
              ? (
                <Button quiet onPress={() => setLines((old) => old.filter((_, k) => k !== i))}>
                  {t.t("offers.removeLine")}
                </Button>
              )
              : null}
          </div>
        ))}
        <div>
          <Button quiet onPress={() => setLines((old) => [...old, { productId: null, quantity: null }])}>
            {t.t("offers.addLine")}
          </Button>
        </div>
        <DialogFooter>
          <Button quiet onPress={p.onClose}>{t.t("common.cancel")}</Button>
          <Button isDisabled={verb.busy} onPress={() => void save()}>{t.t("offers.make")}</Button>
        </DialogFooter>
      </div>
    </ModalDialog>
  );
}
