// In a user's dialog, for administrators: the user's sign-ins, to see where they are signed in and end
// them all (a lost phone, someone leaving). The list's code loads when it is first opened.
import { lazy, Suspense, useState } from "react";
import { useT } from "../../i18n/use_t.ts";
import { Button } from "../../ui/controls.tsx";

const SessionsDialog = lazy(() =>
  import("./sessions_dialog.tsx").then((m) => ({ default: m.SessionsDialog }))
);

export function UserSessionsButton(p: { userId: number; name: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button quiet onPress={() => setOpen(true)}>{t.t("sessions.menu")}</Button>
      {open
        ? (
          <Suspense fallback={null}>
            <SessionsDialog
              userId={p.userId}
              title={t.t("sessions.titleOf", { name: p.name })}
              onClose={() => setOpen(false)}
            />
          </Suspense>
        )
        : null}
    </>
  );
}
