// Keys: a scanner gun anywhere on the screen, the scan field included (wedge.ts tells a gun's burst from a
// person typing), and the scan field always ready: focus returns to it after each step, but never in the
// middle of keys coming in.
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import type { ScannerSuffix } from "../../shell/chrome.tsx";
import { defaultWedge, WedgeReader } from "./wedge.ts";
import { unlockSound } from "./feedback.ts";

/** The scan field: its element and what it holds. */
export function useScanField() {
  const ref = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  return { ref, text, setText };
}

export function useScannerKeys(
  p: {
    suffix: ScannerSuffix;
    field: RefObject<HTMLInputElement | null>;
    setText: (change: (text: string) => string) => void;
    onScan: (code: string) => void;
    /** The step the operator is at, and the last thing said: focus returns to the scan field on a change. */
    expecting: string;
    say: unknown;
  },
) {
  const { suffix, field: scanField, setText } = p;
  const wedge = useMemo(
    () => new WedgeReader({ ...defaultWedge, suffix: suffix === "none" ? null : suffix }),
    [suffix],
  );
  /** When the last key came (the focus is not moved while keys come in). */
  const lastKeyAt = useRef(-Infinity);
  const handleRef = useRef(p.onScan);
  useEffect(() => {
    handleRef.current = p.onScan;
  });

  useEffect(() => {
    /** Keys a burst held back that were typing after all: typed into the field that has the focus. */
    const typeInto = (el: Element | null, text: string, remove = 0) => {
      if (!(el instanceof HTMLInputElement)) return;
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      set.call(el, el.value.slice(0, Math.max(0, el.value.length - remove)) + text);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    };
    const take = (r: ReturnType<WedgeReader["feed"]>, target: Element | null, e?: KeyboardEvent) => {
      if (r.kind === "held") e?.preventDefault();
      if (r.kind === "pass" && r.release) typeInto(target, r.release);
      if (r.kind === "scan") {
        e?.preventDefault();
        // Characters let into a field before the burst was known to be a scan are taken back.
        if (r.typedAhead) typeInto(target, "", r.typedAhead);
        void handleRef.current(r.code);
      }
    };
    let pause: ReturnType<typeof setTimeout> | undefined;
    /** The scan field's current burst of keys: how many, the last one's time. */
    const burst = { keys: 0, last: -Infinity };
    const onKey = (e: KeyboardEvent) => {
      unlockSound();
      lastKeyAt.current = performance.now();
      const target = document.activeElement;
      const field = scanField.current;
      // GS1's FNC1 separator: guns send it as the GS character (Ctrl+] on a keyboard layout).
      if (field && target === field && (e.key === "GroupSeparator" || (e.ctrlKey && e.key === "]"))) {
        e.preventDefault();
        setText((v) => v + "\x1d");
        return;
      }
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      if (field && target === field) {
        const now = e.timeStamp;
        burst.keys = now - burst.last <= defaultWedge.maxGapMs ? burst.keys + 1 : 1;
        burst.last = now;
        // The scan field keeps every key: Enter submits what it holds; a gun ending with Tab, or with
        // nothing, has its scan taken from the field at the suffix or the pause.
        if (suffix === "Tab" && e.key === "Tab" && field.value) {
          e.preventDefault();
          void handleRef.current(field.value);
        }
        if (suffix === "none" && e.key.length === 1) {
          clearTimeout(pause);
          // A gun's burst that filled the field, not a person typing into it.
          pause = setTimeout(() => {
            const value = field.value;
            if (burst.keys >= defaultWedge.minLength && burst.keys >= value.length) {
              void handleRef.current(value);
            }
          }, defaultWedge.maxGapMs + 10);
        }
        return;
      }
      // When the key was made, not when the page got to it: a busy page must not split a gun's burst.
      take(wedge.feed({ key: e.key, at: e.timeStamp }), target, e);
      clearTimeout(pause);
      // The end of a burst: a gun without a suffix has finished its scan; held keys were typing.
      pause = setTimeout(
        () => take(wedge.flush(performance.now()), document.activeElement),
        defaultWedge.maxGapMs + 10,
      );
    };
    addEventListener("keydown", onKey, true);
    addEventListener("pointerdown", unlockSound, { once: true });
    return () => {
      clearTimeout(pause);
      removeEventListener("keydown", onKey, true);
    };
  }, [wedge, suffix, scanField, setText]);

  // A refresh of the document from the server is no step and moves nothing.
  useEffect(() => {
    if (p.expecting === "quantity" || p.expecting === "lot") return;
    if (performance.now() - lastKeyAt.current < 500) return;
    scanField.current?.focus({ preventScroll: true });
  }, [p.expecting, p.say, scanField]);
}
