// The export wizard of a list: the columns (those the list shows, to start with), the format, and a summary
// of what the file will hold (the list's filter, sort and row count) before it is downloaded. The server
// writes the file from the same filter and sort (GET {list}/export: server/domain/exports/).
import { useMemo, useState } from "react";
import { apiBlob } from "../../api.ts";
import { type Translator, userTimeZone } from "../../../shared/i18n/mod.ts";
import { pushToast } from "../../state.ts";
import { saveBlob } from "../../download.ts";
import { Button, Checkbox, Notice, Select } from "../../ui/controls.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import * as ui from "../../ui/ui.css.ts";
import { useVerb } from "../dialogs/use_verb.ts";
import { type ColumnFilter, describeFilter, type Sort, type WireFilter } from "./filters.ts";
import { type FieldMeta, label, type ResourceMeta } from "./meta.ts";
import * as css from "./list.css.ts";

type Format = "csv" | "xlsx" | "pdf";

/** Most rows a PDF takes (server/domain/exports/write.ts PDF_MAX_ROWS). */
export const PDF_MAX_ROWS = 10_000;

/** The export's query: the format, the columns in the list's order, and the list's own sort and filters. */
export function exportQuery(
  p: {
    format: Format;
    columns: readonly string[];
    sort: Sort;
    filters: readonly WireFilter[];
    timeZone: string;
  },
): string {
  const params = new URLSearchParams({
    format: p.format,
    columns: p.columns.join(","),
    sortColumn: p.sort.column,
    sortDescending: String(p.sort.descending),
    timeZone: p.timeZone,
  });
  if (p.filters.length) params.set("BasicFiltersSerialized", JSON.stringify(p.filters));
  return params.toString();
}

export function ExportDialog(p: {
  t: Translator;
  meta: ResourceMeta & { exportPath: string };
  title: string;
  /** The list's columns, and those it shows now. */
  columns: readonly FieldMeta[];
  visible: ReadonlySet<string>;
  sort: Sort;
  filters: readonly ColumnFilter[];
  wire: readonly WireFilter[];
  total: number | null;
  /** The screen's own parameters of the list (`includeZero=true`), sent along. */
  query?: string;
  onClose: () => void;
}) {
  const { t } = p;
  const exportable = useMemo(() => p.columns.filter((c) => !c.writeOnly && c.kind !== "password"), [
    p.columns,
  ]);
  const [chosen, setChosen] = useState<Set<string>>(
    () => new Set(exportable.filter((c) => p.visible.has(c.name)).map((c) => c.name)),
  );
  const [format, setFormat] = useState<Format>("xlsx");
  const verb = useVerb({ show: "notice" });
  const total = p.total ?? 0;
  const tooLong = format === "pdf" && total > PDF_MAX_ROWS;
  const names = exportable.filter((c) => chosen.has(c.name));
  const sortField = p.columns.find((c) => c.name === p.sort.column);

  function download() {
    return verb.run(
      () => {
        const query = exportQuery({
          format,
          columns: names.map((c) => c.name),
          sort: p.sort,
          filters: p.wire,
          timeZone: userTimeZone(),
        });
        return apiBlob(`${p.meta.exportPath}?${query}${p.query ? `&${p.query}` : ""}`);
      },
      {
        done: (blob) => {
          const name = `${p.meta.resource.replace(/[^A-Za-z0-9]+/g, "-")}-${
            new Date().toISOString().slice(0, 10)
          }.${format}`;
          saveBlob(blob, name);
          pushToast("info", t.t("export.done", { name }));
          p.onClose();
        },
      },
    );
  }

  return (
    <ModalDialog
      title={t.t("export.title", { list: p.title })}
      isOpen
      onOpenChange={(o) => !o && p.onClose()}
      size="wide"
    >
      <div className={css.exportBody} data-testid="export-dialog">
        <fieldset className={css.exportColumns}>
          <legend>{t.t("export.columns")}</legend>
          <div className={ui.buttonRow}>
            <Button quiet onPress={() => setChosen(new Set(exportable.map((c) => c.name)))}>
              {t.t("export.allColumns")}
            </Button>
            <Button
              quiet
              onPress={() =>
                setChosen(new Set(exportable.filter((c) => p.visible.has(c.name)).map((c) => c.name)))}
            >
              {t.t("export.shownColumns")}
            </Button>
          </div>
          <div className={css.exportColumnList}>
            {exportable.map((c) => (
              <Checkbox
                key={c.name}
                isSelected={chosen.has(c.name)}
                onChange={(on) =>
                  setChosen((s) => {
                    const next = new Set(s);
                    if (on) next.add(c.name);
                    else next.delete(c.name);
                    return next;
                  })}
              >
                {label(t, c)}
              </Checkbox>
            ))}
          </div>
        </fieldset>
        <Select<Format>
          label={t.t("export.format")}
          value={format}
          onChange={setFormat}
          options={[
            { id: "xlsx", label: t.t("export.format.xlsx") },
            { id: "csv", label: t.t("export.format.csv") },
            { id: "pdf", label: t.t("export.format.pdf", { max: t.number(PDF_MAX_ROWS) }) },
          ]}
        />
        <section aria-labelledby="export-summary">
          <h3 id="export-summary" className={css.exportHeading}>{t.t("export.summary")}</h3>
          <dl className={css.exportSummary} data-testid="export-summary">
            <dt>{t.t("export.list")}</dt>
            <dd>{p.title}</dd>
            <dt>{t.t("export.rows")}</dt>
            <dd>{p.total === null ? t.t("common.loading") : t.number(total)}</dd>
            <dt>{t.t("export.filters")}</dt>
            <dd>
              {p.filters.length || p.wire.some((f) => f.field === "*")
                ? [
                  ...p.filters.map((f) => {
                    const field = p.columns.find((c) => c.name === f.field);
                    return field ? describeFilter(t, field, f) : f.field;
                  }),
                  ...p.wire.filter((f) => f.field === "*").map((f) => `"${String(f.value)}"`),
                ].join("; ")
                : t.t("export.noFilters")}
            </dd>
            <dt>{t.t("export.sort")}</dt>
            <dd>
              {sortField
                ? `${label(t, sortField)} ${
                  t.t(p.sort.descending ? "export.descending" : "export.ascending")
                }`
                : ""}
            </dd>
            <dt>{t.t("export.columns")}</dt>
            <dd>{names.map((c) => label(t, c)).join(", ")}</dd>
          </dl>
        </section>
        {names.length === 0 ? <Notice kind="error">{t.t("export.noColumns")}</Notice> : null}
        {tooLong
          ? (
            <Notice kind="error">
              {t.t("export.tooManyForPdf", { count: t.number(total), max: t.number(PDF_MAX_ROWS) })}
            </Notice>
          )
          : null}
        {verb.refusal ? <Notice kind="error">{verb.refusal}</Notice> : null}
        {verb.busy ? <p role="status">{t.t("export.preparing")}</p> : null}
        <DialogFooter>
          <Button quiet onPress={p.onClose}>{t.t("common.cancel")}</Button>
          <Button isDisabled={verb.busy || names.length === 0 || tooLong} onPress={() => void download()}>
            {t.t("export.download")}
          </Button>
        </DialogFooter>
      </div>
    </ModalDialog>
  );
}
