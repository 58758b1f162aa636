// A button that opens a small non-modal dialog beside it (filters and the like): focus moves in,
// Escape or a press outside closes it, focus returns to the button.
import type { ReactNode } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { Dialog, DialogTrigger } from "react-aria-components/Dialog";
import { Popover } from "react-aria-components/Popover";
import * as s from "./ui.css.ts";

export function PopoverButton(p: {
  /** The button's accessible name. */
  label: string;
  /** What the button shows (an icon); the label is its name. */
  children: ReactNode;
  /** The dialog's content; `close` shuts it. */
  content: (close: () => void) => ReactNode;
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
  pressed?: boolean;
  /** Where the dialog opens; beside the button's start by default. */
  placement?: "bottom start" | "bottom end";
}) {
  return (
    <DialogTrigger isOpen={p.isOpen} onOpenChange={p.onOpenChange}>
      <AriaButton aria-label={p.label} className={p.className} data-active={p.pressed || undefined}>
        {p.children}
      </AriaButton>
      <Popover className={s.popover} placement={p.placement ?? "bottom start"}>
        <Dialog aria-label={p.label} className={s.popoverDialog}>
          {({ close }) => p.content(close)}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
