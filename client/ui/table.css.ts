// A table of positions or figures outside the generic list (a document's positions, the portal's order, a
// report beside its chart), laid out as the list is: its identifying cell (`keyCell`, the product) stays in
// view while the other columns scroll sideways, a product's name gets the width for at most two lines
// (`nameCell`), and in a box narrower than a tablet (a phone) each row becomes a card of its cells, each
// named by its column (`data-label`), the identifying one first.
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

/** The table's box: scrolls sideways, and is the container whose width decides the card layout. */
export const scroll = style({
  overflowX: "auto",
  containerType: "inline-size",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  marginBottom: vars.space.md,
});

export const table = style({ borderCollapse: "separate", borderSpacing: 0, width: "100%" });

globalStyle(`${table} th, ${table} td`, {
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: "start",
  verticalAlign: "top",
});
globalStyle(`${table} tr:last-child > td`, { borderBottom: "none" });
globalStyle(`${table} th`, { background: vars.color.surfaceRaised, verticalAlign: "bottom" });
globalStyle(`${table} td.number, ${table} th.number`, {
  textAlign: "end",
  fontVariantNumeric: "tabular-nums",
});

/** The row's identifying cell: pinned at the left while the others scroll under it. */
export const keyCell = style({
  position: "sticky",
  left: 0,
  zIndex: 1,
  boxShadow: `inset -1px 0 0 ${vars.color.border}`,
});
globalStyle(`${table} td${keyCell}`, { background: vars.color.surface });

/** A product's index and name: read on one or two lines, not squeezed to one word a line. */
export const nameCell = style({ minWidth: "20rem" });

// A phone: one card per row, its identifying cell on top in bold, every other cell under it beside its
// column's name. The table keeps its roles and its header row, out of sight (assistive technology reads
// each cell with its header; the names drawn before the values have an empty alternative text).
const narrow = "(max-width: 600px)";
globalStyle(`${table}, ${table} tbody, ${table} tr, ${table} td`, {
  "@container": { [narrow]: { display: "block", width: "100%" } },
});
globalStyle(`${table} thead`, {
  "@container": {
    [narrow]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  },
});
globalStyle(`${table} tr`, {
  "@container": {
    [narrow]: {
      padding: `${vars.space.sm} ${vars.space.md}`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
globalStyle(`${table} td`, {
  "@container": {
    [narrow]: {
      position: "static",
      display: "flex",
      flexWrap: "wrap",
      alignItems: "baseline",
      gap: vars.space.sm,
      minWidth: 0,
      padding: `2px 0`,
      border: "none",
      boxShadow: "none",
      textAlign: "start",
    },
  },
});
globalStyle(`${table} td.number`, { "@container": { [narrow]: { textAlign: "start" } } });
// A cell with nothing in it (a date the product does not keep) takes no line of the card.
globalStyle(`${table} td:empty`, { "@container": { [narrow]: { display: "none" } } });
// The column's name before the value; assistive technology reads the header cell instead.
globalStyle(`${table} td[data-label]::before`, {
  "@container": {
    [narrow]: {
      content: 'attr(data-label) / ""',
      color: vars.color.textMuted,
      fontSize: vars.size.small,
      minWidth: "7rem",
    },
  },
});
globalStyle(`${table} td${keyCell}`, { "@container": { [narrow]: { fontWeight: 600 } } });
globalStyle(`${table} td${keyCell}::before`, { "@container": { [narrow]: { content: "none" } } });
