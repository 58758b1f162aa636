// An order's positions: a move order's (ordered, on documents, done, left and the stock beside), a count's
// (expected against counted, each count saved as the counter leaves the field), and the entry that adds a
// position to a working copy by a scanned or typed product code.
import { type FormEvent, useState } from "react";
import { api } from "../../api.ts";
import { errorMessage, reportError } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { Button, Notice } from "../../ui/controls.tsx";
import { type PickedProduct, ProductEntry, QuantityField } from "./product_entry.tsx";
import {
  focusFirstInvalid,
  InvalidFieldsProvider,
  NumberField,
  useInvalidFields,
} from "../../ui/number_field.tsx";
import type { Issue } from "../documents/document.ts";
import { IssueList, issuesAt } from "../documents/issues.tsx";
import type { OrderPosition } from "./order.ts";
import { useVerb } from "../dialogs/use_verb.ts";
import * as dcss from "../documents/documents.css.ts";
import * as css from "./orders.css.ts";

/** A receipt's, release's or picking's positions: ordered, on documents, done, left, and the stock. */
export function MovePositions(p: { t: Translator; positions: OrderPosition[]; issues: Issue[] | null }) {
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
  const verb = useVerb({ show: "notice" });
  const invalid = useInvalidFields();
  async function add(e: FormEvent) {
    e.preventDefault();
    if ((!code.trim() && !picked) || focusFirstInvalid(invalid) || quantity === null) return;
    await verb.run(
      () =>
        api("POST", "/WmsOrderPosition", {
          orderId: p.orderId,
          ...(picked ? { productId: picked.id } : { productCode: code.trim() }),
          quantity,
        }),
      {
        done: () => {
          setCode("");
          setPicked(null);
          setQuantity(1);
          setForm((n) => n + 1);
          p.onAdded();
        },
      },
    );
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
      <Button type="submit" isDisabled={verb.busy || (!code.trim() && !picked)}>
        {t.t("orders.addPosition")}
      </Button>
      {verb.refusal ? <Notice kind="error">{verb.refusal}</Notice> : null}
    </form>
  );
}
