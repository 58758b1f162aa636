// The editor's header: the type (only the enabled ones, fixed once saved), the contractor (not for internal
// types), the source and destination location and container as the type's definition requires or
// forbids them (the generic reference pickers), the planned date and a comment.
import type { Translator } from "../../../shared/i18n/mod.ts";
import type { DocumentDefinition } from "../../state.ts";
import { ReadOnlyField, Select, TextField } from "../../ui/controls.tsx";
import { DateField } from "../../ui/date_field.tsx";
import type { PlainKey } from "../list/meta.ts";
import type { ReferenceMeta } from "../../../shared/resources/meta.ts";
import { ReferencePicker } from "../dialogs/reference_field.tsx";
import type { WmsDocument } from "./document.ts";
import { documentReference, type Header } from "./use_document_editor.ts";
import * as css from "./documents.css.ts";

const containerRef: ReferenceMeta = { resource: "Container", path: "/Container", titleFields: ["number"] };

export function EditorHeader(p: {
  t: Translator;
  doc: WmsDocument | null;
  current: Header;
  def: DocumentDefinition | undefined;
  types: DocumentDefinition[];
  errors: Record<string, string[]>;
  change: (patch: Partial<Header>) => void;
}) {
  const { t } = p;
  const side = (kind: "source" | "destination") => {
    const rule = kind === "source" ? p.def?.source : p.def?.destination;
    if (!rule || rule === "forbidden") return null;
    const locationKey = `${kind}LocationId` as const;
    const containerKey = `${kind}ContainerId` as const;
    return (
      <>
        <ReferencePicker
          t={t}
          name={locationKey}
          label={t.t(`field.wmsDocument.${locationKey}`)}
          reference={documentReference(locationKey)}
          value={p.current[locationKey]}
          knownTitle={p.doc?.[`${kind}LocationLabel` as const] ?? undefined}
          // A release's lines name their own bins (FEFO): the document's source is then only where to look.
          isRequired={rule === "required" && !(kind === "source" && p.def?.direction === "out")}
          errors={p.errors[locationKey]}
          onChange={(id) => p.change({ [locationKey]: id })}
        />
        <ReferencePicker
          t={t}
          name={containerKey}
          label={t.t(`field.wmsDocument.${containerKey}`)}
          reference={containerRef}
          value={p.current[containerKey]}
          knownTitle={p.doc?.[`${kind}ContainerNumber` as const] ?? undefined}
          errors={p.errors[containerKey]}
          onChange={(id) => p.change({ [containerKey]: id })}
        />
      </>
    );
  };

  return (
    <div className={css.header}>
      {p.doc
        ? (
          <>
            <ReadOnlyField label={t.t("field.wmsDocument.documentNumber")}>
              {p.doc.documentNumber}
            </ReadOnlyField>
            <ReadOnlyField label={t.t("field.wmsDocument.typeCode")}>
              {t.t(`option.typeCode.${p.doc.typeCode}` as PlainKey)}
            </ReadOnlyField>
          </>
        )
        : (
          <Select
            name="typeCode"
            label={t.t("field.wmsDocument.typeCode")}
            value={p.current.typeCode}
            isRequired
            options={p.types.map((d) => ({ id: d.typeCode, label: t.t(d.labelKey as PlainKey) }))}
            onChange={(typeCode) => p.change({ typeCode })}
            errors={p.errors.typeCode}
          />
        )}
      {p.def && !p.def.internal
        ? (
          <ReferencePicker
            t={t}
            name="contractorId"
            label={t.t("field.wmsDocument.contractorId")}
            reference={documentReference("contractorId")}
            value={p.current.contractorId}
            knownTitle={p.doc?.contractorName ?? undefined}
            errors={p.errors.contractorId}
            onChange={(id) => p.change({ contractorId: id })}
          />
        )
        : null}
      {side("source")}
      {side("destination")}
      <DateField
        name="plannedDate"
        label={t.t("field.wmsDocument.plannedDate")}
        value={p.current.plannedDate}
        onChange={(plannedDate) => p.change({ plannedDate: plannedDate ?? "" })}
        errors={p.errors.plannedDate}
      />
      <TextField
        name="comment"
        multiline
        label={t.t("field.wmsDocument.comment")}
        value={p.current.comment}
        onChange={(comment) => p.change({ comment })}
        errors={p.errors.comment}
      />
    </div>
  );
}
