// Where someone is signed in (ASVS 7.5.2, 7.4.5): the user's own sign-ins from the user's menu, each with
// its device, address and times, ended one by one or all but this one at once; and, for an administrator,
// one user's sign-ins from the user's dialog, ended together. The server's lists: GET /Auth/Sessions,
// GET /User/{id}/Sessions (docs/api.md, Authentication).
import { useCallback, useEffect, useState } from "react";
import { api } from "../../api.ts";
import { endSignIn } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import { pushToast } from "../../state.ts";
import { Button, Notice } from "../../ui/controls.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import * as table from "../../ui/table.css.ts";
import * as ui from "../../ui/ui.css.ts";
import { deviceOf } from "./device.ts";

export interface SessionItem {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  idleExpiresAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

/**
 * The sign-ins of the caller (`userId` absent) or of a user an administrator looks after; `onClose` when
 * the dialog is closed.
 */
export function SessionsDialog(p: { userId?: number; title?: string; onClose: () => void }) {
  const t = useT();
  const own = p.userId === undefined;
  const path = own ? "/Auth/Sessions" : `/User/${p.userId}/Sessions`;
  const [items, setItems] = useState<SessionItem[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    api<{ results: SessionItem[] }>("GET", path).then((r) => {
      setItems(r.results);
      setError(null);
    }, setError);
  }, [path]);
  useEffect(load, [load]);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      pushToast("info", done);
      load();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  function end(item: SessionItem) {
    // Ending the sign-in this page uses is signing out.
    if (item.current) return endSignIn();
    void run(() => api("DELETE", `/Auth/Sessions/${encodeURIComponent(item.id)}`), t.t("sessions.ended"));
  }

  const others = (items ?? []).filter((i) => !i.current).length;
  return (
    <ModalDialog
      title={p.title ?? t.t("sessions.title")}
      isOpen
      onOpenChange={(open) => !open && p.onClose()}
      size="wide"
    >
      <p>{t.t(own ? "sessions.intro" : "sessions.introAdmin")}</p>
      {error ? <Notice kind="error">{errorMessage(t, error)}</Notice> : null}
      {items === null
        ? (error ? null : <p>{t.t("common.loading")}</p>)
        : items.length === 0
        ? <p>{t.t("sessions.none")}</p>
        : (
          <div className={table.scroll}>
            <table className={table.table} data-testid="sessions">
              <thead>
                <tr>
                  <th>{t.t("sessions.device")}</th>
                  <th>{t.t("sessions.address")}</th>
                  <th>{t.t("sessions.signedIn")}</th>
                  <th>{t.t("sessions.lastUsed")}</th>
                  <th>{t.t("sessions.endsBy")}</th>
                  {own
                    ? (
                      <th>
                        <span className={ui.visuallyHidden}>{t.t("sessions.actions")}</span>
                      </th>
                    )
                    : null}
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} data-current={item.current ? "" : undefined}>
                    <td>
                      {deviceOf(item.userAgent) || t.t("sessions.unknownDevice")}
                      {item.current ? <strong>{` (${t.t("sessions.thisDevice")})`}</strong> : null}
                    </td>
                    <td>{item.ip ?? "—"}</td>
                    <td>{t.instant(item.createdAt)}</td>
                    <td>{t.instant(item.lastUsedAt)}</td>
                    <td>{t.instant(item.idleExpiresAt)}</td>
                    {own
                      ? (
                        <td>
                          <Button quiet danger isDisabled={busy} onPress={() => end(item)}>
                            {t.t(item.current ? "common.signOut" : "sessions.end")}
                          </Button>
                        </td>
                      )
                      : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      <DialogFooter>
        {own
          ? (
            <Button
              danger
              isDisabled={busy || others === 0}
              onPress={() => void run(() => api("DELETE", "/Auth/Sessions"), t.t("sessions.endedOthers"))}
            >
              {t.t("sessions.endOthers")}
            </Button>
          )
          : (
            <Button
              danger
              isDisabled={busy || !items?.length}
              onPress={() =>
                void run(() => api("DELETE", `/User/${p.userId}/Sessions`), t.t("sessions.endedAll"))}
            >
              {t.t("sessions.endAll")}
            </Button>
          )}
        <Button quiet onPress={p.onClose}>{t.t("common.close")}</Button>
      </DialogFooter>
    </ModalDialog>
  );
}
