// Administration → import (issues 18, 31): a wizard over POST Import/preview and POST Import. Pick the record
// type and the file (CSV or XLSX; the type's template, headed in the user's language, to start from), say how
// its dates and decimals are written, see each column's field (read from its heading in any language,
// changed here; unknown columns ignored and named), the first rows and every problem of every row by row
// and column in the user's words (a number that reads two ways with what was likely meant, a group or a
// company that does not exist, an index the file or a stored product has already), choose whether rows
// that match stored records update them, then import: all rows or none, and what it added, updated and left.
import { type StockMode, stockModes } from "../../shared/imports/stock_meta.ts";
import { ProgressLine } from "../ui/progress.tsx";
import { Button, Notice, Select } from "../ui/controls.tsx";
import type { PlainKey } from "../features/list/meta.ts";
import * as shell from "../shell/shell.css.ts";
import * as css from "./import_file.css.ts";
import { type RecordType, TYPES, useImport } from "./import_state.ts";
import { ImportPreview } from "./import_preview.tsx";

export function ImportFileScreen() {
  const s = useImport();
  const t = s.t;
  return (
    <section className={css.screen}>
      <h1 className={shell.title}>{t.t("route.import-file")}</h1>
      <p className={css.intro}>{t.t("importFile.intro")}</p>
      <div className={css.row}>
        <Select<RecordType>
          label={t.t("importFile.recordType")}
          value={s.type}
          options={TYPES.map((x) => ({ id: x, label: t.t(`importFile.type.${x}` as PlainKey) }))}
          onChange={s.setType}
        />
        {s.type === "Stock"
          ? (
            <Select<StockMode>
              label={t.t("importFile.stockMode")}
              value={s.stockMode}
              options={stockModes.map((m) => ({ id: m, label: t.t(`importFile.stockMode.${m}`) }))}
              onChange={(m) => {
                s.setStockMode(m);
                s.setPreview(null);
              }}
            />
          )
          : null}
        <Button quiet onPress={() => void s.template()}>{t.t("importFile.template")}</Button>
      </div>
      <label className={css.file}>
        {t.t("importFile.file")}
        <input
          type="file"
          name="importFile"
          accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            s.setFile(e.currentTarget.files?.[0] ?? null);
            s.setPreview(null);
            s.setDone(null);
          }}
        />
      </label>
      <div className={css.row}>
        <Select<"YMD" | "DMY" | "MDY">
          label={t.t("importFile.dateFormat")}
          value={s.dateFormat}
          options={[
            { id: "YMD", label: t.t("importFile.date.YMD") },
            { id: "DMY", label: t.t("importFile.date.DMY") },
            { id: "MDY", label: t.t("importFile.date.MDY") },
          ]}
          onChange={s.setDateFormat}
        />
        <Select<"." | ",">
          label={t.t("importFile.decimal")}
          value={s.decimal}
          options={[{ id: ".", label: t.t("importFile.decimal.dot") }, {
            id: ",",
            label: t.t("importFile.decimal.comma"),
          }]}
          onChange={s.setDecimal}
        />
        <Button isDisabled={!s.file || s.busy} onPress={() => void s.look(false)}>
          {t.t("importFile.preview")}
        </Button>
      </div>
      {s.error ? <Notice kind="error">{s.error}</Notice> : null}
      {s.progress
        ? (
          <ProgressLine
            label={t.t(s.progress.phase === "reading" ? "importFile.reading" : "importFile.importing")}
            value={s.progress.processed}
            max={s.progress.total}
            text={s.progress.phase === "importing"
              ? t.t("importFile.progress", {
                processed: t.number(s.progress.processed),
                total: t.number(s.progress.total),
              })
              : t.t("importFile.checking", { total: t.number(s.progress.total) })}
          />
        )
        : null}
      {s.done ? <Notice>{s.done}</Notice> : null}
      {s.preview ? <ImportPreview s={s} preview={s.preview} /> : null}
    </section>
  );
}
