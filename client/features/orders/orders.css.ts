// Warehouse order parts: the delay, the count entry field and the dashboard tiles (the status badges are
// the documents' numbered ones: ../documents/status.tsx).
import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";
export const late = style({ color: vars.color.danger, fontWeight: 600, marginInlineStart: vars.space.sm });

export const countField = style({ width: "11em" });

export const tiles = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
  gap: vars.space.md,
});

export const tile = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover, &:focus-visible": { borderColor: vars.color.primary } },
});

export const tileFigure = style({ fontSize: "1.8rem", fontWeight: 700 });

/** One of a tile's two counts: what it counts, then the figure. */
export const tileCount = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: vars.space.sm,
});

export const tileNote = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const tileAlert = style({ borderColor: vars.color.danger });

export const label = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.md,
  breakInside: "avoid",
});

export const labels = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
  gap: vars.space.md,
  "@media": { print: { gap: 0 } },
});
