// The editor's scan entry: a barcode or index typed or scanned (Enter adds it), how many units the next
// scan adds, a product picked by name instead, and what the last scan did, said to a screen reader too.
import { type KeyboardEvent, useRef, useState } from "react";
import { api, ApiError } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { TextField } from "../../ui/controls.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import { LIMITS } from "../../../shared/limits.ts";
import type { ReferenceMeta } from "../../../shared/resources/meta.ts";
import { ReferencePicker } from "../dialogs/reference_field.tsx";
import type { WmsPosition } from "./document.ts";
import * as css from "./documents.css.ts";

const productRef: ReferenceMeta = { resource: "Product", path: "/Product", titleFields: ["index", "name"] };

export function ScanEntry(p: {
  t: Translator;
  documentId: number;
  /** The document takes stock: a scan takes it FEFO, and says from where. */
  taking: boolean;
  /** Quantities typed but not saved yet, which are saved before a scan. */
  dirty: boolean;
  save: () => Promise<boolean>;
  /** The lines a scan made or grew. */
  onTouched: (touched: WmsPosition[]) => void;
  readFlags: (list: WmsPosition[]) => Promise<void>;
}) {
  const { t } = p;
  const [scan, setScan] = useState("");
  /** How many units the next scan or pick adds (a release takes them FEFO); back to 1 after each. */
  const [scanQuantity, setScanQuantity] = useState<number | null>(1);
  const [scanErrors, setScanErrors] = useState<string[]>([]);
  const [announce, setAnnounce] = useState("");
  const scanBox = useRef<HTMLDivElement>(null);
  const scanQueue = useRef<Promise<void>>(Promise.resolve());

  /**
   * Adds one piece of what was scanned (a code) or picked (a product): the line of the same product,
   * expiry and serial grows, else a line is made. The scan field is emptied after a success and its text
   * selected after a refusal, so that the next scan replaces it instead of being appended to it.
   */
  function add(what: { productCode: string } | { productId: number }): Promise<void> {
    // One scan after another: a scanner gun's second code waits for the first, so the same product
    // scanned twice fast grows one line instead of racing to make two.
    const next = scanQueue.current.then(() => addNow(what));
    scanQueue.current = next.catch(() => {});
    return next;
  }

  async function addNow(what: { productCode: string } | { productId: number }) {
    if ("productCode" in what && !what.productCode.trim()) return;
    setScanErrors([]);
    // Quantities typed but not saved yet are saved first: the scan raises what the server holds.
    if (p.dirty && !(await p.save())) return;
    try {
      const answer = await api<
        { position: WmsPosition; merged: boolean; positions: WmsPosition[]; shortfall: number }
      >(
        "POST",
        "/WmsDocumentPosition/scan",
        {
          documentId: p.documentId,
          quantity: scanQuantity ?? 1,
          ...("productCode" in what ? { productCode: what.productCode.trim() } : what),
        },
      );
      setScanQuantity(1);
      const { position: pos, merged } = answer;
      // A release's scan may grow or make several lines (one per bin and lot it takes from, FEFO).
      const touched = answer.positions.length ? answer.positions : [pos];
      p.onTouched(touched);
      setScan("");
      const product = pos.productIndex ?? pos.productName ?? "";
      const taking = p.taking;
      setAnnounce(
        taking
          ? t.t("documents.takenFefo", {
            product,
            sources: touched.map((x) =>
              [
                x.sourceLocationLabel,
                x.sourceContainerNumber,
                x.expiryDate ? t.day(x.expiryDate) : null,
                t.number(x.quantity),
              ].filter(Boolean).join(" · ")
            ).join("; "),
          })
          : merged
          ? t.t("documents.raised", { product, quantity: String(pos.quantity) })
          : t.t("documents.added", { product }),
      );
      if (answer.shortfall > 0) {
        setScanErrors([t.t("documents.short", { product, short: t.number(answer.shortfall) })]);
      }
      await p.readFlags(touched);
    } catch (err) {
      if (err instanceof ApiError && err.code === "document.validation") {
        setScanErrors((err.issues as { message?: string; code: string }[]).map((i) => i.message ?? i.code));
      } else setScanErrors([errorMessage(t, err)]);
      scanBox.current?.querySelector("input")?.select();
    }
  }

  return (
    <>
      <div
        ref={scanBox}
        className={css.scan}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === "Enter") {
            e.preventDefault();
            void add({ productCode: scan });
          }
        }}
      >
        <TextField
          name="productCode"
          label={t.t("documents.scan")}
          description={t.t("documents.scanHint")}
          value={scan}
          onChange={(v) => {
            setScan(v);
            if (scanErrors.length) setScanErrors([]);
          }}
          autoComplete="off"
          errors={scanErrors}
        />
      </div>
      <div className={css.scan}>
        <NumberField
          name="scanQuantity"
          label={t.t("documents.scanQuantity")}
          value={scanQuantity}
          minValue={0.001}
          maxValue={LIMITS.quantity.max}
          formatOptions={{ useGrouping: false, maximumFractionDigits: 3 }}
          onChange={setScanQuantity}
          incrementLabel={t.t("dialog.increment")}
          decrementLabel={t.t("dialog.decrement")}
        />
      </div>
      <div className={css.scan}>
        <ReferencePicker
          t={t}
          name="pickProduct"
          label={t.t("documents.pickProduct")}
          reference={productRef}
          value={null}
          onChange={(id) => {
            if (id === null) return;
            void add({ productId: id });
            // The scan field is ready for the next code (and the search list closes), once the
            // combo box has finished its selection (it keeps focus until the next frame).
            requestAnimationFrame(() => scanBox.current?.querySelector("input")?.focus());
          }}
        />
      </div>
      <div role="status" aria-live="polite" data-testid="scan-status">{announce}</div>
    </>
  );
}
