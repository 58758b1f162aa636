// A confirmation before something that cannot be undone: an alert dialog whose first focus is the
// harmless choice, so Enter pressed out of habit cancels.
import { Dialog } from "react-aria-components/Dialog";
import { Heading } from "react-aria-components/Heading";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import { Button } from "./controls.tsx";
import * as m from "./modal.css.ts";

export function ConfirmDialog(p: {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ModalOverlay
      isOpen={p.isOpen}
      onOpenChange={(open) => !open && p.onCancel()}
      isDismissable
      className={m.overlay}
    >
      <Modal className={m.modal}>
        <Dialog role="alertdialog" className={m.dialog}>
          <Heading slot="title" className={m.title}>{p.title}</Heading>
          <div className={m.body}>
            <p>{p.message}</p>
            <div className={m.footer}>
              <Button quiet autoFocus onPress={p.onCancel}>{p.cancelLabel}</Button>
              <Button danger isDisabled={p.busy} onPress={p.onConfirm}>{p.confirmLabel}</Button>
            </div>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
