import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const tree = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  maxHeight: "calc(100vh - 300px)",
  minHeight: "320px",
  overflow: "auto",
  outline: "none",
  selectors: { "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" } },
});

export const item = style({
  minHeight: vars.size.touch,
  borderBottom: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-hovered]": { background: vars.color.surfaceRaised },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
  },
});

export const row = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  minHeight: vars.size.touch,
  paddingRight: vars.space.md,
  paddingLeft: `calc((var(--tree-item-level, 1) - 1) * 24px + ${vars.space.sm})`,
});

export const chevron = style({
  width: "32px",
  height: "32px",
  flex: "none",
  border: "none",
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  font: "inherit",
  transition: "transform 120ms",
  selectors: { "&[data-expanded]": { transform: "rotate(90deg)" } },
});

export const spacer = style({ width: "32px", flex: "none" });

export const label = style({ fontWeight: 600, fontFamily: vars.font.mono });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.size.small });

export const badges = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap" });

export const badge = style({
  fontSize: vars.size.small,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
});

export const count = style({ marginLeft: "auto", color: vars.color.textMuted, fontSize: vars.size.small });

export const empty = style({ padding: vars.space.lg, color: vars.color.textMuted });

export const level = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))",
  columnGap: vars.space.lg,
  alignItems: "end",
});

export const flags = style({
  gridColumn: "1 / -1",
  display: "flex",
  flexWrap: "wrap",
  columnGap: vars.space.lg,
});

export const fieldError = style({ color: vars.color.danger, margin: 0, gridColumn: "1 / -1" });

export const labels = style({
  fontFamily: vars.font.mono,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  listStyle: "none",
  padding: 0,
  margin: 0,
});

export const header = style({ display: "flex", alignItems: "center", gap: vars.space.md, flexWrap: "wrap" });
