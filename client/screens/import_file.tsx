// Administration → import (issues 18, 31): a wizard over POST Import/preview and POST Import. Pick the record
// type and the file (CSV or XLSX; the type's template, headed in the user's language, to start from), say how
// its dates and decimals are written, see each column's field (read from its heading in any language,
// changed here; unknown columns ignored and named), the first rows and every problem of every row by row
// and column in the user's words (a number that reads two ways with what was likely meant, a group or a
// company that does not exist, an index the file or a stored product has already), choose whether rows
// that match stored records update them, then import: all rows or none, and what it added, updated and left.
import { stockFields, type StockMode, stockModes } from "../../shared/imports/stock_meta.ts";
import { ProgressLine } from "../ui/progress.tsx";
import { saveBlob } from "../download.ts";
import { useEffect, useState } from "react";
import { api, apiBlob } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { ApiError } from "../api.ts";
import { useT } from "../i18n/use_t.ts";
import { Button, Notice, Select } from "../ui/controls.tsx";
import type { PlainKey, ResourceMeta } from "../features/list/meta.ts";
import { metaOfResource } from "./resources.ts";
import * as shell from "../shell/shell.css.ts";
import * as css from "./import_file.css.ts";
import { table } from "../features/stock/stock.css.ts";
import { cellMessage, followJob, type ImportResult, type Job, type Preview } from "./import_job.ts";

const TYPES = ["Product", "ProductGroup", "Company", "Person", "Address", "StorageSpace", "Stock"] as const;
type RecordType = (typeof TYPES)[number];
type Mode = "add" | "update";
const IGNORE = "__ignore";

export function ImportFileScreen() {
  const t = useT();
  const [type, setType] = useState<RecordType>("Product");
  const [meta, setMeta] = useState<ResourceMeta | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dateFormat, setDateFormat] = useState<"YMD" | "DMY" | "MDY">("YMD");
  const [decimal, setDecimal] = useState<"." | ",">(".");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ processed: number; total: number; phase: string } | null>(null);
  const [stockMode, setStockMode] = useState<StockMode>("openingBalance");
  const [mode, setMode] = useState<Mode>("add");
  useEffect(() => {
    // Stock is no resource: its columns are the stock file's own.
    const fields = type === "Stock"
      ? Promise.resolve({ fields: stockFields } as unknown as ResourceMeta)
      : metaOfResource[type]();
    fields.then(setMeta, (err) => setError(errorMessage(t, err)));
    setPreview(null);
    setDone(null);
    // Not every type updates stored records (a contact person has nothing that names one).
    setMode("add");
  }, [type, t]);
  const label = (field: string) => {
    const f = meta?.fields.find((x) => x.name === field);
    return f ? t.t(f.labelKey as PlainKey) : field;
  };
  const form = (withMapping: boolean, as: Mode = mode) => {
    const body = new FormData();
    body.append("file", file!);
    body.append("recordType", type);
    body.append("dateFormat", dateFormat);
    body.append("decimalSeparator", decimal);
    if (type === "Stock") body.append("stockMode", stockMode);
    else body.append("mode", as);
    if (withMapping) {
      body.append(
        "mapping",
        JSON.stringify(Object.fromEntries((preview?.columns ?? []).map((c) => [c, mapping[c] ?? ""]))),
      );
    }
    return body;
  };
  /** A job's progress on the bar: rows checked, then (an import) rows written. */
  const showJob = (job: Job) =>
    setProgress({
      processed: job.phase === "checking" ? job.checked : job.processed,
      total: job.total,
      phase: job.phase,
    });
  const look = async (withMapping: boolean, as: Mode = mode) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      let p = await api<Preview & { jobId?: string; total: number }>(
        "POST",
        "/Import/preview",
        form(withMapping, as),
      );
      if (p.jobId) {
        // A long file is read as a job: its progress until the preview is ready.
        setProgress({ processed: 0, total: p.total, phase: "reading" });
        const job = await followJob(
          p.jobId,
          (j) => setProgress({ processed: j.checked, total: j.total, phase: "reading" }),
        );
        setProgress(null);
        if (!job.preview) {
          setPreview(null);
          setError(job.error?.message ?? t.t("apiError.server.unknown", { requestId: "" }));
          return;
        }
        p = job.preview;
      }
      setPreview(p);
      setMapping(p.mapping);
    } catch (err) {
      setProgress(null);
      setPreview(null);
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  /** What an import did, in words: nothing changed, or what it added and updated. */
  const outcome = (r: ImportResult) => {
    const [added, updated, unchanged] = [r.added ?? r.imported, r.updated ?? 0, r.unchanged ?? 0];
    if (added + updated === 0 && unchanged > 0) {
      return t.t("importFile.nothingChanged", { count: t.number(unchanged) });
    }
    if (updated === 0 && unchanged === 0) return t.t("importFile.done", { count: r.imported });
    return t.t("importFile.result", {
      added: t.number(added),
      updated: t.number(updated),
      unchanged: t.number(unchanged),
    });
  };
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api<ImportResult & { jobId?: string; total?: number }>("POST", "/Import", form(true));
      if (r.jobId) {
        // A long file imports as a job: its progress until it ends, then its result or its refusal.
        setProgress({ processed: 0, total: r.total ?? 0, phase: "checking" });
        const job = await followJob(r.jobId, showJob);
        setProgress(null);
        if (job.status === "done") {
          setDone(outcome(job));
          setPreview(null);
        } else {
          setError(job.error?.message ?? t.t("apiError.server.unknown", { requestId: "" }));
          if (job.error?.code === "import.invalidRows") await look(true);
        }
        return;
      }
      setDone(outcome(r));
      setPreview(null);
    } catch (err) {
      setProgress(null);
      setError(errorMessage(t, err));
      // The rows refused, as the preview names them.
      if (err instanceof ApiError && err.code === "import.invalidRows") await look(true);
    } finally {
      setBusy(false);
    }
  };
  const template = async () => {
    try {
      const blob = await apiBlob(`/config/importtemplate?recordType=${type}`);
      saveBlob(blob, `${type}-import.xlsx`);
    } catch (err) {
      setError(errorMessage(t, err));
    }
  };
  const or = new Intl.ListFormat(t.lang, { type: "disjunction" });
  const bad = new Map((preview?.errors ?? []).map((e) => [`${e.row}\u0000${e.column}`, cellMessage(t, e)]));
  const fieldOptions = [
    { id: IGNORE, label: t.t("importFile.ignore") },
    ...(preview?.fields ?? []).map((f) => ({ id: f, label: label(f) })),
  ];
  return (
    <section className={css.screen}>
      <h1 className={shell.title}>{t.t("route.import-file")}</h1>
      <p className={css.intro}>{t.t("importFile.intro")}</p>
      <div className={css.row}>
        <Select<RecordType>
          label={t.t("importFile.recordType")}
          value={type}
          options={TYPES.map((x) => ({ id: x, label: t.t(`importFile.type.${x}` as PlainKey) }))}
          onChange={setType}
        />
        {type === "Stock"
          ? (
            <Select<StockMode>
              label={t.t("importFile.stockMode")}
              value={stockMode}
              options={stockModes.map((m) => ({ id: m, label: t.t(`importFile.stockMode.${m}`) }))}
              onChange={(m) => {
                setStockMode(m);
                setPreview(null);
              }}
            />
          )
          : null}
        <Button quiet onPress={() => void template()}>{t.t("importFile.template")}</Button>
      </div>
      <label className={css.file}>
        {t.t("importFile.file")}
        <input
          type="file"
          name="importFile"
          accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            setFile(e.currentTarget.files?.[0] ?? null);
            setPreview(null);
            setDone(null);
          }}
        />
      </label>
      <div className={css.row}>
        <Select<"YMD" | "DMY" | "MDY">
          label={t.t("importFile.dateFormat")}
          value={dateFormat}
          options={[
            { id: "YMD", label: t.t("importFile.date.YMD") },
            { id: "DMY", label: t.t("importFile.date.DMY") },
            { id: "MDY", label: t.t("importFile.date.MDY") },
          ]}
          onChange={setDateFormat}
        />
        <Select<"." | ",">
          label={t.t("importFile.decimal")}
          value={decimal}
          options={[{ id: ".", label: t.t("importFile.decimal.dot") }, {
            id: ",",
            label: t.t("importFile.decimal.comma"),
          }]}
          onChange={setDecimal}
        />
        <Button isDisabled={!file || busy} onPress={() => void look(false)}>
          {t.t("importFile.preview")}
        </Button>
      </div>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {progress
        ? (
          <ProgressLine
            label={t.t(progress.phase === "reading" ? "importFile.reading" : "importFile.importing")}
            value={progress.processed}
            max={progress.total}
            text={progress.phase === "importing"
              ? t.t("importFile.progress", {
                processed: t.number(progress.processed),
                total: t.number(progress.total),
              })
              : t.t("importFile.checking", { total: t.number(progress.total) })}
          />
        )
        : null}
      {done ? <Notice>{done}</Notice> : null}
      {preview
        ? (
          <>
            <p>{t.t("importFile.total", { count: preview.total })}</p>
            {preview.matchFields.length
              ? (
                <Select<Mode>
                  label={t.t("importFile.mode")}
                  value={mode}
                  options={[
                    { id: "add", label: t.t("importFile.mode.add") },
                    {
                      id: "update",
                      label: t.t("importFile.mode.update", {
                        fields: or.format(preview.matchFields.map(label)),
                      }),
                    },
                  ]}
                  onChange={(m) => {
                    // What a row that matches a stored record is depends on it: the rows are checked again.
                    setMode(m);
                    void look(true, m);
                  }}
                />
              )
              : null}
            {preview.ignoredColumns.length
              ? <Notice>{t.t("importFile.ignored", { columns: preview.ignoredColumns.join(", ") })}</Notice>
              : null}
            <h2 className={css.heading}>{t.t("importFile.mapping")}</h2>
            <div className={css.mapping}>
              {preview.columns.map((c) => (
                <Select<string>
                  key={c}
                  label={c}
                  value={mapping[c] ?? IGNORE}
                  options={fieldOptions}
                  onChange={(v) => setMapping((m) => ({ ...m, [c]: v === IGNORE ? "" : v }))}
                />
              ))}
              <Button quiet isDisabled={busy} onPress={() => void look(true)}>
                {t.t("importFile.check")}
              </Button>
            </div>
            {preview.errorCount
              ? (
                <>
                  <h2 className={css.heading}>
                    {t.t("importFile.errors", { count: preview.errorCount })}
                  </h2>
                  <ul className={css.errors} data-testid="import-errors">
                    {preview.errors.map((e, i) => (
                      <li key={i}>
                        {t.t("importFile.errorAt", { row: e.row, column: e.column ?? "—" })}{" "}
                        {cellMessage(t, e)}
                      </li>
                    ))}
                  </ul>
                  {preview.errors.length < preview.errorCount
                    ? (
                      <p>
                        {t.t("importFile.moreErrors", {
                          shown: t.number(preview.errors.length),
                          count: t.number(preview.errorCount),
                        })}
                      </p>
                    )
                    : null}
                </>
              )
              : <Notice>{t.t("importFile.noErrors")}</Notice>}
            {preview.summary
              ? (
                <p data-testid="import-summary">
                  {t.t("importFile.summary", {
                    added: t.number(preview.summary.added),
                    updated: t.number(preview.summary.updated),
                    unchanged: t.number(preview.summary.unchanged),
                  })}
                </p>
              )
              : null}
            <h2 className={css.heading}>{t.t("importFile.firstRows")}</h2>
            <div className={css.scroll}>
              <table className={table}>
                <thead>
                  <tr>{preview.columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
                </thead>
                <tbody>
                  {preview.rows.map((r, i) => (
                    <tr key={i}>
                      {preview.columns.map((c) => {
                        // A bad cell is marked where it stands, its message on it.
                        const wrong = bad.get(`${preview.rowNumbers?.[i]}\u0000${c}`);
                        return (
                          <td
                            key={c}
                            className={wrong ? css.badCell : undefined}
                            title={wrong}
                            aria-invalid={!!wrong || undefined}
                          >
                            {r[c]}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Button isDisabled={busy || preview.errorCount > 0} onPress={() => void run()}>
              {t.t("importFile.run", { count: preview.total })}
            </Button>
          </>
        )
        : null}
    </section>
  );
}
