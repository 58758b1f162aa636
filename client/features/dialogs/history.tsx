// A record's change history: each RecordLog entry as a table of the fields it changed, named in the
// user's language, the value before beside the value after. Opened from every record's dialog (and the
// document screens) for whoever may read the record; the administrators' log shows one entry the same way.
import { useEffect, useRef, useState } from "react";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { useT } from "../../i18n/use_t.ts";
import { Button, Notice } from "../../ui/controls.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import { asObject, changedFields } from "../../../shared/record_log/changes.ts";
import { type FieldMeta, label, namesField, type PlainKey, type ResourceMeta } from "../list/meta.ts";
import { shownValue } from "./record_form.tsx";
import * as css from "./dialogs.css.ts";

export interface HistoryEntry {
  id?: number;
  action: string;
  createdAt: string;
  userName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  changed: string[];
}

const PAGE = 50;

/** A log entry's values as the history shows them (the admin log stores them as oldObject/newObject). */
export function entryOfLog(record: Record<string, unknown>): HistoryEntry {
  const before = asObject(record.oldObject ?? null);
  const after = asObject(record.newObject ?? null);
  return {
    action: String(record.action),
    createdAt: String(record.createdAt),
    userName: typeof record.userName === "string" ? record.userName : null,
    before,
    after,
    changed: changedFields(before, after),
  };
}

/** The fields of `meta` that only carry another field's display value (`contractorName` of `contractorId`). */
function displayOnly(meta: ResourceMeta | null): Set<string> {
  const names = new Set<string>();
  for (const f of meta?.fields ?? []) {
    if (f.reference?.displayField) names.add(f.reference.displayField);
    if (f.kind === "references") names.add(namesField(f));
  }
  return names;
}

function Value(
  p: { t: Translator; field: FieldMeta | undefined; value: unknown; record: Record<string, unknown> },
) {
  const { t, field: f, value } = p;
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) {
    return <span aria-label={t.t("history.empty")}>—</span>;
  }
  if (!f) return <>{typeof value === "object" ? JSON.stringify(value) : String(value)}</>;
  if (f.kind === "password") return <>••••</>;
  return <>{shownValue(t, f, value, p.record) || JSON.stringify(value)}</>;
}

/** One entry: when, who, what; and the changed fields side by side. */
export function ChangeTable(p: { meta: ResourceMeta | null; entry: HistoryEntry }) {
  const t = useT();
  const { entry, meta } = p;
  const fields = new Map((meta?.fields ?? []).map((f) => [f.name, f]));
  const skip = displayOnly(meta);
  const keys = entry.changed.filter((k) => !skip.has(k) && fields.get(k)?.kind !== "password");
  const when = t.instant(entry.createdAt);
  const action = t.t(`option.action.${entry.action}` as PlainKey);
  const heading = [when, entry.userName ?? t.t("history.system"), action].join(" · ");
  if (entry.action === "loggedIn") {
    const how = [entry.after?.method, entry.after?.ip].filter(Boolean).join(", ");
    return (
      <section className={css.historyEntry} data-testid="history-entry">
        <h3 className={css.historyHeading}>{heading}{how ? ` (${how})` : ""}</h3>
      </section>
    );
  }
  return (
    <section className={css.historyEntry} data-testid="history-entry">
      <h3 className={css.historyHeading}>{heading}</h3>
      {keys.length
        ? (
          <div className={css.rowsScroll}>
            <table className={css.historyTable}>
              <thead>
                <tr>
                  <th scope="col">{t.t("history.field")}</th>
                  <th scope="col">{t.t("history.before")}</th>
                  <th scope="col">{t.t("history.after")}</th>
                </tr>
              </thead>
              <tbody>
                {keys.map((k) => {
                  const f = fields.get(k);
                  return (
                    <tr key={k}>
                      <th scope="row">{f ? label(t, f) : k}</th>
                      <td>
                        <Value t={t} field={f} value={entry.before?.[k]} record={entry.before ?? {}} />
                      </td>
                      <td>
                        <Value t={t} field={f} value={entry.after?.[k]} record={entry.after ?? {}} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )
        : <p>{t.t("history.noFieldChanges")}</p>}
    </section>
  );
}

/** The history of one record, newest first, fifty entries at a time. */
export function HistoryDialog(
  p: {
    meta: ResourceMeta; /** null: the tenant's one record (its account) */
    id: number | null;
    title: string;
    onClose: () => void;
  },
) {
  const t = useT();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = useRef(true);
  useEffect(() => () => void (open.current = false), []);

  async function load(offset: number) {
    setBusy(true);
    try {
      const page = await api<{ entries: HistoryEntry[]; total: number }>(
        "GET",
        `${p.meta.path}${p.id === null ? "" : `/${p.id}`}/History?offset=${offset}&limit=${PAGE}`,
      );
      if (!open.current) return;
      // A change made while the dialog is open shifts the pages by one: an entry already shown is not
      // shown twice.
      setEntries((old) => {
        const kept = offset ? old ?? [] : [];
        const seen = new Set(kept.map((e) => e.id));
        return [...kept, ...page.entries.filter((e) => !seen.has(e.id))];
      });
      setTotal(page.total);
    } catch (err) {
      if (open.current) setError(errorMessage(t, err));
    } finally {
      if (open.current) setBusy(false);
    }
  }
  useEffect(() => {
    void load(0);
  }, [p.meta.path, p.id]);

  return (
    <ModalDialog
      title={t.t("history.title", { title: p.title })}
      isOpen
      onOpenChange={(open) => !open && p.onClose()}
      size="wide"
    >
      {error ? <Notice kind="error">{error}</Notice> : null}
      {entries === null && !error ? <p>{t.t("common.loading")}</p> : null}
      {entries && !entries.length ? <p>{t.t("history.none")}</p> : null}
      {entries?.map((e, i) => <ChangeTable key={e.id ?? i} meta={p.meta} entry={e} />)}
      <DialogFooter>
        {entries && entries.length < total
          ? (
            <Button quiet isDisabled={busy} onPress={() => void load(entries.length)}>
              {t.t("history.older", { count: total - entries.length })}
            </Button>
          )
          : null}
        <Button autoFocus onPress={p.onClose}>{t.t("common.close")}</Button>
      </DialogFooter>
    </ModalDialog>
  );
}

/** A "History" button and the dialog it opens. */
export function HistoryButton(p: { meta: ResourceMeta; id: number | null; title: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button quiet onPress={() => setOpen(true)}>{t.t("history.open")}</Button>
      {open ? <HistoryDialog meta={p.meta} id={p.id} title={p.title} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
