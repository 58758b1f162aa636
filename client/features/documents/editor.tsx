// A new warehouse document, or a working copy edited: the type (only the enabled ones), the contractor
// (not for internal types), the source and destination location and container as the type's definition
// requires or forbids them (the generic reference pickers), the planned date and a comment; then the
// positions, added by scanning or typing a barcode or an index into one input (Enter adds one piece), each
// with its quantity and, as the product's flags ask, its expiry date, production date and serial number.
// Save keeps all of it; Confirm saves, then confirms, showing what stops it at each position.
import { useT } from "../../i18n/use_t.ts";
import { navigate } from "../../shell/navigation.ts";
import { pushToast } from "../../state.ts";
import { Button, Notice } from "../../ui/controls.tsx";
import { InvalidFieldsProvider } from "../../ui/number_field.tsx";
import { errorMessage } from "../../errors.ts";
import { HistoryButton } from "../dialogs/history.tsx";
import { useVerb } from "../dialogs/use_verb.ts";
import { wmsDocumentMeta } from "../../../shared/resources/generated/wms_document.ts";
import { canKeepDocuments, type WmsPosition } from "./document.ts";
import { IssueSummary, useConfirmFlow } from "./issues.tsx";
import { EditorHeader } from "./editor_header.tsx";
import { EditorPositions } from "./editor_positions.tsx";
import { ScanEntry } from "./scan_entry.tsx";
import { useDocumentEditor } from "./use_document_editor.ts";
import * as css from "./documents.css.ts";

export function DocumentEditor(p: {
  id: number | null;
  /** Told the working copy's number once it is read or saved (the screen's title shows it). */
  onNumber?: (number: string | null) => void;
}) {
  const t = useT();
  const e = useDocumentEditor(p);
  const { doc, positions, def } = e;
  const saving = useVerb();

  const flow = useConfirmFlow(p.id, (d) => {
    pushToast("info", t.t("documents.confirmed", { number: d.documentNumber }));
    navigate(`/warehouse-documents/${d.id}`);
  }, e.save);

  if (canKeepDocuments(e.startup) === false) {
    return <Notice kind="error">{t.t("list.forbidden")}</Notice>;
  }
  if (e.failure) return <Notice kind="error">{errorMessage(t, e.failure)}</Notice>;
  if (p.id !== null && !doc) return <p>{t.t("common.loading")}</p>;
  if (doc && doc.statusCode !== "workingCopy") {
    return (
      <Notice>
        {t.t("documents.notEditable")}{" "}
        <Button quiet onPress={() => navigate(`/warehouse-documents/${doc.id}`)}>
          {t.t("documents.title", { number: doc.documentNumber })}
        </Button>
      </Notice>
    );
  }

  /** A scan's lines: the ones it grew replaced, the ones it made added. */
  const merge = (touched: WmsPosition[]) =>
    e.setPositions((list) => {
      const byId = new Map(touched.map((x) => [x.id, x]));
      const kept = list.map((x) => byId.get(x.id) ?? x);
      return [...kept, ...touched.filter((x) => !list.some((y) => y.id === x.id))];
    });

  return (
    <InvalidFieldsProvider value={e.invalid}>
      <div className={`${css.section} ${css.marksRequired}`} data-testid="document-editor">
        <h2>{t.t("documents.header")}</h2>
        <EditorHeader
          t={t}
          doc={doc}
          current={e.current}
          def={def}
          types={e.types}
          errors={e.errors}
          change={e.change}
        />

        <h2>{t.t("documents.positions")}</h2>
        {p.id === null ? <p>{t.t("documents.saveFirst")}</p> : (
          <>
            <ScanEntry
              t={t}
              documentId={p.id}
              taking={def?.direction === "out"}
              dirty={e.dirty.size > 0}
              save={e.save}
              onTouched={merge}
              readFlags={e.readFlags}
            />
            <IssueSummary t={t} flow={flow} />
            {positions.length
              ? (
                <EditorPositions
                  t={t}
                  positions={positions}
                  flags={e.flags}
                  issues={flow.issues}
                  taking={def?.direction === "out"}
                  withinId={e.current.sourceLocationId}
                  onChange={e.changePosition}
                  onRemove={(pos) => void e.remove(pos)}
                />
              )
              : <p>{t.t("documents.noPositions")}</p>}
          </>
        )}
        <div className={css.actions}>
          <Button
            isDisabled={saving.busy || flow.busy}
            onPress={() =>
              void saving.run(e.save, { done: (ok) => ok && pushToast("info", t.t("dialog.saved")) })}
          >
            {t.t("common.save")}
          </Button>
          {p.id !== null
            ? (
              <Button
                isDisabled={saving.busy || flow.busy || !positions.length}
                onPress={() => void flow.run(false)}
              >
                {t.t("document.action.confirm")}
              </Button>
            )
            : null}
          {doc ? <HistoryButton meta={wmsDocumentMeta} id={doc.id} title={doc.documentNumber} /> : null}
          <Button quiet onPress={() => navigate("/warehouse-documents")}>
            {t.t("documents.backToList")}
          </Button>
        </div>
      </div>
    </InvalidFieldsProvider>
  );
}
