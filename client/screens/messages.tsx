// Messages (issue 18): every message sent by e-mail or SMS with its status, how many recipients it reached
// or failed, and an SMS's segment count (the list, live over the hub); a failed one tried again from its
// row; and a new message: the channel, the tags whose people and companies receive it and addresses of
// its own, an e-mail template or a text. The server sends after its answer (POST Message/send).
import { useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useT } from "../i18n/use_t.ts";
import type { Translator } from "../i18n/mod.ts";
import { pushToast, startupAtom } from "../state.ts";
import { Button, Notice, Select, TextField } from "../ui/controls.tsx";
import { ModalDialog } from "../ui/modal.tsx";
import * as ui from "../ui/ui.css.ts";
import * as css from "./messages.css.ts";
import { ResourceList } from "../islands/list/resource_list.tsx";
import type { FieldMeta, Row } from "../islands/list/meta.ts";
import { messageMeta } from "../../server/domain/messaging/entity.ts";
import * as shell from "../shell/shell.css.ts";

/** Text typed as a list: one item a line or between commas. */
const items = (text: string) => text.split(/[\n,;]+/).map((s) => s.trim()).filter(Boolean);

function SendDialog(p: { t: Translator; onClose: () => void; onSent: () => void }) {
  const { t } = p;
  const [channel, setChannel] = useState<"email" | "sms">("email");
  const [tags, setTags] = useState("");
  const [to, setTo] = useState("");
  const [templateId, setTemplateId] = useState("");
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [templates, setTemplates] = useState<{ id: number; name: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  useEffect(() => {
    api<{ results: { id: number; name: string }[] }>("GET", "/EmailTemplate?PageSize=200&sortColumn=name")
      .then((r) => setTemplates(r.results), () => setTemplates([]));
  }, []);
  const fieldErrors = (name: string) => (fields[name] ?? []).map((c) => t.t(c as Parameters<typeof t.t>[0]));
  async function send() {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const sent = await api<{ recipients: number; smsSegments: number | null }>("POST", "/Message/send", {
        channel,
        recipientTags: items(tags),
        to: items(to),
        ...(templateId ? { templateId: Number(templateId) } : {}),
        ...(subject ? { subject } : {}),
        ...(body ? { body } : {}),
      });
      pushToast("info", t.plural("messages.queued", sent.recipients));
      p.onSent();
    } catch (err) {
      setError(errorMessage(t, err));
      setFields((err as { fields?: Record<string, string[]> }).fields ?? {});
    } finally {
      setBusy(false);
    }
  }
  return (
    <ModalDialog title={t.t("messages.new")} isOpen onOpenChange={(o) => !o && p.onClose()} size="wide">
      <div className={css.form} data-testid="message-dialog">
        <Select
          label={t.t("field.message.channel")}
          value={channel}
          onChange={(v) => setChannel(v)}
          options={[
            { id: "email", label: t.t("option.channel.email") },
            { id: "sms", label: t.t("option.channel.sms") },
          ]}
        />
        <TextField
          name="recipientTags"
          label={t.t("messages.tags")}
          value={tags}
          onChange={setTags}
          description={t.t("messages.tagsHint")}
          errors={fieldErrors("recipientTags")}
        />
        <TextField
          name="to"
          label={t.t(channel === "email" ? "messages.toEmail" : "messages.toPhone")}
          value={to}
          onChange={setTo}
          errors={fieldErrors("to")}
        />
        <Select
          label={t.t("messages.template")}
          value={templateId}
          onChange={setTemplateId}
          options={[
            { id: "", label: t.t("messages.noTemplate") },
            ...templates.map((x) => ({ id: String(x.id), label: x.name })),
          ]}
        />
        {channel === "email"
          ? (
            <TextField
              name="subject"
              label={t.t("field.message.subject")}
              value={subject}
              onChange={setSubject}
              errors={fieldErrors("subject")}
            />
          )
          : null}
        <TextField
          name="body"
          label={t.t("field.message.body")}
          value={body}
          onChange={setBody}
          multiline
          errors={fieldErrors("body")}
        />
        {error ? <Notice kind="error">{error}</Notice> : null}
        <div className={ui.buttonRow}>
          <Button quiet onPress={p.onClose}>{t.t("common.cancel")}</Button>
          <Button isDisabled={busy} onPress={() => void send()}>{t.t("messages.send")}</Button>
        </div>
      </div>
    </ModalDialog>
  );
}

export function MessagesScreen(p: { openedDialogId?: string; additionalParams?: string }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const [sending, setSending] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const title = t.t("route.messages");
  const retry = (row: Row) =>
    api("POST", `/Message/${row.id}/retry`).then(
      () => setReloadKey((k) => k + 1),
      (err) => pushToast("error", errorMessage(t, err)),
    );
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <div className={ui.buttonRow}>
        {startup && !startup.user.connectedContractorId
          ? <Button onPress={() => setSending(true)}>{t.t("messages.new")}</Button>
          : null}
      </div>
      <ResourceList
        meta={messageMeta}
        route="messages"
        title={title}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={false}
        reloadKey={reloadKey}
        renderCell={(f: FieldMeta, row: Row) =>
          f.name === "status" && (row.status === "failed" || row.status === "partlyFailed")
            ? (
              <span>
                {t.t(`option.status.${row.status}` as Parameters<typeof t.t>[0])}{" "}
                <Button quiet onPress={() => void retry(row)}>{t.t("messages.retry")}</Button>
              </span>
            )
            : undefined}
      />
      {sending
        ? (
          <SendDialog
            t={t}
            onClose={() => setSending(false)}
            onSent={() => {
              setSending(false);
              setReloadKey((k) => k + 1);
            }}
          />
        )
        : null}
    </section>
  );
}
