// Administration → Printers → Sites and agents (issue 32): the sites whose printers are reached through a
// print agent on the site's own network, each with whether its agent is connected; an administrator adds
// and edits sites and, in a site's dialog, makes its agent's key (shown this once, with a copy button),
// replaces it or withdraws it. Staff see the sites and their agents' state.
import { useState } from "react";
import { useAtomValue } from "jotai";
import { api } from "../api.ts";
import { useT } from "../i18n/use_t.ts";
import { pushToast, startupAtom } from "../state.ts";
import { ResourceList } from "../features/list/resource_list.tsx";
import type { PlainKey } from "../features/list/meta.ts";
import type { Values } from "../features/dialogs/form_state.ts";
import { useVerb } from "../features/dialogs/use_verb.ts";
import { Button, Notice, TextField } from "../ui/controls.tsx";
import * as ui from "../ui/ui.css.ts";
import * as shell from "../shell/shell.css.ts";
import { printSiteMeta } from "../../shared/resources/generated/print_site.ts";
import { RelatedScreens } from "./related.tsx";

const ROUTE = "print-sites";

type RouteProps = { openedDialogId?: string; additionalParams?: string };

/** The site's agent: connected or not, or no key (and, with `name`, its computer's name after it). */
function AgentState(p: { record: Values; name?: boolean }) {
  const t = useT();
  const state = String(p.record.agentState ?? "noKey");
  const name = p.name && p.record.agentName ? ` · ${String(p.record.agentName)}` : "";
  return (
    <span data-testid="agent-state" data-state={state}>
      {t.t(`option.agentState.${state}` as PlainKey) + name}
    </span>
  );
}

/** A site's agent and its key: the state, when the key was made, and making, replacing, withdrawing it. */
function AgentKeyPanel(p: { record: Values; reload: () => void; admin: boolean }) {
  const t = useT();
  const [key, setKey] = useState<string | null>(null);
  const verb = useVerb({ show: "toast" });
  const [copied, setCopied] = useState(false);
  const hasKey = p.record.agentState !== "noKey";
  const act = (path: string, after: (answer: Values & { key?: string }) => void) =>
    verb.run(() => api<Values & { key?: string }>("POST", `/PrintSite/${p.record.id}/${path}`), {
      done: (answer) => {
        after(answer);
        p.reload();
      },
    });
  return (
    <section data-testid="agent-key-panel" aria-label={t.t("printAgent.key.title")}>
      <h3>{t.t("printAgent.key.title")}</h3>
      <p>
        {t.t("field.printSite.agentState")}: <AgentState record={p.record} />
      </p>
      {p.record.agentLastSeenAt
        ? (
          <p className={ui.description}>
            {t.t("printAgent.lastSeen", {
              when: t.instant(String(p.record.agentLastSeenAt)),
              address: String(p.record.agentLastSeenIp ?? "—"),
            })}
          </p>
        )
        : null}
      <p className={ui.description}>
        {hasKey
          ? t.t("printAgent.key.made", {
            when: t.instant(String(p.record.agentKeyMadeAt ?? "")),
            name: String(p.record.agentKeyMadeByName ?? "—"),
          })
          : t.t("printAgent.key.none")}
      </p>
      {key
        ? (
          <div data-testid="agent-key-made">
            <Notice>{t.t("printAgent.key.once")}</Notice>
            <TextField name="agentKey" label={t.t("printAgent.key.label")} value={key} isReadOnly />
            <span data-testid="agent-key" hidden>{key}</span>
            <Button
              quiet
              onPress={() =>
                navigator.clipboard?.writeText(key).then(() => setCopied(true), () => setCopied(false))}
            >
              {copied ? t.t("printAgent.key.copied") : t.t("printAgent.key.copy")}
            </Button>
          </div>
        )
        : null}
      {p.admin
        ? (
          <>
            {hasKey ? <p className={ui.description}>{t.t("printAgent.key.replaceNote")}</p> : null}
            <div className={ui.buttonRow}>
              <Button
                isDisabled={verb.busy}
                onPress={() =>
                  void act("agentKey", (answer) => {
                    setKey(answer.key ?? null);
                    setCopied(false);
                  })}
              >
                {hasKey ? t.t("printAgent.key.replace") : t.t("printAgent.key.make")}
              </Button>
              {hasKey
                ? (
                  <Button
                    danger
                    isDisabled={verb.busy}
                    onPress={() =>
                      void act("agentKey/withdraw", () => {
                        setKey(null);
                        pushToast("info", t.t("printAgent.key.withdrawn"));
                      })}
                  >
                    {t.t("printAgent.key.withdraw")}
                  </Button>
                )
                : null}
            </div>
          </>
        )
        : null}
    </section>
  );
}

export function PrintSitesScreen(p: RouteProps) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const admin = startup ? startup.user.isSuperUser && !startup.user.connectedContractorId : null;
  const title = t.t("route.print-sites");
  return (
    <section>
      <h1 className={shell.title}>{title}</h1>
      <RelatedScreens route={ROUTE} />
      <p className={ui.description}>{t.t("printAgent.howTo")}</p>
      <ResourceList
        meta={printSiteMeta}
        route={ROUTE}
        title={title}
        openedDialogId={p.openedDialogId}
        additionalParams={p.additionalParams}
        canEdit={admin}
        renderCell={(field, row) => field.name === "agentName" ? <AgentState record={row} name /> : undefined}
        dialogExtra={(record, reload) => <AgentKeyPanel record={record} reload={reload} admin={!!admin} />}
      />
    </section>
  );
}
