import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const group = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.lg} 0`,
  margin: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
  columnGap: vars.space.lg,
});

export const legend = style({ padding: `0 ${vars.space.xs}`, fontWeight: 700 });

export const wide = style({ gridColumn: "1 / -1" });

export const address = style({
  gridColumn: "1 / -1",
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
  columnGap: vars.space.md,
  padding: vars.space.md,
  marginBottom: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
});

export const addressHead = style({
  gridColumn: "1 / -1",
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  marginBottom: vars.space.sm,
});

export const actionsStart = style({ marginRight: "auto" });

export const picker = style({ display: "flex", gap: vars.space.xs, alignItems: "flex-start" });

export const pickerBox = style({ flex: 1, minWidth: 0 });

/** Level with the input, below the label. */
export const pickerClear = style({ marginTop: "1.4rem" });

export const pair = style({ display: "flex", gap: vars.space.md });

export const json = style({
  margin: 0,
  fontSize: "0.85em",
  whiteSpace: "pre-wrap",
  wordBreak: "break-word",
  maxHeight: "24rem",
  overflow: "auto",
});

/** A "rows" field's table scrolls sideways on a narrow screen rather than squeezing its cells. */
export const rowsScroll = style({ overflowX: "auto", marginBottom: vars.space.sm });

export const rowsTable = style({ borderCollapse: "collapse", width: "100%" });

globalStyle(`${rowsTable} th`, {
  textAlign: "start",
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs} 0`,
  whiteSpace: "nowrap",
});

globalStyle(`${rowsTable} td`, {
  verticalAlign: "top",
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs} 0`,
  minWidth: "8rem",
});

globalStyle(`${rowsTable} td:last-child`, { minWidth: 0, width: "1%" });

/** Cells sit in rows: no field's own bottom margin inside them, and inputs as wide as their column. */
/** A required column's mark in its heading (the cells say "required" to assistive technology). */
export const requiredMark = style({ marginInlineStart: "0.25em" });

globalStyle(`${rowsTable} td > *`, { marginBottom: 0 });

globalStyle(`${rowsTable} td input`, { width: "100%", minWidth: 0, boxSizing: "border-box" });

/** One entry of a record's history: a heading (when, who, what) over its table of changed fields. */
export const historyEntry = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.sm,
  marginBottom: vars.space.md,
});

export const historyHeading = style({ fontSize: vars.size.text, margin: `0 0 ${vars.space.xs}` });

/** Field, before and after side by side; the field names as row headings. */
export const historyTable = style({ borderCollapse: "collapse", width: "100%", tableLayout: "fixed" });

globalStyle(`${historyTable} th, ${historyTable} td`, {
  textAlign: "start",
  verticalAlign: "top",
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xs} 0`,
  overflowWrap: "anywhere",
  borderBottom: `1px solid ${vars.color.border}`,
});

globalStyle(`${historyTable} thead th`, { color: vars.color.textMuted, fontSize: vars.size.small });

// A record's attachments under its fields.
export const attachments = style({
  display: "grid",
  gap: vars.space.sm,
  marginTop: vars.space.md,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});
export const attachmentsTitle = style({ margin: 0, fontSize: vars.size.text });
export const attachmentsEmpty = style({ margin: 0, color: vars.color.textMuted });
export const attachmentList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.xs,
});
export const attachment = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  flexWrap: "wrap",
});
export const attachmentName = style({ fontWeight: 600, overflowWrap: "anywhere" });
export const attachmentMeta = style({ color: vars.color.textMuted, fontSize: vars.size.small, flex: 1 });
export const attachmentAdd = style({ display: "grid", gap: vars.space.xs, maxWidth: "24rem" });
export const previewImage = style({ maxWidth: "100%", maxHeight: "70vh", objectFit: "contain" });
export const previewFrame = style({ width: "100%", height: "70vh", border: "none" });
