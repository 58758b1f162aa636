// The two ways a product is named where an order's goods are entered (an order's positions, a production's
// plan): a code typed or scanned (index, barcode, GS1 label) or a product found by its name, index or
// barcode; choosing one clears the other. And the quantity of goods, read strictly in the user's language.
import type { Translator } from "../../../shared/i18n/mod.ts";
import { TextField } from "../../ui/controls.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import { ReferencePicker } from "../dialogs/reference_field.tsx";
import { wmsOrderPositionMeta } from "../../../shared/resources/generated/wms_order_position.ts";

const productReference = wmsOrderPositionMeta.fields.find((f) => f.name === "productId")!.reference!;

export interface PickedProduct {
  id: number;
  title: string;
}

export function ProductEntry(p: {
  t: Translator;
  /** The code field's name and label. */
  name: string;
  label: string;
  code: string;
  picked: PickedProduct | null;
  onCode: (code: string) => void;
  onPicked: (picked: PickedProduct | null) => void;
  isRequired?: boolean;
}) {
  const { t } = p;
  return (
    <>
      <TextField
        name={p.name}
        label={p.label}
        value={p.code}
        onChange={(v) => {
          p.onCode(v);
          // A code typed is the product: the one found by name gives way.
          if (v.trim()) p.onPicked(null);
        }}
        isRequired={p.isRequired && !p.picked}
      />
      <ReferencePicker
        t={t}
        name="pickProduct"
        label={t.t("documents.pickProduct")}
        reference={productReference}
        value={p.picked?.id ?? null}
        knownTitle={p.picked?.title}
        onChange={(id, title) => {
          p.onPicked(id === null ? null : { id, title: title ?? "" });
          if (id !== null) p.onCode("");
        }}
      />
    </>
  );
}

/** A quantity of goods: more than nothing, to the thousandth (the stock's precision). */
export function QuantityField(p: {
  name: string;
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  hideLabel?: boolean;
}) {
  return (
    <NumberField
      name={p.name}
      label={p.label}
      hideLabel={p.hideLabel}
      value={p.value}
      isRequired
      minValue={0.001}
      formatOptions={{ maximumFractionDigits: 3 }}
      onChange={p.onChange}
    />
  );
}
