// My company → Change base currency (administrators): the new currency and what becomes of the exchange
// rates, which are rates against the base: recompute them against the new currency (from its own rate),
// keep them as typed, or remove them. Nothing is chosen for the user; the change and the rates are one call
// (POST ClientAccount/base-currency), refusals shown beside their fields with the input kept.
import { type FormEvent, useEffect, useState } from "react";
import { Form } from "react-aria-components/Form";
import { api, ApiError } from "../api.ts";
import { errorMessage, fieldErrorMessages } from "../errors.ts";
import { useT } from "../i18n/use_t.ts";
import { Button, Notice, TextField } from "../ui/controls.tsx";
import { RadioGroup } from "../ui/radio_group.tsx";
import { DialogFooter, ModalDialog } from "../ui/modal.tsx";
import type { Values } from "../features/dialogs/form_state.ts";
import * as dialogs from "../features/dialogs/dialogs.css.ts";

type Choice = "recompute" | "keep" | "clear";

interface Rate {
  currencySign: string;
  baseRate: number;
}

export function BaseCurrencyDialog(
  p: { account: Values; onClose: () => void; onChanged: (account: Values) => void },
) {
  const t = useT();
  const current = String(p.account.baseCurrency ?? "EUR");
  const [code, setCode] = useState("");
  const [choice, setChoice] = useState<Choice | null>(null);
  const [rates, setRates] = useState<Rate[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<{ results: Rate[] }>("GET", "/ExchangeRate?PageSize=1000&sortColumn=currencySign").then(
      (r) => setRates(r.results),
      (err) => setMessage(errorMessage(t, err)),
    );
  }, []);

  const wanted = code.trim().toUpperCase();
  const pivot = rates.find((r) => r.currencySign === wanted);
  // Recomputing needs the new currency's own rate: without one the choice is there but cannot be taken.
  const recomputeHint = pivot
    ? t.t("baseCurrency.recomputeHint", {
      rate: `1 ${wanted} = ${t.number(pivot.baseRate, { maximumFractionDigits: 10 })} ${current}`,
      old: current,
    })
    : t.t("baseCurrency.recomputeNoRate");

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const account = await api<Values>("POST", "/ClientAccount/base-currency", {
        baseCurrency: code,
        ...(choice ? { exchangeRates: choice } : {}),
        version: p.account.version,
      });
      p.onChanged(account);
    } catch (err) {
      const fields = fieldErrorMessages(t, err);
      setErrors(fields);
      const placed = err instanceof ApiError && err.code === "validation.failed" &&
        Object.keys(fields).every((k) => k === "baseCurrency" || k === "exchangeRates");
      setMessage(placed ? t.t("error.formHasErrors") : errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={t.t("baseCurrency.title")} isOpen onOpenChange={(open) => !open && p.onClose()}>
      <Form
        onSubmit={submit}
        validationBehavior="aria"
        className={dialogs.form}
        aria-label={t.t("baseCurrency.title")}
      >
        {message ? <Notice kind="error">{message}</Notice> : null}
        <p>{t.t("baseCurrency.intro", { currency: current })}</p>
        <TextField
          name="baseCurrency"
          label={t.t("baseCurrency.new")}
          value={code}
          onChange={setCode}
          isRequired
          description={t.t("baseCurrency.newHint")}
          errors={errors.baseCurrency}
        />
        <RadioGroup<Choice>
          name="exchangeRates"
          label={t.t("baseCurrency.rates")}
          value={choice}
          onChange={setChoice}
          isRequired
          errors={errors.exchangeRates}
          options={[
            {
              id: "recompute",
              label: t.t("baseCurrency.recompute"),
              description: recomputeHint,
              isDisabled: !pivot,
            },
            { id: "keep", label: t.t("baseCurrency.keep"), description: t.t("baseCurrency.keepHint") },
            { id: "clear", label: t.t("baseCurrency.clear"), description: t.t("baseCurrency.clearHint") },
          ]}
        />
        <p>{t.t("baseCurrency.pricesNote")}</p>
        <DialogFooter>
          <Button quiet onPress={p.onClose}>{t.t("common.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>
            {busy ? t.t("common.loading") : t.t("baseCurrency.submit")}
          </Button>
        </DialogFooter>
      </Form>
    </ModalDialog>
  );
}
