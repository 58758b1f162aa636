// A modal dialog (react-aria Modal + Dialog): focus trapped inside, Escape closes, focus returns to the
// opener. Add, edit and preview dialogs and the favorite editor are built on it. Its title stays at the top
// and its footer (DialogFooter: Save, Cancel) at the bottom of the window; the body scrolls between them,
// so a long form never hides its buttons (a 1440×900 laptop, a phone).
import type { ReactNode } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { Heading } from "react-aria-components/Heading";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import * as s from "./modal.css.ts";

export function ModalDialog(p: {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  /** Wider dialogs for forms with many fields. */
  size?: "normal" | "wide";
}) {
  return (
    <ModalOverlay isOpen={p.isOpen} onOpenChange={p.onOpenChange} isDismissable className={s.overlay}>
      <Modal className={p.size === "wide" ? s.wide : s.modal}>
        <Dialog className={s.dialog}>
          <Heading slot="title" className={s.title}>{p.title}</Heading>
          <div className={s.body} data-dialog-body="">{p.children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * The dialog's closing row of buttons (Save, Cancel, Close): it sticks to the bottom of the dialog's body
 * while the body scrolls. The last thing in the dialog (or in its form, which may hold it for submit).
 */
export function DialogFooter(p: { children: ReactNode; label?: string }) {
  return (
    <div className={s.footer} role={p.label ? "group" : undefined} aria-label={p.label} data-dialog-footer="">
      {p.children}
    </div>
  );
}
