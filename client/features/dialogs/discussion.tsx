// A record's discussion in its dialog (issue 18): the messages written about it, oldest first, each with its
// author and time; a new one added; and what others write arriving as they write it (the discussion's hub
// event brings the messages after the last one shown).
import { useEffect, useState } from "react";
import { useAppending } from "./appending.ts";
import { useVerb } from "./use_verb.ts";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useResourceEvents } from "../../hub.ts";
import { useT } from "../../i18n/use_t.ts";
import { Button, Notice, TextField } from "../../ui/controls.tsx";
import * as css from "./dialogs.css.ts";

interface Message {
  id: number;
  author: string | null;
  text: string;
  createdAt: string;
}

/** The record's discussion behind a button, so that a dialog opens on the record's own fields. */
export function DiscussionPanel(p: { resource: string; id: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <section className={css.attachments} aria-labelledby="discussion-title" data-testid="discussion">
      <h3 id="discussion-title" className={css.attachmentsTitle}>
        <Button quiet aria-expanded={open} onPress={() => setOpen(!open)}>{t.t("discussion.title")}</Button>
      </h3>
      {open ? <Discussion resource={p.resource} id={p.id} /> : null}
    </section>
  );
}

function Discussion(p: { resource: string; id: number }) {
  const t = useT();
  const [discussionId, setDiscussionId] = useState<number | null>(null);
  const { items: messages, last, add } = useAppending<Message>();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const verb = useVerb({ show: "notice" });
  useEffect(() => {
    api<{ id: number; messages: Message[] }>("GET", `/Discussion/${encodeURIComponent(p.resource)}/${p.id}`)
      .then(
        (d) => {
          setDiscussionId(d.id);
          add(d.messages);
        },
        (err) => setError(errorMessage(t, err)),
      );
  }, [p.resource, p.id, add, t]);
  useResourceEvents("Discussion", (e) => {
    if (discussionId === null || e.id !== discussionId) return;
    api<Message[]>("GET", `/Discussion/${discussionId}/messages/${last.current}`).then(add, () => {});
  });
  async function send() {
    if (discussionId === null || !text.trim()) return;
    setError(null);
    await verb.run(() => api<Message>("POST", `/Discussion/${discussionId}/message`, { text }), {
      done: (sent) => {
        add([sent]);
        setText("");
      },
    });
  }
  return (
    <>
      {messages.length === 0
        ? <p className={css.attachmentsEmpty}>{t.t("discussion.none")}</p>
        : (
          <ol className={css.attachmentList} aria-live="polite">
            {messages.map((m) => (
              <li key={m.id} className={css.attachment} data-testid="discussion-message">
                <span className={css.attachmentName}>{m.author ?? t.t("discussion.someone")}</span>
                <span className={css.attachmentMeta}>
                  {t.instant(m.createdAt)}
                </span>
                <span className={css.wide}>{m.text}</span>
              </li>
            ))}
          </ol>
        )}
      {(verb.refusal ?? error) ? <Notice kind="error">{verb.refusal ?? error}</Notice> : null}
      <TextField
        name="discussionMessage"
        label={t.t("discussion.write")}
        value={text}
        onChange={setText}
        multiline
      />
      <div>
        <Button isDisabled={verb.busy || !text.trim() || discussionId === null} onPress={() => void send()}>
          {t.t("discussion.send")}
        </Button>
      </div>
    </>
  );
}
