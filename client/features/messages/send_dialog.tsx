// Writing a message (issue 18): the channel, the tags whose people and companies receive it and addresses
// of its own, an e-mail template or a text; from a record (a document), its values fill the template and its
// printout may go along. The server sends after its answer (POST Message/send).
import { useEffect, useState } from "react";
import { api } from "../../api.ts";
import { useT } from "../../i18n/use_t.ts";
import { userTimeZone } from "../../../shared/i18n/mod.ts";
import { pushToast } from "../../state.ts";
import { Button, Checkbox, Notice, Select, TextField } from "../../ui/controls.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import { useVerb } from "../dialogs/use_verb.ts";
import * as css from "../../screens/messages.css.ts";

/** Text typed as a list: one item a line or between commas. */
const items = (text: string) => text.split(/[\n,;]+/).map((s) => s.trim()).filter(Boolean);

export function SendDialog(p: {
  onClose: () => void;
  onSent: () => void;
  /** The record it is sent from: its values fill the template, its printout may be attached. */
  about?: { resource: string; id: number; title: string };
}) {
  const t = useT();
  const [channel, setChannel] = useState<"email" | "sms">("email");
  const [tags, setTags] = useState("");
  const [to, setTo] = useState("");
  const [templateId, setTemplateId] = useState("");
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [templates, setTemplates] = useState<{ id: number; name: string }[]>([]);
  const verb = useVerb({ show: "notice" });
  const [printout, setPrintout] = useState(p.about !== undefined);
  useEffect(() => {
    api<{ results: { id: number; name: string }[] }>("GET", "/EmailTemplate?PageSize=200&sortColumn=name")
      .then((r) => setTemplates(r.results), () => setTemplates([]));
  }, []);
  const fieldErrors = (name: string) => verb.fields[name] ?? [];
  function send() {
    return verb.run(() =>
      api<{ recipients: number; smsSegments: number | null }>("POST", "/Message/send", {
        channel,
        recipientTags: items(tags),
        to: items(to),
        timeZone: userTimeZone(),
        ...(templateId ? { templateId: Number(templateId) } : {}),
        ...(subject ? { subject } : {}),
        ...(body ? { body } : {}),
        ...(p.about
          ? {
            refResourceType: p.about.resource,
            refResourceId: p.about.id,
            attachPrintout: channel === "email" && printout,
          }
          : {}),
      }), {
      done: (sent) => {
        pushToast("info", t.plural("messages.queued", sent.recipients));
        p.onSent();
      },
    });
  }
  return (
    <ModalDialog
      title={p.about ? t.t("messages.about", { title: p.about.title }) : t.t("messages.new")}
      isOpen
      onOpenChange={(o) => !o && p.onClose()}
      size="wide"
    >
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
        {p.about && channel === "email"
          ? <Checkbox isSelected={printout} onChange={setPrintout}>{t.t("messages.attachPrintout")}</Checkbox>
          : null}
        <TextField
          name="body"
          label={t.t("field.message.body")}
          value={body}
          onChange={setBody}
          multiline
          errors={fieldErrors("body")}
        />
        {verb.refusal ? <Notice kind="error">{verb.refusal}</Notice> : null}
        <DialogFooter>
          <Button quiet onPress={p.onClose}>{t.t("common.cancel")}</Button>
          <Button isDisabled={verb.busy} onPress={() => void send()}>{t.t("messages.send")}</Button>
        </DialogFooter>
      </div>
    </ModalDialog>
  );
}
