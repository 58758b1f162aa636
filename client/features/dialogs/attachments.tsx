// A record's attachments in its dialog (issue 18): the files listed with their size and who added them, an
// image or a PDF previewed in place (its bytes fetched with the user's sign-in, shown from a blob: URL), any
// file downloaded, and, for staff, a file added or removed. The server judges each file by its bytes.
import { useCallback, useEffect, useRef, useState } from "react";
import { useAtomValue } from "jotai";
import { api, apiBlob } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { saveBlob } from "../../download.ts";
import { useT } from "../../i18n/use_t.ts";
import { startupAtom } from "../../state.ts";
import { Button, Notice } from "../../ui/controls.tsx";
import { ConfirmDialog } from "../../ui/confirm.tsx";
import { ModalDialog } from "../../ui/modal.tsx";
import * as css from "./dialogs.css.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

interface FileInfo {
  id: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
  createdByName: string | null;
  previewable: boolean;
}

export function Attachments(p: { resource: string; id: number }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const staff = startup !== null && !startup.user.connectedContractorId;
  const [files, setFiles] = useState<FileInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ file: FileInfo; url: string } | null>(null);
  const [removing, setRemoving] = useState<FileInfo | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ref = `refResourceType=${encodeURIComponent(p.resource)}&refResourceId=${p.id}`;
  const load = useCallback(() => {
    api<FileInfo[]>("GET", `/File/list?${ref}`).then(setFiles, (err) => setError(errorMessage(t, err)));
  }, [ref, t]);
  useEffect(load, [load]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview.url);
  }, [preview]);

  const upload = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append("file", file);
      await api("POST", `/File/upload?${ref}`, form);
      load();
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };
  const open = async (file: FileInfo, asDownload: boolean) => {
    try {
      const blob = await apiBlob(`/File/${asDownload ? "download-classic" : "download"}/${file.id}`);
      if (!asDownload && file.previewable) {
        setPreview({ file, url: URL.createObjectURL(blob) });
        return;
      }
      saveBlob(blob, file.fileName);
    } catch (err) {
      setError(errorMessage(t, err));
    }
  };
  /** A workbook shown as the PDF of its first sheet (the server converts it). */
  const openAsPdf = async (file: FileInfo) => {
    try {
      const blob = await apiBlob(`/File/download/${file.id}?convertXlsxToPdf=true`);
      setPreview({ file: { ...file, contentType: "application/pdf" }, url: URL.createObjectURL(blob) });
    } catch (err) {
      setError(errorMessage(t, err));
    }
  };
  const remove = async (file: FileInfo) => {
    try {
      await api("DELETE", `/File/delete/${file.id}`);
      setRemoving(null);
      load();
    } catch (err) {
      setRemoving(null);
      setError(errorMessage(t, err));
    }
  };

  return (
    <section className={css.attachments} aria-labelledby={`attachments-${p.resource}-${p.id}`}>
      <h3 id={`attachments-${p.resource}-${p.id}`} className={css.attachmentsTitle}>
        {t.t("attachments.title")}
      </h3>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {files && !files.length ? <p className={css.attachmentsEmpty}>{t.t("attachments.none")}</p> : null}
      {files?.length
        ? (
          <ul className={css.attachmentList}>
            {files.map((f) => (
              <li key={f.id} className={css.attachment} data-file={f.fileName}>
                <span className={css.attachmentName}>{f.fileName}</span>
                <span className={css.attachmentMeta}>
                  {t.t("attachments.meta", {
                    size: t.number(Math.max(1, Math.round(f.sizeBytes / 1024))),
                    by: f.createdByName ?? "—",
                    at: t.instant(f.createdAt),
                  })}
                </span>
                {f.previewable
                  ? (
                    <Button quiet onPress={() => void open(f, false)}>
                      {t.t("attachments.show")}
                    </Button>
                  )
                  : null}
                {f.contentType === XLSX
                  ? <Button quiet onPress={() => void openAsPdf(f)}>{t.t("attachments.showAsPdf")}</Button>
                  : null}
                <Button quiet onPress={() => void open(f, true)}>{t.t("attachments.download")}</Button>
                {staff
                  ? <Button quiet danger onPress={() => setRemoving(f)}>{t.t("attachments.remove")}</Button>
                  : null}
              </li>
            ))}
          </ul>
        )
        : null}
      {staff
        ? (
          <label className={css.attachmentAdd}>
            {t.t("attachments.add")}
            <input
              ref={input}
              type="file"
              name="attachment"
              disabled={busy}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (file) void upload(file);
              }}
            />
          </label>
        )
        : null}
      {preview
        ? (
          <ModalDialog
            title={preview.file.fileName}
            isOpen
            size="wide"
            onOpenChange={(o) => !o && setPreview(null)}
          >
            {preview.file.contentType === "application/pdf"
              ? <iframe src={preview.url} title={preview.file.fileName} className={css.previewFrame} />
              : <img src={preview.url} alt={preview.file.fileName} className={css.previewImage} />}
            <Button onPress={() => setPreview(null)}>{t.t("common.close")}</Button>
          </ModalDialog>
        )
        : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={t.t("attachments.removeTitle")}
        message={t.t("attachments.removeMessage", { name: removing?.fileName ?? "" })}
        confirmLabel={t.t("attachments.remove")}
        cancelLabel={t.t("common.cancel")}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
