// The editor's positions: each line's product, quantity, where a release takes it from (its own bin and
// lot, chosen from the stock), and its expiry date, production date and serial number as the product's
// flags ask; a line is removed at once.
import type { Translator } from "../../../shared/i18n/mod.ts";
import { Button, TextField } from "../../ui/controls.tsx";
import { DateField } from "../../ui/date_field.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import { LIMITS } from "../../../shared/limits.ts";
import { ReferencePicker } from "../dialogs/reference_field.tsx";
import type { Issue, WmsPosition } from "./document.ts";
import { IssueList, issuesAt } from "./issues.tsx";
import { LotChooser } from "./lots.tsx";
import { documentReference, type ProductFlags } from "./use_document_editor.ts";
import * as css from "./documents.css.ts";
import * as tcss from "../../ui/table.css.ts";

export function EditorPositions(p: {
  t: Translator;
  positions: WmsPosition[];
  flags: Record<number, ProductFlags>;
  issues: Issue[] | null;
  /** The document takes stock: each line says where from. */
  taking: boolean;
  /** The document's source location, within which other lots are offered. */
  withinId: number | null;
  onChange: (id: number, patch: Partial<WmsPosition>) => void;
  onRemove: (pos: WmsPosition) => void;
}) {
  const { t } = p;
  return (
    <div className={tcss.scroll}>
      <table className={tcss.table} data-testid="editor-positions">
        <thead>
          <tr>
            <th scope="col" className={`${tcss.keyCell} ${tcss.nameCell}`}>
              {t.t("field.wmsDocumentPosition.productId")}
            </th>
            <th scope="col">{t.t("field.wmsDocumentPosition.quantity")}</th>
            {p.taking ? <th scope="col">{t.t("documents.source")}</th> : null}
            <th scope="col">{t.t("field.wmsDocumentPosition.expiryDate")}</th>
            <th scope="col">{t.t("field.wmsDocumentPosition.productionDate")}</th>
            <th scope="col">{t.t("field.wmsDocumentPosition.serialNumber")}</th>
            <th scope="col">{t.t("dialog.delete")}</th>
          </tr>
        </thead>
        <tbody>
          {p.positions.map((pos) => (
            <PositionRow
              key={pos.id}
              t={t}
              pos={pos}
              flags={p.flags[pos.productId]}
              issues={issuesAt(p.issues, pos.id)}
              showSource={p.taking}
              withinId={p.withinId}
              onChange={(patch) => p.onChange(pos.id, patch)}
              onRemove={() => p.onRemove(pos)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PositionRow(p: {
  t: Translator;
  pos: WmsPosition;
  flags: ProductFlags | undefined;
  issues: ReturnType<typeof issuesAt>;
  /** The document takes stock: each line names where from (its own bin, else the document's). */
  showSource: boolean;
  /** The document's source location (a zone or bin), within which other lots are offered. */
  withinId: number | null;
  onChange: (patch: Partial<WmsPosition>) => void;
  onRemove: () => void;
}) {
  const { t, pos, flags } = p;
  const name = [pos.productIndex, pos.productName].filter(Boolean).join(" · ");
  const dateField = (key: "expiryDate" | "productionDate", visible?: boolean, required?: boolean) =>
    visible || required
      ? (
        <DateField
          name={`${key}-${pos.id}`}
          label={`${t.t(`field.wmsDocumentPosition.${key}`)} ${name}`}
          hideLabel
          isRequired={required}
          value={pos[key] ?? null}
          onChange={(v) => p.onChange({ [key]: v })}
        />
      )
      : null;
  return (
    <tr
      data-position-id={pos.id}
      data-product={pos.productIndex ?? ""}
      data-source={pos.sourceLocationLabel ?? ""}
    >
      <td className={`${tcss.keyCell} ${tcss.nameCell}`}>
        {name}
        <IssueList t={t} issues={p.issues} testId="position-issues" />
      </td>
      <td className={css.quantityCell} data-label={t.t("field.wmsDocumentPosition.quantity")}>
        <NumberField
          name={`quantity-${pos.id}`}
          label={`${t.t("field.wmsDocumentPosition.quantity")} ${name}`}
          hideLabel
          value={pos.quantity}
          isRequired
          minValue={LIMITS.quantity.min}
          maxValue={LIMITS.quantity.max}
          formatOptions={{ useGrouping: false, maximumFractionDigits: 3 }}
          onChange={(v) => p.onChange({ quantity: v ?? 0 })}
          incrementLabel={t.t("dialog.increment")}
          decrementLabel={t.t("dialog.decrement")}
        />
      </td>
      {p.showSource
        ? (
          <td className={css.sourceCell} data-label={t.t("documents.source")}>
            <ReferencePicker
              t={t}
              name={`sourceLocationId-${pos.id}`}
              label={t.t("documents.sourceOf", { product: name })}
              hideLabel
              reference={documentReference("sourceLocationId")}
              value={pos.sourceLocationId}
              knownTitle={pos.sourceLocationLabel ?? undefined}
              onChange={(id) =>
                // Another bin: the lot picked for the old one may not lie there (a lot the product requires
                // stays for the clerk to check).
                p.onChange({
                  sourceLocationId: id,
                  sourceLocationLabel: null,
                  sourceContainerId: null,
                  sourceContainerNumber: null,
                  ...(flags?.expiryDateRequired ? {} : { expiryDate: null }),
                  ...(flags?.productionDateRequired ? {} : { productionDate: null }),
                  ...(flags?.serialNumberRequired ? {} : { serialNumber: null }),
                })}
            />
            {pos.sourceContainerNumber ? <span>{pos.sourceContainerNumber}</span> : null}
            <LotChooser
              t={t}
              productId={pos.productId}
              product={name}
              withinId={p.withinId}
              onPick={(line) =>
                p.onChange({
                  sourceLocationId: line.locationId,
                  sourceLocationLabel: line.locationLabel,
                  sourceContainerId: line.containerId,
                  sourceContainerNumber: line.containerNumber,
                  expiryDate: line.expiryDate,
                  productionDate: line.productionDate,
                  serialNumber: line.serialNumber,
                })}
            />
          </td>
        )
        : null}
      <td data-label={t.t("field.wmsDocumentPosition.expiryDate")}>
        {dateField(
          "expiryDate",
          flags?.expiryDateVisible || pos.expiryDate !== null,
          flags?.expiryDateRequired,
        )}
      </td>
      <td data-label={t.t("field.wmsDocumentPosition.productionDate")}>
        {dateField(
          "productionDate",
          flags?.productionDateVisible || pos.productionDate !== null,
          flags?.productionDateRequired,
        )}
      </td>
      <td data-label={t.t("field.wmsDocumentPosition.serialNumber")}>
        {flags?.serialNumberVisible || flags?.serialNumberRequired
          ? (
            <TextField
              name={`serialNumber-${pos.id}`}
              label={`${t.t("field.wmsDocumentPosition.serialNumber")} ${name}`}
              hideLabel
              isRequired={flags.serialNumberRequired}
              value={pos.serialNumber ?? ""}
              onChange={(v) => p.onChange({ serialNumber: v || null })}
            />
          )
          : null}
      </td>
      <td>
        <Button quiet aria-label={t.t("documents.remove", { product: name })} onPress={p.onRemove}>
          <span aria-hidden="true">✕</span>
        </Button>
      </td>
    </tr>
  );
}
