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
  height: "calc(100vh - 300px)",
  minHeight: "320px",
  overflow: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  outline: "none",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const head = style({
  position: "sticky",
  top: 0,
  zIndex: 2,
  background: vars.color.surfaceRaised,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const rowBase = style({ display: "grid", alignItems: "center" });

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

export const headerText = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

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
