// Keyboard-wedge scanner guns (issue 15): a gun types what it reads as keystrokes, much faster than a
// person, and ends with Enter (or a configured suffix). A scan is a burst of printable keys with at most
// `maxGapMs` between them, at least `minLength` long, closed by the suffix within the same burst; anything
// slower is typing and is left to the focused field. Pure: it is fed key events with their times and says
// what was scanned, so it is tested without a browser and used the same way by every terminal screen.
// Nothing a person types is lost or doubled: keys held back by a burst that turns out to be typing are
// given back, and keys let through before a burst was known to be a scan are counted so they can be
// taken back.

export interface WedgeOptions {
  /** The longest pause between two keys of one scan (ms). Guns send a key every 1–20 ms; people 80+ (a
   * busy phone may delay a gun's key past 35 ms: 50 leaves room without taking a typist for a gun). */
  maxGapMs: number;
  /** The fewest characters a scan has (a location label or an EAN-8). */
  minLength: number;
  /** The key that ends a scan: "Enter" (most guns), "Tab", or none (a scan then ends at the pause). */
  suffix: "Enter" | "Tab" | null;
}

export const defaultWedge: WedgeOptions = { maxGapMs: 50, minLength: 4, suffix: "Enter" };

/** What one key event is to the screen. */
export type WedgeResult =
  /** The user's own key; `release`: keys held back by a burst that was typing after all, to type first. */
  | { kind: "pass"; release?: string }
  /** Part of a scan under way: not typed. */
  | { kind: "held" }
  /** A finished scan; `typedAhead`: how many of its first characters were let through before it was known. */
  | { kind: "scan"; code: string; typedAhead: number };

/** A key as the browser gives it (KeyboardEvent.key), with when it came (ms, performance.now()). */
export interface Key {
  key: string;
  at: number;
}

export class WedgeReader {
  #buffer = "";
  #last = -Infinity;
  /** Keys of the current burst let through before it was long enough to be a scan. */
  #early = 0;
  /**
   * A burst `flush` gave back as typing. A busy page may run the pause's timer between two keys of one
   * burst, which it gets late although they were made milliseconds apart: when the next key was made
   * within `maxGapMs` of the last, the burst goes on, its keys counted as typed ahead (to be taken back
   * should it end as a scan).
   */
  #given: string | null = null;

  constructor(readonly options: WedgeOptions = defaultWedge) {}

  feed(k: Key): WedgeResult {
    const fast = k.at - this.#last <= this.options.maxGapMs;
    this.#last = k.at;
    const given = this.#given;
    this.#given = null;
    if (given !== null && fast) {
      this.#buffer = given;
      this.#early = given.length;
    }
    if (k.key === this.options.suffix) {
      if (fast && this.#buffer.length >= this.options.minLength) {
        const scan: WedgeResult = { kind: "scan", code: this.#buffer, typedAhead: this.#early };
        this.#reset();
        return scan;
      }
      return this.#giveBack();
    }
    // GS1 labels carry the FNC1 separator, which guns send as the GS character.
    const char = k.key === "GroupSeparator" ? "\x1d" : k.key;
    if (char.length !== 1) {
      // Shift and Caps Lock do not break a burst; anything else (arrows, Backspace) does.
      if ((k.key === "Shift" || k.key === "CapsLock") && fast && this.#buffer !== "") return { kind: "held" };
      return this.#giveBack();
    }
    if (!fast) {
      // A new burst: what the last one held back was typing after all.
      const back = this.#giveBack();
      this.#buffer = char;
      this.#early = 1;
      return back;
    }
    this.#buffer += char;
    // Until the burst is long enough it may be a fast typist's word: let it through, counted.
    if (this.#buffer.length < this.options.minLength) {
      this.#early++;
      return { kind: "pass" };
    }
    return { kind: "held" };
  }

  /**
   * After a pause (call it `maxGapMs` after the last key): with no suffix, the scan that ended with the
   * last key; with one, the keys a burst held back without ever being ended, to type now.
   */
  flush(now: number): WedgeResult {
    if (now - this.#last <= this.options.maxGapMs || this.#buffer === "") return { kind: "pass" };
    if (this.options.suffix === null && this.#buffer.length >= this.options.minLength) {
      const scan: WedgeResult = { kind: "scan", code: this.#buffer, typedAhead: this.#early };
      this.#reset();
      return scan;
    }
    const burst = this.#buffer;
    const back = this.#giveBack();
    this.#given = burst;
    return back;
  }

  /** Ends the burst: the keys it held back (not let through) are the user's, to type now. */
  #giveBack(): WedgeResult {
    const held = this.#buffer.slice(this.#early);
    this.#reset();
    return held ? { kind: "pass", release: held } : { kind: "pass" };
  }

  #reset(): void {
    this.#buffer = "";
    this.#early = 0;
  }
}
