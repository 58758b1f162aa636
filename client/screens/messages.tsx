// Messages (issue 18): every message sent by e-mail or SMS with its status, how many recipients it reached
// or failed, and an SMS's segment count (the list, live over the hub); a failed one tried again from its
// row; and a new message: the channel, the tags whose people and companies receive it and addresses of
// its own, an e-mail template or a text. The server sends after its answer (POST Message/send).
import { useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useT } from "../i18n/use_t.ts";
import { pushToast, startupAtom } from "../state.ts";
import { Button } from "../ui/controls.tsx";
import * as ui from "../ui/ui.css.ts";
import { ResourceList } from "../features/list/resource_list.tsx";
import { SendDialog } from "../features/messages/send_dialog.tsx";
import type { FieldMeta, Row } from "../features/list/meta.ts";
import { messageMeta } from "../../shared/resources/generated/message.ts";
import * as shell from "../shell/shell.css.ts";

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
