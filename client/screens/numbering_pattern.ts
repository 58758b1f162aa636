// A numbering schema's parts written as one line a person can read and type: text and separators as they
// are, {counter:6} the counter with its digits (5 to 8), {yyyy} or {yy} the year, {mm} the month. Parsing
// answers the parts (or null for a line that is no schema: not exactly one counter, a text longer than 20);
// writing answers the line for parts. Pure: tested without a browser.
export type Part =
  | { type: "counter"; digits: number }
  | { type: "year"; digits: 2 | 4 }
  | { type: "month" }
  | { type: "text"; value: string }
  | { type: "separator"; value: "/" | "-" | "." | "_" | " " };

const SEPARATORS = new Set(["/", "-", ".", "_", " "]);
const TEXT_MAX = 20;

export function partsToPattern(parts: readonly Part[]): string {
  return parts.map((p) => {
    switch (p.type) {
      case "counter":
        return `{counter:${p.digits}}`;
      case "year":
        return p.digits === 2 ? "{yy}" : "{yyyy}";
      case "month":
        return "{mm}";
      case "text":
      case "separator":
        return p.value;
    }
  }).join("");
}

export function patternToParts(pattern: string): Part[] | null {
  const parts: Part[] = [];
  let text = "";
  const flush = () => {
    if (!text) return true;
    if (text.length > TEXT_MAX) return false;
    parts.push({ type: "text", value: text });
    text = "";
    return true;
  };
  for (let i = 0; i < pattern.length;) {
    const token = /^\{(counter:(\d)|yyyy|yy|mm)\}/.exec(pattern.slice(i));
    if (token) {
      if (!flush()) return null;
      if (token[1] === "yyyy") parts.push({ type: "year", digits: 4 });
      else if (token[1] === "yy") parts.push({ type: "year", digits: 2 });
      else if (token[1] === "mm") parts.push({ type: "month" });
      else {
        const digits = Number(token[2]);
        if (digits < 5 || digits > 8) return null;
        parts.push({ type: "counter", digits });
      }
      i += token[0].length;
      continue;
    }
    const c = pattern[i];
    if (c === "{" || c === "}") return null;
    if (SEPARATORS.has(c)) {
      if (!flush()) return null;
      parts.push({ type: "separator", value: c as "/" });
    } else text += c;
    i++;
  }
  if (!flush()) return null;
  if (parts.filter((p) => p.type === "counter").length !== 1 || parts.length > 12) return null;
  return parts;
}
