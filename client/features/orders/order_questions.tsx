// The questions an order dialog asks before a verb: whether confirming makes the documents too, whether to
// revert, delete or finish a count, and the reason an order is closed by hand.
import { type FormEvent, useState } from "react";
import { useT } from "../../i18n/use_t.ts";
import { Button, TextField } from "../../ui/controls.tsx";
import { ConfirmDialog } from "../../ui/confirm.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import type { Ask } from "./use_order.ts";
import * as dcss from "../documents/documents.css.ts";

export function OrderQuestions(p: {
  orderId: number;
  number: string;
  ask: Ask;
  setAsk: (ask: Ask) => void;
  busy: boolean;
  run: (method: string, path: string, done: string, body?: unknown) => Promise<boolean>;
  remove: () => Promise<boolean>;
}) {
  const t = useT();
  const [reason, setReason] = useState("");
  return (
    <>
      <ModalDialog
        title={t.t("orders.confirmTitle")}
        isOpen={p.ask === "confirm"}
        onOpenChange={(v) => !v && p.setAsk(null)}
      >
        <div className={dcss.section} data-testid="generate-question">
          <p>{t.t("orders.generateQuestion")}</p>
          <DialogFooter>
            <Button
              isDisabled={p.busy}
              onPress={() =>
                void p.run(
                  "POST",
                  `/WmsOrder/${p.orderId}/confirm?generateDocuments=true`,
                  "orders.confirmed",
                )}
            >
              {t.t("orders.withDocuments")}
            </Button>
            <Button
              isDisabled={p.busy}
              onPress={() =>
                void p.run(
                  "POST",
                  `/WmsOrder/${p.orderId}/confirm?generateDocuments=false`,
                  "orders.confirmed",
                )}
            >
              {t.t("orders.withoutDocuments")}
            </Button>
            <Button quiet onPress={() => p.setAsk(null)}>{t.t("common.cancel")}</Button>
          </DialogFooter>
        </div>
      </ModalDialog>
      <ConfirmDialog
        isOpen={p.ask === "revert" || p.ask === "delete" || p.ask === "finish"}
        title={t.t(
          p.ask === "delete"
            ? "orders.deleteTitle"
            : p.ask === "finish"
            ? "orders.finishTitle"
            : "orders.revertTitle",
        )}
        message={t.t(
          p.ask === "delete"
            ? "orders.deleteQuestion"
            : p.ask === "finish"
            ? "orders.finishQuestion"
            : "orders.revertQuestion",
          { number: p.number },
        )}
        confirmLabel={t.t(
          p.ask === "delete" ? "orders.delete" : p.ask === "finish" ? "orders.finish" : "order.action.revert",
        )}
        cancelLabel={t.t("common.cancel")}
        busy={p.busy}
        onConfirm={() =>
          void (p.ask === "delete"
            ? p.remove()
            : p.ask === "finish"
            ? p.run("POST", `/WmsOrder/${p.orderId}/finish`, "orders.finished")
            : p.run("POST", `/WmsOrder/${p.orderId}/revert`, "orders.reverted"))}
        onCancel={() => p.setAsk(null)}
      />
      <ModalDialog
        title={t.t("orders.closeTitle")}
        isOpen={p.ask === "close"}
        onOpenChange={(v) => !v && p.setAsk(null)}
      >
        <form
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (reason.trim()) {
              void p.run("POST", `/WmsOrder/${p.orderId}/close`, "orders.closed", {
                reason: reason.trim(),
              });
            }
          }}
          className={dcss.section}
        >
          <TextField
            name="reason"
            label={t.t("orders.reason")}
            value={reason}
            onChange={setReason}
            isRequired
          />
          <DialogFooter>
            <Button type="submit" danger isDisabled={p.busy || !reason.trim()}>{t.t("orders.close")}</Button>
            <Button quiet onPress={() => p.setAsk(null)}>{t.t("common.cancel")}</Button>
          </DialogFooter>
        </form>
      </ModalDialog>
    </>
  );
}
