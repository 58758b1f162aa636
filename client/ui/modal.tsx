// A modal dialog (react-aria Modal + Dialog): focus trapped inside, Escape closes, focus returns to the
// opener. Add, edit and preview dialogs and the favorite editor are built on it.
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
          {p.children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
