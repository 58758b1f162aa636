// In a user's dialog (Administration → Users, administrators): remove all of the user's second factors and
// recovery codes, for a user who lost their phone or passkeys and their codes. The administrator's own
// password is asked again; the user's sign-ins end (DELETE /User/{id}/second-factor).
import { useState } from "react";
import { api } from "../../api.ts";
import { useT } from "../../i18n/use_t.ts";
import { pushToast } from "../../state.ts";
import { Button } from "../../ui/controls.tsx";
import * as ui from "../../ui/ui.css.ts";
import { PasswordDialog } from "./password_dialog.tsx";
import * as css from "./second_factor.css.ts";

export function ResetSecondFactor(p: { userId: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className={css.section}>
      <div className={ui.buttonRow}>
        <Button quiet onPress={() => setOpen(true)}>{t.t("mfa.reset")}</Button>
      </div>
      {open
        ? (
          <PasswordDialog
            title={t.t("mfa.reset")}
            submit={t.t("mfa.reset")}
            onClose={() => setOpen(false)}
            action={async (currentPassword) => {
              await api("DELETE", `/User/${p.userId}/second-factor`, { currentPassword });
              pushToast("info", t.t("mfa.reset.done"));
              setOpen(false);
            }}
          >
            {() => <p className={css.intro}>{t.t("mfa.reset.explain")}</p>}
          </PasswordDialog>
        )
        : null}
    </div>
  );
}
