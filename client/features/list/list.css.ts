import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const ROW_HEIGHT = 44;

export const screen = style({ display: "flex", flexDirection: "column", gap: vars.space.md, minWidth: 0 });

export const toolbar = style({
  display: "flex",
  alignItems: "flex-end",
  gap: vars.space.md,
  flexWrap: "wrap",
});

export const toolbarEnd = style({
  marginLeft: "auto",
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
});

export const status = style({
  display: "flex",
  gap: vars.space.lg,
  alignItems: "center",
  flexWrap: "wrap",
  color: vars.color.textMuted,
  fontSize: vars.size.small,
  minHeight: vars.size.touch,
});

export const chips = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", alignItems: "center" });

export const grid = style({
  position: "relative",
  // The box's height follows what it holds, down to the window's bottom edge at most (set by the grid
  // from where it stands on the page; this is the first render's guess).
  maxHeight: "calc(100vh - 300px)",
  minHeight: "120px",
  overflow: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  outline: "none",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

// Scroll bars that stay drawn (not only while scrolling, as overlay scroll bars are): the columns that do
// not fit are seen to be there.
globalStyle(`${grid}::-webkit-scrollbar`, { width: "12px", height: "12px" });
globalStyle(`${grid}::-webkit-scrollbar-track`, { background: vars.color.surfaceRaised });
globalStyle(`${grid}::-webkit-scrollbar-thumb`, {
  background: vars.color.textMuted,
  borderRadius: "6px",
  border: `3px solid ${vars.color.surfaceRaised}`,
});
globalStyle(`${grid}::-webkit-scrollbar-corner`, { background: vars.color.surfaceRaised });

export const head = style({
  position: "sticky",
  top: 0,
  zIndex: 2,
  background: vars.color.surfaceRaised,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const rowBase = style({ display: "grid", alignItems: "center" });

/** The header's row: opaque, so that cells scrolled sideways pass under its pinned headers. */
export const headRow = style([rowBase, { background: vars.color.surfaceRaised }]);

export const headerCell = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontWeight: 600,
  minWidth: 0,
});

export const sortButton = style({
  flex: 1,
  minWidth: 0,
  minHeight: vars.size.touch,
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  border: "none",
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  fontWeight: 600,
  textAlign: "left",
  cursor: "pointer",
  borderRadius: vars.radius.sm,
  selectors: {
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}` },
    "&[data-hovered]": { background: vars.color.surface },
  },
});

/** A long label takes two lines rather than its column's width (the grid makes room for its longer half). */
export const headerText = style({
  overflow: "hidden",
  display: "-webkit-box",
  WebkitBoxOrient: "vertical",
  WebkitLineClamp: 2,
  lineHeight: 1.25,
});

export const filterButton = style({
  minWidth: "36px",
  minHeight: vars.size.touch,
  border: `1px solid transparent`,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textMuted,
  font: "inherit",
  cursor: "pointer",
  selectors: {
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}` },
    "&[data-hovered]": { background: vars.color.surface },
    "&[data-active]": { color: vars.color.primaryText, background: vars.color.primary },
  },
});

export const body = style({ position: "relative" });

export const row = style([rowBase, {
  position: "absolute",
  top: 0,
  left: 0,
  width: "100%",
  height: `${ROW_HEIGHT}px`,
  borderBottom: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  background: vars.color.surface,
  selectors: {
    "&:hover": { background: vars.color.surfaceRaised },
    '&[aria-selected="true"]': { background: vars.color.warningSurface },
  },
}]);

export const activeRow = style({
  selectors: {
    [`${grid}:focus-visible &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
  },
});

export const cell = style({
  padding: `0 ${vars.space.sm}`,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  minWidth: 0,
});

export const checkCell = style({ display: "grid", placeItems: "center", height: "100%" });

/**
 * A key column kept in view while the others scroll sideways (its `left` is set by the grid). It takes its
 * row's background, so the cells passing under it are hidden.
 */
export const pinned = style({ position: "sticky", zIndex: 1, background: "inherit" });

/** The last pinned column: a line and a shadow where the scrolling columns pass under it. */
export const pinEdge = style({
  boxShadow: `inset -1px 0 0 ${vars.color.border}, 4px 0 6px -4px rgba(0, 0, 0, 0.25)`,
});

/** A screen's own cell content, as wide as it is (measured for its column's width). */
export const drawn = style({ display: "inline-flex", alignItems: "center", whiteSpace: "nowrap" });

/** A card's second-line field names its column (the header row shows only the key columns). */
export const cardLabel = style({
  color: vars.color.textMuted,
  fontSize: vars.size.small,
  marginInlineEnd: vars.space.xs,
});

export const check = style({
  width: "22px",
  height: "22px",
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  display: "grid",
  placeItems: "center",
  background: vars.color.surface,
  color: vars.color.primaryText,
  selectors: {
    '[aria-selected="true"] &': { background: vars.color.primary, borderColor: vars.color.primary },
  },
});

export const message = style({ padding: vars.space.lg, color: vars.color.textMuted });

export const muted = style({ color: vars.color.textMuted });

export const filterForm = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  minWidth: "260px",
});

export const filterButtons = style({ display: "flex", gap: vars.space.sm, justifyContent: "flex-end" });

/** Quantities and amounts line up on their last digit. */
export const numberCell = style({ textAlign: "end", fontVariantNumeric: "tabular-nums" });

// Compact rows: the header's buttons and the row check shrink with them (a touch screen never gets here).
globalStyle(
  `${grid}[data-density="compact"] ${sortButton}, ${grid}[data-density="compact"] ${filterButton}`,
  {
    minHeight: "30px",
  },
);
globalStyle(`${grid}[data-density="compact"] ${headerCell}`, { paddingBlock: "1px" });
globalStyle(`${grid}[data-density="compact"] ${check}`, { width: "18px", height: "18px" });
globalStyle(`${grid}[data-density="compact"]`, { fontSize: vars.size.small });

// The export wizard.
export const exportBody = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

export const exportColumns = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const exportColumnList = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
  gap: vars.space.xs,
  maxHeight: 260,
  overflowY: "auto",
});

export const exportHeading = style({ margin: 0, fontSize: vars.size.text });

export const exportSummary = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

globalStyle(`${exportSummary} dt`, { color: vars.color.textMuted });
globalStyle(`${exportSummary} dd`, { margin: 0, overflowWrap: "anywhere" });

// Cards (a narrow grid): each row its key fields on two lines, the identifying column and its name on the
// first, the quantity, status and the other keys on the second (wrapping onto a third when they must);
// the row check at the left. The rows are as tall as their lines (the grid measures them).
const cards = `${grid}[data-layout="cards"]`;
// The header: the key columns' sort and filter buttons, wrapped onto as many lines as they take; it
// scrolls away with the cards rather than standing over them on a small screen.
globalStyle(`${cards} ${head}`, { position: "static" });
globalStyle(`${cards} ${headRow}`, { display: "flex", flexWrap: "wrap", alignItems: "center" });
globalStyle(`${cards} ${headRow} > *`, { flex: "none", maxWidth: "100%" });
globalStyle(`${cards} ${headRow} > ${checkCell}`, { width: "48px" });
globalStyle(`${cards} ${row}`, {
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  columnGap: vars.space.md,
  rowGap: "2px",
  height: "auto",
  minHeight: `${ROW_HEIGHT}px`,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} 48px`,
});
// The line break between the two lines: an empty item as wide as the row, between their cells.
globalStyle(`${cards} ${row}::after`, { content: '""', flexBasis: "100%", order: 1, height: 0 });
globalStyle(`${cards} ${row} > ${checkCell}`, {
  position: "absolute",
  left: 0,
  top: 0,
  bottom: 0,
  width: "48px",
  height: "auto",
});
globalStyle(`${cards} ${cell}`, { padding: 0, maxWidth: "100%" });
globalStyle(`${cards} ${cell}[data-line="1"]`, { order: 0, flex: "0 1 auto", fontWeight: 600 });
globalStyle(`${cards} ${cell}[data-line="1"] + ${cell}[data-line="1"]`, { flex: "1 1 0", fontWeight: 400 });
globalStyle(`${cards} ${cell}[data-line="2"]`, { order: 2, flex: "0 1 auto", textAlign: "start" });
// A field drawn by the screen (a price to type) goes under its name when both do not fit on one line.
globalStyle(`${cards} ${cell}[data-line="2"]:has(${drawn})`, { whiteSpace: "normal" });
globalStyle(`${cards} ${drawn}`, { maxWidth: "100%", verticalAlign: "middle" });
