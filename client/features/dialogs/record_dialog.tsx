// The add, edit and preview dialogs of any resource, from its metadata. An edit sends `version`: a
// record changed by someone else meanwhile is refused (409) and said so, with the input kept. Server
// field codes appear beside their fields; "the form has errors" above them. Delete asks first. While
// the dialog edits a record, others editing it are named (real-time edit mode).
import { focusFirstInvalid, InvalidFieldsProvider, useInvalidFields } from "../../ui/number_field.tsx";
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Form } from "react-aria-components/Form";
import { api, ApiError } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useEditMode, useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import { useAtomValue } from "jotai";
import { startupAtom } from "../../state.ts";
import { Button, Notice } from "../../ui/controls.tsx";
import { ConfirmDialog } from "../../ui/confirm.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import { type PlainKey, recordTitle, type ResourceMeta } from "../list/meta.ts";
import { buildBody, initialValues, isEditable, type Mode, placeErrors, type Values } from "./form_state.ts";
import { RecordFields } from "./record_form.tsx";
import { Attachments } from "./attachments.tsx";
import { DiscussionPanel } from "./discussion.tsx";
import { PrintButton, printTypeOf } from "../print/print_dialog.tsx";
import { LayoutPreview } from "../print/layout_preview.tsx";

/** Records without attachments: the logs, users and the portal's mirror of an order. */
const NO_ATTACHMENTS = new Set([
  "RecordLog",
  "SystemLog",
  "SecurityLog",
  "User",
  "ExternalOrder",
  "FavoriteAction",
]);
import { ChangeTable, entryOfLog, HistoryButton } from "./history.tsx";
import { UserSessionsButton } from "../sessions/user_sessions_button.tsx";
import { metaOfResource } from "../../screens/resources.ts";
import * as css from "./dialogs.css.ts";

export interface RecordDialogProps {
  meta: ResourceMeta;
  mode: Mode;
  /** The record's id; null for an add or a singleton. */
  id: number | null;
  isAdmin: boolean;
  onClose: () => void;
  onSaved: (record: Values) => void;
  onDeleted?: () => void;
  /** Offered in a preview to switch to editing. */
  onEdit?: () => void;
  /** Values a new record's form starts with (an event added at the time clicked on the calendar). */
  initial?: Values;
  /**
   * The metadata the form shows for the values it holds (a new order: its type's own fields). The fields it
   * leaves out are neither shown nor sent.
   */
  shape?: (values: Values) => ResourceMeta;
  /**
   * More of the record below its fields (a freight ticket's offers and messages); `reload` reads the record
   * again after a verb changed it.
   */
  extra?: (record: Values, reload: () => void) => ReactNode;
}

interface Message {
  kind: "info" | "error";
  text: string;
}

export function RecordDialog(p: RecordDialogProps) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  /** Staff discuss records; a contractor's users do not see the discussion. */
  const staff = startup !== null && !startup.user.connectedContractorId;
  const { meta, mode } = p;
  const recordPath = meta.singleton ? meta.path : `${meta.path}/${p.id}`;
  const [record, setRecord] = useState<Values | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<Values>(() => ({ ...initialValues(meta, mode, null), ...p.initial }));
  /** The values as the form opened with them: a close with other values asks first. */
  const [opened, setOpened] = useState<Values>(values);
  const [discarding, setDiscarding] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [elsewhere, setElsewhere] = useState<"changed" | "deleted" | null>(null);
  const invalid = useInvalidFields();
  const form = useRef<HTMLFormElement>(null);
  /** Bumped by each refused save: the first field marked wrong is then brought into view and focused. */
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (!refusals) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) {
      first.scrollIntoView({ block: "center" });
      first.focus();
    } else form.current?.querySelector<HTMLElement>("[data-form-message]")?.focus();
  }, [refusals]);

  /** Bumped to read the record again (after a verb of the extra part changed it). */
  const [reads, setReads] = useState(0);
  useEffect(() => {
    if (mode === "add") return;
    let cancelled = false;
    api<Values>("GET", recordPath).then((r) => {
      if (cancelled) return;
      setRecord(r);
      const start = initialValues(meta, mode, r);
      setValues(start);
      setOpened(start);
    }, (err) => !cancelled && setLoadError(errorMessage(t, err)));
    return () => {
      cancelled = true;
    };
    // The record is read once per opening; a language change (a new `t`) does not reload it.
  }, [recordPath, mode, meta, reads]);

  const recordId = typeof record?.id === "number" ? record.id : p.id;
  const { otherEditors } = useEditMode(meta.resource, recordId, mode === "edit" && record !== null);
  useResourceEvents(meta.resource, (e) => {
    if (mode !== "add" && (meta.singleton || e.id === recordId)) {
      setElsewhere(e.action === "deleted" ? "deleted" : "changed");
    }
  });

  const { shape } = p;
  const formMeta = useMemo(() => (shape ? shape(values) : meta), [shape, values, meta]);
  const shownNames = useMemo(
    () => new Set(formMeta.fields.filter((f) => isEditable(f, mode, p.isAdmin)).map((f) => f.name)),
    [formMeta, mode, p.isAdmin],
  );

  async function save(e: FormEvent) {
    e.preventDefault();
    if (mode === "preview" || busy) return;
    // A number field holding text that is not a number it may send: say so there, send nothing.
    if (focusFirstInvalid(invalid)) {
      setMessage({ kind: "error", text: t.t("error.formHasErrors") });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const body = buildBody(formMeta, mode, values, record, p.isAdmin);
      const saved = await api<Values>(mode === "add" ? "POST" : "PUT", meta.path, body);
      setErrors({});
      p.onSaved(saved);
    } catch (err) {
      // What the user typed stays; only the messages change.
      const apiErr = err instanceof ApiError ? err : null;
      const { byField, other } = placeErrors(shownNames, apiErr?.fields);
      setErrors(byField);
      setRefusals((n) => n + 1);
      if (apiErr?.code === "validation.failed") {
        const rest = other.map((c) => t.t(c as PlainKey));
        setMessage({ kind: "error", text: [t.t("error.formHasErrors"), ...rest].join(" ") });
      } else {
        setMessage({ kind: "error", text: errorMessage(t, err) });
      }
    } finally {
      setBusy(false);
    }
  }

  /** Closing a form with changes (or with a number that could not be read) asks before they are lost. */
  function close() {
    const changed = JSON.stringify(values) !== JSON.stringify(opened) || invalid.size > 0;
    if (mode !== "preview" && changed && !busy) setDiscarding(true);
    else p.onClose();
  }

  async function remove() {
    setBusy(true);
    try {
      await api("DELETE", recordPath);
      setConfirming(false);
      p.onDeleted?.();
    } catch (err) {
      setConfirming(false);
      setMessage({ kind: "error", text: errorMessage(t, err) });
    } finally {
      setBusy(false);
    }
  }

  const title = recordTitle(meta, record);
  /** A RecordLog entry shows its change as the history does, not its two objects. */
  const isLogEntry = meta.resource === "RecordLog";
  const shownMeta = useMemo(
    () => isLogEntry ? { ...formMeta, fields: formMeta.fields.filter((f) => f.kind !== "json") } : formMeta,
    [formMeta, isLogEntry],
  );
  // Every record but the logs' own entries has its history (a singleton, the account, by its path).
  const hasHistory = !meta.readOnly && record !== null && (meta.singleton || typeof recordId === "number");
  const heading = mode === "add"
    ? t.t((meta.addKey ?? meta.nameKey) as PlainKey)
    : mode === "edit"
    ? t.t("dialog.edit", { title: title || t.t(meta.nameKey as PlainKey) })
    : t.t("dialog.preview", { title: title || t.t(meta.nameKey as PlainKey) });
  const loading = mode !== "add" && !record && !loadError;

  return (
    <ModalDialog title={heading} isOpen onOpenChange={(open) => !open && close()} size="wide">
      {loadError
        ? (
          <>
            <Notice kind="error">{loadError}</Notice>
            <DialogFooter>
              <Button onPress={p.onClose}>{t.t("common.close")}</Button>
            </DialogFooter>
          </>
        )
        : loading
        ? <p>{t.t("common.loading")}</p>
        : (
          <Form
            ref={form}
            onSubmit={save}
            validationBehavior="aria"
            className={css.form}
            aria-label={heading}
            data-testid="record-form"
          >
            {otherEditors.length
              ? <Notice>{t.t("dialog.otherEditors", { names: otherEditors.join(", ") })}</Notice>
              : null}
            {elsewhere
              ? (
                <Notice kind="error">
                  {t.t(elsewhere === "deleted" ? "dialog.deletedElsewhere" : "dialog.changedElsewhere")}
                </Notice>
              )
              : null}
            {message
              ? (
                <div tabIndex={-1} data-form-message="">
                  <Notice kind={message.kind}>{message.text}</Notice>
                </div>
              )
              : null}
            <InvalidFieldsProvider value={invalid}>
              <RecordFields
                t={t}
                meta={shownMeta}
                mode={mode}
                isAdmin={p.isAdmin}
                record={record}
                values={values}
                onChange={(name, v) => setValues((old) => ({ ...old, [name]: v }))}
                errors={errors}
              />
            </InvalidFieldsProvider>
            {isLogEntry && record ? <LogEntryChanges record={record} /> : null}
            {mode !== "add" && record && p.extra ? p.extra(record, () => setReads((n) => n + 1)) : null}
            {
              /* Files attach to records (not to logs, reports or the one account): once the record exists. */
            }
            {meta.resource === "PrintLayout"
              ? <LayoutPreview type={values.type} content={values.content} />
              : null}
            {mode !== "add" && record && !meta.singleton && !meta.readOnly && recordId !== null &&
                !NO_ATTACHMENTS.has(meta.resource)
              ? <Attachments resource={meta.resource} id={recordId} />
              : null}
            {mode !== "add" && record && !meta.singleton && !meta.readOnly && recordId !== null &&
                !NO_ATTACHMENTS.has(meta.resource) && staff
              ? <DiscussionPanel resource={meta.resource} id={recordId} />
              : null}
            <DialogFooter>
              {mode === "edit" && !meta.singleton && p.onDeleted
                ? (
                  <span className={css.actionsStart}>
                    <Button danger isDisabled={busy} onPress={() => setConfirming(true)}>
                      {t.t("dialog.delete")}
                    </Button>
                  </span>
                )
                : null}
              {hasHistory
                ? (
                  <HistoryButton
                    meta={meta}
                    id={meta.singleton ? null : recordId}
                    title={title || t.t(meta.nameKey as PlainKey)}
                  />
                )
                : null}
              {meta.resource === "User" && startup?.user.isSuperUser && mode !== "add" &&
                  typeof recordId === "number"
                ? <UserSessionsButton userId={recordId} name={title} />
                : null}
              {mode !== "add" && typeof recordId === "number" && printTypeOf[meta.resource]
                ? <PrintButton quiet type={printTypeOf[meta.resource]} items={[{ id: recordId }]} />
                : null}
              {mode === "preview" && p.onEdit
                ? <Button onPress={p.onEdit}>{t.t("dialog.editButton")}</Button>
                : null}
              <Button quiet onPress={close}>
                {mode === "preview" ? t.t("common.close") : t.t("common.cancel")}
              </Button>
              {mode === "preview" ? null : (
                <Button type="submit" isDisabled={busy}>
                  {busy ? t.t("common.loading") : t.t("common.save")}
                </Button>
              )}
            </DialogFooter>
          </Form>
        )}
      <ConfirmDialog
        isOpen={discarding}
        title={t.t("dialog.discardTitle")}
        message={t.t("dialog.discardMessage")}
        confirmLabel={t.t("dialog.discard")}
        cancelLabel={t.t("dialog.keepEditing")}
        onConfirm={() => {
          setDiscarding(false);
          p.onClose();
        }}
        onCancel={() => setDiscarding(false)}
      />
      <ConfirmDialog
        isOpen={confirming}
        title={t.t("dialog.confirmDeleteTitle")}
        message={t.t("dialog.confirmDelete", { title })}
        confirmLabel={t.t("dialog.delete")}
        cancelLabel={t.t("common.cancel")}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </ModalDialog>
  );
}

/** A log entry's change, with the field names of the record type it is about. */
function LogEntryChanges(p: { record: Values }) {
  const t = useT();
  const type = String(p.record.resourceType);
  const known = type in metaOfResource;
  // The field names come with the record type's metadata: the table waits for it (a type without any,
  // such as the tenant's settings, shows its keys at once).
  const [meta, setMeta] = useState<ResourceMeta | null | undefined>(known ? undefined : null);
  useEffect(() => {
    let cancelled = false;
    metaOfResource[type]?.().then((m) => !cancelled && setMeta(m), () => !cancelled && setMeta(null));
    return () => {
      cancelled = true;
    };
  }, [type]);
  if (meta === undefined) return <p>{t.t("common.loading")}</p>;
  return <ChangeTable meta={meta} entry={entryOfLog(p.record)} />;
}
