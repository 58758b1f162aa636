// Administration → My company: the company's own account (ClientAccount), shown to everyone and edited
// by administrators in the generic edit dialog (/my-company/edit); the base currency is changed in a dialog
// of its own that asks what becomes of the exchange rates (/my-company/base-currency). Administrators also
// see the month's documents against the account's limit (document_usage.tsx), and may end every sign-in of
// the company at once (everyone signs in again; ASVS 7.4.5).
import { useCallback, useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { clientAccountMeta } from "../../shared/resources/generated/client_account.ts";
import { api } from "../api.ts";
import { errorMessage } from "../errors.ts";
import { useResourceEvents } from "../hub.ts";
import { useT } from "../i18n/use_t.ts";
import { navigate } from "../shell/navigation.ts";
import { pushToast, startupAtom, store } from "../state.ts";
import { Button, Notice } from "../ui/controls.tsx";
import { ConfirmDialog } from "../ui/confirm.tsx";
import { RecordDialog } from "../features/dialogs/record_dialog.tsx";
import { RecordFields } from "../features/dialogs/record_form.tsx";
import { BaseCurrencyDialog } from "./base_currency_dialog.tsx";
import { type DocumentUsage, DocumentUsagePanel } from "./document_usage.tsx";
import type { Values } from "../features/dialogs/form_state.ts";
import * as shell from "../shell/shell.css.ts";
import * as css from "../features/dialogs/dialogs.css.ts";

export function MyCompanyScreen(p: { openedDialogId?: string }) {
  const t = useT();
  const startup = useAtomValue(startupAtom);
  const isAdmin = startup ? startup.user.isSuperUser : null;
  const [account, setAccount] = useState<Values | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [usage, setUsage] = useState<DocumentUsage | null>(null);
  const [endingAll, setEndingAll] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    api<Values>("GET", clientAccountMeta.path).then((a) => {
      setAccount(a);
      setError(null);
    }, setError);
  }, []);
  useEffect(load, [load]);
  useResourceEvents(clientAccountMeta.resource, load);
  useEffect(() => {
    if (!isAdmin) return;
    api<DocumentUsage>("GET", "/ClientAccount/document-usage").then(setUsage, setError);
  }, [isAdmin, account?.version]);

  function saved(a: Values) {
    setAccount(a);
    // The top bar shows the application title from the startup configuration.
    const current = store.get(startupAtom);
    if (current) {
      store.set(startupAtom, {
        ...current,
        clientAccount: {
          ...current.clientAccount,
          appTitle: (a.appTitle as string | null) ?? null,
          invoiceName: String(a.invoiceName),
          baseCurrency: String(a.baseCurrency),
        },
      });
    }
    pushToast("info", t.t("dialog.saved"));
    navigate("/my-company");
  }

  async function endEveryone() {
    setBusy(true);
    try {
      const { ended } = await api<{ ended: number }>("DELETE", "/ClientAccount/Sessions");
      pushToast("info", t.t("sessions.endedEveryone", { count: ended }));
      setEndingAll(false);
    } catch (err) {
      setError(err);
      setEndingAll(false);
    } finally {
      setBusy(false);
    }
  }

  function rebased(a: Values) {
    saved(a);
    pushToast("info", t.t("baseCurrency.changed", { currency: String(a.baseCurrency) }));
  }

  return (
    <section>
      <h1 className={shell.title}>{t.t("route.my-company")}</h1>
      {error ? <Notice kind="error">{errorMessage(t, error)}</Notice> : null}
      {isAdmin === false ? <Notice>{t.t("myCompany.readOnly")}</Notice> : null}
      {account
        ? (
          <div className={css.form} data-testid="my-company">
            <RecordFields
              t={t}
              meta={clientAccountMeta}
              mode="preview"
              isAdmin={false}
              record={account}
              values={{}}
              onChange={() => {}}
              errors={{}}
            />
            {usage ? <DocumentUsagePanel t={t} usage={usage} /> : null}
            {isAdmin
              ? (
                <div className={css.pair}>
                  <Button onPress={() => navigate("/my-company/edit")}>{t.t("dialog.editButton")}</Button>
                  <Button quiet onPress={() => navigate("/my-company/base-currency")}>
                    {t.t("myCompany.changeBaseCurrency")}
                  </Button>
                  <Button quiet danger onPress={() => setEndingAll(true)}>
                    {t.t("sessions.endEveryone")}
                  </Button>
                </div>
              )
              : null}
          </div>
        )
        : error
        ? null
        : <p>{t.t("common.loading")}</p>}
      {isAdmin && p.openedDialogId === "edit"
        ? (
          <RecordDialog
            meta={clientAccountMeta}
            mode="edit"
            id={null}
            isAdmin
            onClose={() => navigate("/my-company")}
            onSaved={saved}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={endingAll}
        title={t.t("sessions.endEveryone")}
        message={t.t("sessions.endEveryoneConfirm")}
        confirmLabel={t.t("sessions.endEveryone")}
        cancelLabel={t.t("common.cancel")}
        busy={busy}
        onConfirm={() => void endEveryone()}
        onCancel={() => setEndingAll(false)}
      />
      {isAdmin && account && p.openedDialogId === "base-currency"
        ? (
          <BaseCurrencyDialog
            account={account}
            onClose={() => navigate("/my-company")}
            onChanged={rebased}
          />
        )
        : null}
    </section>
  );
}
