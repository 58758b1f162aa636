// The import wizard's state and calls: the record type and its fields, the file and how its dates and
// decimals are written, the preview (read as a job with its progress when the file is long) and the column
// mapping, then the import itself (all rows or none) and what it did in words.
import { useEffect, useState } from "react";
import { stockFields, type StockMode } from "../../shared/imports/stock_meta.ts";
import { saveBlob } from "../download.ts";
import { api, apiBlob, ApiError } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useT } from "../i18n/use_t.ts";
import type { PlainKey, ResourceMeta } from "../features/list/meta.ts";
import { metaOfResource } from "./resources.ts";
import { followJob, type ImportResult, type Job, type Preview } from "./import_job.ts";

export const TYPES = [
  "Product",
  "ProductGroup",
  "Company",
  "Person",
  "Address",
  "StorageSpace",
  "Stock",
] as const;
export type RecordType = (typeof TYPES)[number];
export type Mode = "add" | "update";

export function useImport() {
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
  return {
    t,
    type,
    setType,
    file,
    setFile,
    dateFormat,
    setDateFormat,
    decimal,
    setDecimal,
    preview,
    setPreview,
    mapping,
    setMapping,
    error,
    done,
    setDone,
    busy,
    progress,
    stockMode,
    setStockMode,
    mode,
    setMode,
    label,
    look,
    run,
    template,
  };
}
