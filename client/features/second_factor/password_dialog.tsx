// A dialog that asks for the current password again before a change of one's second factors (or an
// administrator's removal of another user's), with the fields the change needs before it.
import { type FormEvent, type ReactNode, useState } from "react";
import { Form } from "react-aria-components/Form";
import { ApiError } from "../../api.ts";
import { errorMessage, fieldErrorMessages } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import { Button, Notice, TextField } from "../../ui/controls.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import * as dialogs from "../dialogs/dialogs.css.ts";

/**
 * A dialog that asks for the current password (and whatever `fields` add) and runs `action` with it; the
 * server's refusals are shown beside their fields, anything else above them.
 */
export function PasswordDialog(p: {
  title: string;
  submit: string;
  /** Fields before the password, given the server's messages by field. */
  children?: (errors: Record<string, string[]>) => ReactNode;
  onClose: () => void;
  action: (currentPassword: string) => Promise<void>;
}) {
  const t = useT();
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      await p.action(password);
    } catch (err) {
      const fields = fieldErrorMessages(t, err);
      setErrors(fields);
      setMessage(
        err instanceof ApiError && err.code === "validation.failed"
          ? t.t("error.formHasErrors")
          : errorMessage(t, err),
      );
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={p.title} isOpen onOpenChange={(open) => !open && p.onClose()}>
      <Form onSubmit={submit} validationBehavior="aria" className={dialogs.form} aria-label={p.title}>
        {message ? <Notice kind="error">{message}</Notice> : null}
        {p.children?.(errors)}
        <TextField
          name="currentPassword"
          type="password"
          label={t.t("mfa.currentPassword")}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          isRequired
          errors={errors.currentPassword}
        />
        <DialogFooter>
          <Button quiet onPress={p.onClose}>{t.t("common.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{busy ? t.t("common.loading") : p.submit}</Button>
        </DialogFooter>
      </Form>
    </ModalDialog>
  );
}
