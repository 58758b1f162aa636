// A number typed by a person, read strictly in one language's way (pure; the client's number fields, the
// terminal and the import preview share it). Group separators must stand every three digits of the whole
// part; anything else is ambiguous and refused with the reading the person most likely meant, never guessed:
// "1,25" in English is not 125 but a question ("Did you mean 1.25?"). A linear scan, bounded by the text.

/** The marks one language writes numbers with. */
export interface NumberMarks {
  /** The decimal mark ("." or ","). */
  decimal: string;
  /** The group mark ("," "." or a space); spaces of any width are taken as the same group mark. */
  group: string;
  /** Texts that may stand before or after the number and are not part of it (a currency's sign or code). */
  affixes?: string[];
}

export type NumberReading =
  | { ok: true; value: number }
  /** `ambiguous`: separators that do not stand as groups of three; `suggestion`: the likely meaning. */
  /**
   * `ambiguous`: "." or "," where this language would not put them; `suggestions`: what was likely meant,
   * written in this language's way (the decimal reading first).
   */
  | { ok: false; code: "number.ambiguous" | "number.invalid"; suggestions?: string[] };

const SPACES = new Set([" ", "\u00a0", "\u202f", "\u2009"]);
const MINUS = new Set(["-", "\u2212", "\u2012", "\u2013"]);

function isDigit(c: string): boolean {
  return c >= "0" && c <= "9";
}

/** The marks of a language by Intl (pl-PL: "," and a space; de-DE: "," and "."; en-US: "." and ","). */
export function numberMarks(locale: string, currency?: string): NumberMarks {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
  const decimal = parts.find((p) => p.type === "decimal")?.value ?? ".";
  const rawGroup = parts.find((p) => p.type === "group")?.value ?? ",";
  const group = SPACES.has(rawGroup) ? " " : rawGroup;
  const affixes: string[] = [];
  if (currency) {
    affixes.push(currency);
    for (const display of ["symbol", "narrowSymbol"] as const) {
      const sign = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: display })
        .formatToParts(1).find((p) => p.type === "currency")?.value;
      if (sign && !affixes.includes(sign)) affixes.push(sign);
    }
  }
  return { decimal, group, affixes };
}

/** `text` without one affix at its start or end (and the spaces beside it). */
function withoutAffix(text: string, affixes: string[]): string {
  for (const a of [...affixes].sort((x, y) => y.length - x.length)) {
    if (text.startsWith(a)) return text.slice(a.length).trim();
    if (text.endsWith(a)) return text.slice(0, -a.length).trim();
    // "-€5" / "€-5": a sign before the currency.
    if (MINUS.has(text[0]) && text.slice(1).startsWith(a)) return text[0] + text.slice(1 + a.length).trim();
  }
  return text;
}

/**
 * Reads `typed` with `marks`. Empty text is not a number (the caller decides whether empty is allowed).
 * Accepted: an optional minus, digits with group marks every three digits (or none), an optional decimal
 * mark and digits. The other of "." and "," (not this language's group mark) and group marks out of place
 * make the text ambiguous; the suggestion is then the decimal reading, written in this language's way.
 */
export function readNumberText(typed: string, marks: NumberMarks): NumberReading {
  let text = withoutAffix(typed.trim(), marks.affixes ?? []);
  let negative = false;
  if (text.length && MINUS.has(text[0])) {
    negative = true;
    text = text.slice(1).trim();
  }
  if (!text.length) return { ok: false, code: "number.invalid" };
  const groupIsSpace = marks.group === " ";
  const isGroup = (c: string) => (groupIsSpace ? SPACES.has(c) : c === marks.group || SPACES.has(c));
  // The mark that is neither this language's decimal nor its group ("." in Polish): another habit's.
  const foreign = [".", ","].find((m) => m !== marks.decimal && m !== marks.group);

  let whole = "";
  let fraction = "";
  let decimals = 0;
  /** Digits in the current group of the whole part, the number of group marks, and whether groups are in place. */
  let groupDigits = 0;
  let groups = 0;
  let firstGroup = -1;
  let groupsInPlace = true;
  let foreignCount = 0;
  /** The "." and "," marks met in the whole part. */
  let dotsOrCommas = 0;
  /** A power of ten written after the number ("1e12", as spreadsheets and programs write big numbers). */
  let exponent = 0;
  const e = Math.max(text.indexOf("e"), text.indexOf("E"));
  if (e > 0) {
    const power = text.slice(e + 1);
    const digits = power[0] === "+" || MINUS.has(power[0]) ? power.slice(1) : power;
    if (!digits.length || ![...digits].every(isDigit)) return { ok: false, code: "number.invalid" };
    exponent = Number(digits) * (MINUS.has(power[0]) ? -1 : 1);
    text = text.slice(0, e);
  }
  for (const c of text) {
    if (isDigit(c)) {
      if (decimals) fraction += c;
      else {
        whole += c;
        groupDigits++;
      }
    } else if (c === marks.decimal && !decimals) {
      decimals = 1;
      if (groups) groupsInPlace &&= groupDigits === 3;
    } else if (!decimals && (isGroup(c) || c === foreign)) {
      if (c === foreign) foreignCount++;
      if (c === "." || c === ",") dotsOrCommas++;
      if (groups === 0) {
        firstGroup = groupDigits;
        groupsInPlace &&= groupDigits >= 1 && groupDigits <= 3;
      } else groupsInPlace &&= groupDigits === 3;
      groups++;
      groupDigits = 0;
    } else return { ok: false, code: "number.invalid" };
  }
  if (!whole && !fraction) return { ok: false, code: "number.invalid" };
  if (groups && !decimals) groupsInPlace &&= groupDigits === 3;
  const sign = negative ? "-" : "";
  if (foreignCount || !groupsInPlace) {
    // One "." or "," between digits and no decimal mark: most likely meant as the decimal mark; when it
    // also stands before three digits it may have been a thousands mark, and both readings are offered.
    const single = groups === 1 && dotsOrCommas === 1 && !decimals && groupDigits >= 1;
    if (!single) return { ok: false, code: foreignCount ? "number.ambiguous" : "number.invalid" };
    const [head, tail] = [whole.slice(0, firstGroup), whole.slice(firstGroup)];
    const suggestions = [`${sign}${head}${marks.decimal}${tail}`];
    if (groupsInPlace) suggestions.push(`${sign}${head}${marks.group}${tail}`);
    return { ok: false, code: "number.ambiguous", suggestions };
  }
  const value = Number(`${whole || "0"}.${fraction || "0"}e${exponent}`);
  if (!Number.isFinite(value)) return { ok: false, code: "number.invalid" };
  return { ok: true, value: negative ? -value : value };
}
