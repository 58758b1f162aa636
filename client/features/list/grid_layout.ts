// The grid's layout: the box's width and the height it may take in the window, and the columns' widths,
// which of them stay pinned on the left (the key columns, as many as fit), and which a card shows.
import { type CSSProperties, useLayoutEffect, useState } from "react";
import type { FieldMeta } from "./meta.ts";
import { cardLines, columnWidth, fitKeys, fixedWidth, keyColumns, pinnedCount } from "./columns.ts";
import * as css from "./list.css.ts";

export const COMPACT_ROW_HEIGHT = 30;
/** A card's first guess, before the rows in view are measured. */
export const CARD_HEIGHT = 64;
/** The grid's box is never lower than this, even far down a page. */
const MIN_BOX = 320;
/** The share of the window's height a list of cards may take. */
const CARDS_SHARE = 0.75;
/** Room kept below the box, above the window's edge. */
const BOTTOM_GAP = 16;

export function coarsePointer(): boolean {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

/** Follows an element's inner width (0 until it is laid out, as on the server). */
export function useWidth(ref: { current: HTMLElement | null }): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return width;
}

/** Whether the element stands in a box fixed to the window (a dialog's). */
function inFixedBox(el: HTMLElement): boolean {
  for (let box = el.parentElement; box; box = box.parentElement) {
    if (getComputedStyle(box).position === "fixed") return true;
  }
  return false;
}

/**
 * The tallest the grid's box may be: down to the window's bottom edge from where the box starts on the
 * page, so that its bottom (and the horizontal scroll bar there) is in view without scrolling the page.
 * Cards (a phone, where the toolbar above takes half the screen) get most of the window's height once the
 * page is scrolled to them.
 */
export function useFitHeight(ref: { current: HTMLElement | null }, cards: boolean): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const fit = () => {
      const el = ref.current;
      if (!el) return;
      // Where the box starts on the page (in a dialog, which does not scroll with the page: in the window).
      const top = el.getBoundingClientRect().top + (inFixedBox(el) ? 0 : globalThis.scrollY);
      const least = cards ? Math.round(globalThis.innerHeight * CARDS_SHARE) : MIN_BOX;
      const next = Math.max(least, Math.floor(globalThis.innerHeight - top - BOTTOM_GAP));
      setHeight((old) => (old === next ? old : next));
    };
    fit();
    globalThis.addEventListener("resize", fit);
    // What stands above the box (filter chips, a notice) moves it down.
    const observer = new ResizeObserver(fit);
    observer.observe(document.body);
    return () => {
      globalThis.removeEventListener("resize", fit);
      observer.disconnect();
    };
  }, [cards]);
  return height;
}

export interface ColumnLayout {
  /** The grid's column template (the row check first). */
  template: string;
  minWidth: number | undefined;
  /** How many columns from the left stay in place while the others scroll sideways. */
  pinned: number;
  pinStyle: (i: number) => CSSProperties | undefined;
  pinClass: (i: number, base: string) => string;
  checkClass: (base: string) => string;
  /** A card's line a column is on (1, 2), or 0: not on a card. */
  lineOf: (c: FieldMeta) => number;
  /** The columns drawn: all of them, or a card's. */
  shown: FieldMeta[];
}

/** The columns' widths (measured, else declared), what is pinned and what a card shows. */
export function columnLayout(p: {
  /** The columns in their order, and as declared. */
  columns: FieldMeta[];
  all: FieldMeta[];
  keyCount: number;
  widths: Record<string, number>;
  headers: Record<string, number>;
  checkWidth: number;
  boxWidth: number;
  cards: boolean;
}): ColumnLayout {
  const { columns, all, keyCount, widths, headers, checkWidth, boxWidth, cards } = p;
  const lines = cardLines(all);
  const measured = (c: FieldMeta) => widths[c.name] ?? columnWidth(c);
  const fitted = fitKeys(keyColumns(all), measured, (c) => headers[c.name] ?? 0, checkWidth, boxWidth);
  const widthOf = (c: FieldMeta) => fitted[c.name] ?? measured(c);
  const pinned = cards ? 0 : pinnedCount(columns, keyCount, widthOf, checkWidth, boxWidth);
  const loose = columns.slice(pinned);
  const flexible = loose.some((c) => !fixedWidth(c));
  const template = `${checkWidth}px ${
    columns.map((c, i) =>
      i < pinned || (fixedWidth(c) && (flexible || i < columns.length - 1))
        ? `${widthOf(c)}px`
        : `minmax(${widthOf(c)}px, 1fr)`
    ).join(" ")
  }`;
  const minWidth = cards ? undefined : checkWidth + columns.reduce((n, c) => n + widthOf(c), 0);
  // Each pinned column's distance from the grid's left edge, behind the row check and the pinned before it.
  const pinLeft: number[] = [];
  columns.slice(0, pinned).reduce((left, c) => {
    pinLeft.push(left);
    return left + widthOf(c);
  }, checkWidth);
  const pinStyle = (i: number): CSSProperties | undefined => i < pinned ? { left: pinLeft[i] } : undefined;
  const pinClass = (i: number, base: string) =>
    i < pinned ? `${base} ${css.pinned}${i === pinned - 1 ? ` ${css.pinEdge}` : ""}` : base;
  const checkClass = (base: string) => (pinned ? `${base} ${css.pinned}` : base);
  // A card shows its key fields only: the first line's, then the second's.
  const lineOf = (c: FieldMeta) => (lines.first.includes(c) ? 1 : lines.second.includes(c) ? 2 : 0);
  const shown = cards ? columns.filter((c) => lineOf(c) > 0) : columns;
  return { template, minWidth, pinned, pinStyle, pinClass, checkClass, lineOf, shown };
}
