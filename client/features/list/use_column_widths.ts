// Each column as wide as its header and the widest value loaded so far (within bounds), measured in the
// grid's own font: document numbers, German headers and quantities are read whole. A cell the screen draws
// itself (a badge, a progress bar, a price field) is measured as the page lays it out.
import { type ReactNode, useLayoutEffect, useState } from "react";
import type { Translator } from "../../../shared/i18n/mod.ts";
import { CELL_EXTRA, columnWidth, headerExtra, MAX_WIDTH, twoLineWidth } from "./columns.ts";
import { cellText, type FieldMeta, label, type Row } from "./meta.ts";

/** The attribute that marks a screen's own cell content for measuring, by its column's name. */
export const MEASURE_ATTRIBUTE = "data-measure";

let canvas: HTMLCanvasElement | null = null;
/** Measures texts in one font (the canvas keeps the font for the whole pass). */
function measurer(font: string): (text: string) => number {
  canvas ??= document.createElement("canvas");
  const g = canvas.getContext("2d");
  if (!g) return (text) => text.length * 8;
  g.font = font;
  return (text) => g.measureText(text).width;
}

/**
 * The widths, and each header's own (the least its column may be given). The rows in view are measured as
 * they come; columns only grow while the list is open, so scrolling does
 * not make them jump.
 */
export function useColumnWidths(
  t: Translator,
  columns: FieldMeta[],
  rows: Row[],
  /** Changes when other rows come into view or load (their ids). */
  rowsKey: string,
  element: () => HTMLElement | null,
  renderCell?: (field: FieldMeta, row: Row) => ReactNode | undefined,
): { widths: Record<string, number>; headers: Record<string, number> } {
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [headerWidths, setHeaderWidths] = useState<Record<string, number>>({});
  const lang = t.lang;
  useLayoutEffect(() => {
    const el = element();
    if (!el) return;
    const style = getComputedStyle(el);
    const font = `${style.fontSize} ${style.fontFamily}`;
    const headerWidth = measurer(`600 ${font}`);
    // (2 px for what the canvas and the page round differently)
    const headers = columns.map((c) => twoLineWidth(label(t, c), headerWidth) + 2 + headerExtra(c));
    const textWidth = measurer(font);
    const cells = columns.map((c) =>
      Math.max(
        0,
        ...rows.map((r) => {
          // A screen's text for the cell (a kind in the portal's words) is what is read, not the raw value.
          const own = renderCell?.(c, r);
          return textWidth(typeof own === "string" ? own : cellText(t, c, r)) + CELL_EXTRA;
        }),
      )
    );
    setHeaderWidths((old) => {
      const next = Object.fromEntries(columns.map((c, i) => [c.name, Math.ceil(headers[i])]));
      return columns.every((c) => old[c.name] === next[c.name]) ? old : { ...old, ...next };
    });
    // The screen's own cells, as laid out (each wrapper is as wide as its content, whatever the column's).
    const drawn: Record<string, number> = {};
    for (const part of el.querySelectorAll<HTMLElement>(`[${MEASURE_ATTRIBUTE}]`)) {
      const name = part.getAttribute(MEASURE_ATTRIBUTE)!;
      drawn[name] = Math.max(drawn[name] ?? 0, part.getBoundingClientRect().width + CELL_EXTRA);
    }
    setWidths((old) => {
      const next: Record<string, number> = {};
      let changed = false;
      columns.forEach((c, i) => {
        const w = Math.ceil(
          Math.min(MAX_WIDTH, Math.max(columnWidth(c), headers[i], cells[i], drawn[c.name] ?? 0)),
        );
        next[c.name] = Math.max(w, old[c.name] ?? 0);
        if (next[c.name] !== old[c.name]) changed = true;
      });
      return changed ? { ...old, ...next } : old;
    });
    // Measured again when other columns show, other rows are in view (scrolled, sorted, reloaded) or the
    // language changes; not on every render.
  }, [columns.map((c) => c.name).join(","), rowsKey, lang]);
  return { widths, headers: headerWidths };
}
