// How a list lays its columns out (pure): key columns first, as many of them pinned at the left as leave
// the rest room to scroll, the width each column starts from, and on a narrow screen which key fields make
// a row's card. The key columns are the metadata's (`list.key`, declared once per entity), so the generic
// list, the stock reports, the price list and the portal's tables all follow the same ranks.
import type { FieldMeta } from "./meta.ts";

/** A grid narrower than this shows each row as a card of its key fields instead of a row of columns. */
export const CARD_BREAKPOINT = 600;
/** Pinned columns take at most this share of the grid's width; the rest is for the columns that scroll. */
export const PIN_SHARE = 0.6;
/** The widest a column grows to fit its values; longer ones end in an ellipsis (the full value on hover). */
export const MAX_WIDTH = 360;
/** A cell's paddings beside its text. */
export const CELL_EXTRA = 16 + 4;

const TEXTUAL = new Set<FieldMeta["kind"]>(["text", "email", "phone", "reference", "references", "strings"]);

/**
 * The key columns of the columns shown, in rank order. A list whose metadata ranks none keys its first
 * column (what names a row), and the second too when it is a text (an index and its name).
 */
export function keyColumns(columns: readonly FieldMeta[]): FieldMeta[] {
  const ranked = columns.filter((c) => c.list?.key !== undefined);
  if (ranked.length) return ranked.sort((a, b) => a.list!.key! - b.list!.key!);
  const [first, second] = columns;
  if (!first) return [];
  return second && TEXTUAL.has(second.kind) && TEXTUAL.has(first.kind) ? [first, second] : [first];
}

/** The columns as the grid shows them: the key columns first in rank order, then the others as declared. */
export function orderColumns(columns: readonly FieldMeta[]): FieldMeta[] {
  const keys = keyColumns(columns);
  return [...keys, ...columns.filter((c) => !keys.includes(c))];
}

/**
 * A row's card: the identifying column, with the second key beside it when that is a name (a text), on the
 * first line; the quantity, status and the other keys on the second.
 */
export function cardLines(columns: readonly FieldMeta[]): { first: FieldMeta[]; second: FieldMeta[] } {
  const keys = keyColumns(columns);
  const firstLine = keys.slice(0, keys[1] && TEXTUAL.has(keys[1].kind) ? 2 : 1);
  return { first: firstLine, second: keys.slice(firstLine.length) };
}

/**
 * How many of the leading (key) columns stay pinned while the others scroll: none when every column fits,
 * else the leading keys while together with the row check they take at most PIN_SHARE of the width.
 */
export function pinnedCount(
  ordered: readonly FieldMeta[],
  keyCount: number,
  widthOf: (c: FieldMeta) => number,
  checkWidth: number,
  available: number,
): number {
  if (available <= 0) return 0;
  const total = ordered.reduce((n, c) => n + widthOf(c), checkWidth);
  if (total <= available) return 0;
  let used = checkWidth;
  let count = 0;
  for (const c of ordered.slice(0, keyCount)) {
    used += widthOf(c);
    if (used > available * PIN_SHARE) break;
    count++;
  }
  return count;
}

/** The narrowest a text key column is made to leave room for the other keys (its full value on hover). */
export const MIN_SHRUNK = 140;

/**
 * The widths with the key columns fitted into the grid: when together they are wider than it, its text keys
 * (a product's name) give up width, each in proportion to what it has above its floor (MIN_SHRUNK, or its
 * header's width if that is more: a header is never cut), so that the quantity, unit and value beside them
 * stay in view.
 */
export function fitKeys(
  keys: readonly FieldMeta[],
  widthOf: (c: FieldMeta) => number,
  headerOf: (c: FieldMeta) => number,
  checkWidth: number,
  available: number,
): Record<string, number> {
  const fitted: Record<string, number> = {};
  const excess = keys.reduce((n, c) => n + widthOf(c), checkWidth) - available;
  if (available <= 0 || excess <= 0) return fitted;
  const floor = (c: FieldMeta) => Math.max(MIN_SHRUNK, Math.ceil(headerOf(c)));
  const shrinkable = keys.filter((c) => !fixedWidth(c) && widthOf(c) > floor(c));
  const room = shrinkable.reduce((n, c) => n + widthOf(c) - floor(c), 0);
  for (const c of shrinkable) {
    const give = Math.min(room, excess) * (widthOf(c) - floor(c)) / room;
    fitted[c.name] = Math.floor(widthOf(c) - give);
  }
  return fitted;
}

/**
 * The narrowest a column may be before its content is measured (and on the server's render); a unit or a
 * yes/no column is as narrow as its header and values.
 */
export function columnWidth(f: FieldMeta): number {
  switch (f.kind) {
    case "boolean":
    case "number":
    case "money":
      return 64;
    case "date":
      return 100;
    default:
      return 72;
  }
}

/** Numbers, money, dates and yes/no keep their width; text columns share what is left. */
export function fixedWidth(f: FieldMeta): boolean {
  return f.kind === "boolean" || f.kind === "number" || f.kind === "money" || f.kind === "date";
}

/**
 * The narrowest a header's label is read whole in at most two lines: the longer half of its best break
 * between words ("Price in the chosen currency" as "Price in the" over "chosen currency").
 */
export function twoLineWidth(text: string, measure: (text: string) => number): number {
  const words = text.split(" ").filter(Boolean);
  let best = measure(text);
  for (let k = 1; k < words.length; k++) {
    best = Math.min(
      best,
      Math.max(measure(words.slice(0, k).join(" ")), measure(words.slice(k).join(" "))),
    );
  }
  return best;
}

/**
 * What a header needs beside its text: the cell's paddings, and the sort button's paddings and arrow and the
 * filter button where the column has them (a report's plain column is as wide as its words).
 */
export function headerExtra(f: FieldMeta): number {
  const padding = 16;
  const sort = f.list?.sortable ? 8 + 4 + 14 : 0;
  const filter = f.list?.filterable ? 4 + 36 : 0;
  return padding + sort + filter;
}
