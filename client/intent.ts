// Writes carry a person's intent (issue 31). A value is written only by a person's own edit or an explicit
// action, never by a redraw: the components hold that rule (a field reports only what the person typed), and
// this is the net under them in the one API client. A write (POST, PUT, PATCH, DELETE) of a signed-in page
// is refused before it leaves when
// - it comes while the screen is redrawn for a new language, theme or menu style (from the change until the
//   redraw and its effects have run): nobody can have typed anything in that moment, so whatever writes
//   then is a defect of the screen, like the price list that saved its prices anew in another language;
// - no person has used the page (a key, a pointer, typing, a drop) for IDLE_MS, and no write they started
//   is still going on: an idle screen that receives a hub event or a refresh writes nothing.
// A refused write throws the `edit.notByPerson` error, is written to the console with its stack (the culprit)
// and kept in `refusedWrites` (the browser tests assert it stays empty). Writes that carry a person's action
// kept for later (the terminal's durable queue of scans, each with its Idempotency-Key, sent when the
// network allows), that are that very change (the chosen language saved to the user's settings) or that
// only read by a POST (a numbering pattern's next number) say so with their `cause`.
import { compactMenuAtom, langAtom, simplifiedMenuAtom, store, themeAtom } from "./state.ts";

/** Why a write is not a person's edit of this moment, when it may still go (see the header). */
export type WriteCause = "queued" | "setting" | "read";

/** A person who has not touched the page for this long is not editing anything. */
const IDLE_MS = 120_000;
/** How long a redraw for a new language may take at most, when the page gets no frames (in the background). */
const REDRAW_LIMIT_MS = 2_000;

const INPUT_EVENTS = [
  "pointerdown",
  "pointerup",
  "keydown",
  "keyup",
  "input",
  "change",
  "drop",
  "paste",
  "submit",
  // A screen reader's or voice control's press is a click with no pointer or key before it.
  "click",
];

let lastInput = -Infinity;
let redraws = 0;
let writesInFlight = 0;

export interface RefusedWrite {
  method: string;
  path: string;
  reason: "redraw" | "idle";
  stack: string;
}
export const refusedWrites: RefusedWrite[] = [];

function noteInput(e: Event): void {
  if (e.isTrusted) lastInput = performance.now();
}

/** Until the redraw after an ambient change (and the effects it ran) is over, no write may leave. */
function redrawing(): void {
  redraws++;
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    redraws--;
  };
  // Two frames: the new render is committed and painted, its effects have run; then one more task, in
  // which whatever those effects started synchronously has been sent or refused.
  if (typeof requestAnimationFrame === "function") {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(end, 0)));
  }
  setTimeout(end, REDRAW_LIMIT_MS);
}

let watching = false;
/** Starts watching the page's input and its ambient changes (once, in the browser). */
export function watchIntent(): void {
  if (watching || typeof addEventListener !== "function") return;
  watching = true;
  for (const type of INPUT_EVENTS) addEventListener(type, noteInput, { capture: true, passive: true });
  for (const a of [langAtom, themeAtom, compactMenuAtom, simplifiedMenuAtom]) store.sub(a, redrawing);
  // For the browser tests: what was refused, and whether a redraw or a write is still under way.
  Object.assign(globalThis, {
    __wmsRefusedWrites: refusedWrites,
    __wmsIntent: { settled: () => redraws === 0 && writesInFlight === 0 },
  });
}

/** Is this a write that a person's edit has to account for (not a read, not one with its own cause)? */
function personsWrite(method: string, cause?: WriteCause): boolean {
  return method !== "GET" && method !== "HEAD" && cause === undefined;
}

/** Why a write must not leave now, or null when it may. Reads and writes of a page not signed in pass. */
export function writeRefusal(
  method: string,
  signedIn: boolean,
  cause?: WriteCause,
): RefusedWrite["reason"] | null {
  if (!watching || !signedIn || !personsWrite(method, cause)) return null;
  if (redraws > 0) return "redraw";
  if (performance.now() - lastInput > IDLE_MS && writesInFlight === 0) return "idle";
  return null;
}

/** Records a refused write where developers and the tests see it. */
export function noteRefused(method: string, path: string, reason: RefusedWrite["reason"]): void {
  const stack = new Error(`write refused (${reason}): ${method} ${path}`).stack ?? "";
  refusedWrites.push({ method, path, reason, stack });
  console.error(`A write no person made was refused (${reason}): ${method} ${path}\n${stack}`);
}

/**
 * A call that left; answers what to call when it is answered. While a person's write runs, the writes it
 * leads to belong to the same action (a document's positions saved one by one); reads and writes with a
 * cause of their own (a queued scan, a preview) neither count nor keep the page active.
 */
export function writeStarted(method: string, cause?: WriteCause): () => void {
  if (!personsWrite(method, cause)) return () => {};
  writesInFlight++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    writesInFlight--;
    lastInput = Math.max(lastInput, performance.now());
  };
}
