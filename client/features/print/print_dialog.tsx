// Printing records: the layout (the type's default first), the copies, and where to: a PDF shown here (the
// browser's viewer prints and saves it), a ZPL file, or a network label printer the job is sent to. The
// server draws and sends (POST Print: server/domain/printing/); a printer of a site gets the job through the
// site's print agent, and the dialog then follows the job live: waiting, with the agent, printed or failed.
import { printTypeOfResource } from "../../../shared/printing/sources.ts";
import { useCallback, useEffect, useState } from "react";
import { api, apiBlob } from "../../api.ts";
import { useResourceEvents } from "../../hub.ts";
import type { PlainKey } from "../list/meta.ts";
import { errorMessage } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import { userTimeZone } from "../../../shared/i18n/mod.ts";
import { pushToast } from "../../state.ts";
import { saveBlob } from "../../download.ts";
import { Button, Notice, Select } from "../../ui/controls.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import * as css from "./print.css.ts";

/** The layout types a resource's records print as (server/domain/printing/service.ts). */
export const printTypeOf: Record<string, string> = printTypeOfResource;

export interface PrintItem {
  id: number;
  /** A label's own values beside its record's (a production's quantity and dates). */
  values?: Record<string, unknown>;
}

interface Layout {
  id: number;
  name: string;
  isDefault: boolean;
}
interface Printer {
  id: number;
  name: string;
  host: string;
  isDefault: boolean;
}

/** A job queued for a site's print agent, as GET PrintJob/{id} answers it. */
interface PrintJob {
  id: number;
  state: "queued" | "sent" | "printed" | "failed";
  printerName: string | null;
  failureReason: string | null;
  failureDetail: string | null;
}

const finished = (state: PrintJob["state"]) => state === "printed" || state === "failed";

/** A queued job's state, followed live (its events through the hub; read again now and then besides). */
function JobState(p: { id: number; printer: string }) {
  const t = useT();
  const [job, setJob] = useState<PrintJob>({
    id: p.id,
    state: "queued",
    printerName: p.printer,
    failureReason: null,
    failureDetail: null,
  });
  const read = useCallback(() => {
    api<PrintJob>("GET", `/PrintJob/${p.id}`).then(setJob, () => {/* read again at the next event */});
  }, [p.id]);
  useEffect(read, [read]);
  useResourceEvents("PrintJob", (e) => {
    if (e.id === p.id) read();
  });
  // Without the hub (its socket reconnecting) the state still arrives.
  useEffect(() => {
    if (finished(job.state)) return;
    const timer = setInterval(read, 5_000);
    return () => clearInterval(timer);
  }, [job.state, read]);
  const printer = job.printerName ?? p.printer;
  return (
    <div role="status" data-testid="print-job" data-state={job.state}>
      <Notice kind={job.state === "failed" ? "error" : "info"}>
        {job.state === "failed"
          ? t.t("print.job.failed", {
            id: job.id,
            reason: t.t(`option.failureReason.${job.failureReason ?? "other"}` as PlainKey),
          })
          : t.t(`print.job.${job.state}`, { id: job.id, printer })}
        {job.state === "failed" && job.failureDetail
          ? <span>{" " + t.t("print.job.detail", { detail: job.failureDetail })}</span>
          : null}
      </Notice>
    </div>
  );
}

const filterOf = (field: string, value: unknown) =>
  encodeURIComponent(JSON.stringify([{ field, operator: "eq", value }]));

export function PrintDialog(p: { type: string; items: PrintItem[]; onClose: () => void }) {
  const t = useT();
  const [layouts, setLayouts] = useState<Layout[] | null>(null);
  const [printers, setPrinters] = useState<Printer[]>([]);
  const [layoutId, setLayoutId] = useState<string>("");
  const [target, setTarget] = useState<string>("pdf");
  const [copies, setCopies] = useState<number | null>(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pdf, setPdf] = useState<string | null>(null);
  const [pdfBlob, setPdfBlob] = useState<Blob | null>(null);
  /** The last job queued for a site's print agent from this dialog. */
  const [job, setJob] = useState<{ id: number; printer: string } | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const found = await api<{ results: Layout[] }>(
          "GET",
          `/PrintLayout?PageSize=200&sortColumn=name&BasicFiltersSerialized=${filterOf("type", p.type)}`,
        );
        const machines = await api<{ results: Printer[] }>("GET", "/Printer?PageSize=200&sortColumn=name");
        if (!live) return;
        setLayouts(found.results);
        setLayoutId(String((found.results.find((l) => l.isDefault) ?? found.results[0])?.id ?? ""));
        setPrinters(machines.results);
        const usual = machines.results.find((m) => m.isDefault);
        if (usual && p.type !== "wmsDocument" && p.type !== "wmsOrder") setTarget(`printer:${usual.id}`);
      } catch (err) {
        if (live) setError(errorMessage(t, err));
      }
    })();
    return () => {
      live = false;
    };
  }, [p.type, t]);

  useEffect(() => () => {
    if (pdf) URL.revokeObjectURL(pdf);
  }, [pdf]);

  async function run() {
    setBusy(true);
    setJob(null);
    setError(null);
    const body = {
      type: p.type,
      layoutId: layoutId ? Number(layoutId) : undefined,
      items: p.items.map((i) => ({ ...i, copies: copies ?? 1 })),
      format: target === "zpl" ? "zpl" : "pdf",
      timeZone: userTimeZone(),
      ...(target.startsWith("printer:") ? { printerId: Number(target.slice(8)) } : {}),
    };
    try {
      if (target.startsWith("printer:")) {
        const sent = await api<{ printer: string; labels: number; job?: { id: number } }>(
          "POST",
          "/Print",
          body,
        );
        if (sent.job) {
          // Queued for the site's print agent: the dialog stays to show what becomes of it.
          setJob({ id: sent.job.id, printer: sent.printer });
          return;
        }
        pushToast("info", t.plural("print.sent", sent.labels, { printer: sent.printer }));
        p.onClose();
        return;
      }
      const blob = await apiBlob("/Print", "POST", body);
      if (target === "zpl") {
        saveBlob(blob, `${p.type}.zpl`);
        p.onClose();
        return;
      }
      setPdfBlob(blob);
      setPdf(URL.createObjectURL(blob));
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  const targets = [
    { id: "pdf", label: t.t("print.target.pdf") },
    { id: "zpl", label: t.t("print.target.zpl") },
    ...printers.map((m) => ({
      id: `printer:${m.id}`,
      label: t.t("print.target.printer", { name: m.name, host: m.host }),
    })),
  ];

  return (
    <ModalDialog
      title={t.plural("print.title", p.items.length)}
      isOpen
      onOpenChange={(o) => !o && p.onClose()}
      size="wide"
    >
      <div className={css.body} data-testid="print-dialog">
        {layouts && layouts.length === 0
          ? <Notice kind="error">{t.t("apiError.print.noDefaultLayout", { type: p.type })}</Notice>
          : null}
        {layouts && layouts.length
          ? (
            <Select
              label={t.t("print.layout")}
              value={layoutId}
              onChange={setLayoutId}
              options={layouts.map((l) => ({
                id: String(l.id),
                label: l.isDefault ? t.t("print.defaultLayout", { name: l.name }) : l.name,
              }))}
            />
          )
          : null}
        <Select label={t.t("print.target")} value={target} onChange={setTarget} options={targets} />
        <NumberField
          name="copies"
          label={t.t("print.copies")}
          value={copies}
          onChange={setCopies}
          minValue={1}
          maxValue={100}
        />
        {error ? <Notice kind="error">{error}</Notice> : null}
        {job ? <JobState key={job.id} id={job.id} printer={job.printer} /> : null}
        {pdf
          ? <iframe className={css.pdf} src={pdf} title={t.t("print.preview")} data-testid="print-pdf" />
          : null}
        <DialogFooter>
          <Button quiet onPress={p.onClose}>{t.t("common.close")}</Button>
          {pdf
            ? (
              <Button
                quiet
                onPress={() => pdfBlob && saveBlob(pdfBlob, `${p.type}.pdf`)}
              >
                {t.t("print.save")}
              </Button>
            )
            : null}
          <Button isDisabled={busy || !layouts?.length} onPress={() => void run()}>
            {busy
              ? t.t("common.loading")
              : target.startsWith("printer:")
              ? t.t("print.send")
              : t.t("print.make")}
          </Button>
        </DialogFooter>
      </div>
    </ModalDialog>
  );
}

/** A button that opens the print dialog for some records. */
export function PrintButton(p: { type: string; items: PrintItem[]; label?: string; quiet?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button quiet={p.quiet} isDisabled={p.items.length === 0} onPress={() => setOpen(true)}>
        {p.label ?? t.t("print.button")}
      </Button>
      {open ? <PrintDialog type={p.type} items={p.items} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
