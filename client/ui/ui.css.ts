import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const button = style({
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.lg}`,
  border: `1px solid ${vars.color.primary}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryText,
  font: "inherit",
  fontWeight: 600,
  cursor: "pointer",
  selectors: {
    "&[data-pressed]": { filter: "brightness(0.9)" },
    "&[data-disabled]": { opacity: 0.55, cursor: "default" },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const quietButton = style([button, {
  background: "transparent",
  color: vars.color.text,
  borderColor: vars.color.border,
  fontWeight: 400,
}]);

export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});

export const label = style({ fontSize: vars.size.small, color: vars.color.textMuted, fontWeight: 600 });

export const input = style({
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  selectors: {
    "&[data-invalid]": { borderColor: vars.color.danger },
    "&[data-focused]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" },
  },
});

export const fieldError = style({ color: vars.color.danger, fontSize: vars.size.small });

export const checkbox = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: vars.size.touch,
  cursor: "pointer",
});

export const box = style({
  width: "22px",
  height: "22px",
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  display: "grid",
  placeItems: "center",
  background: vars.color.surface,
  color: vars.color.primaryText,
  selectors: {
    [`${checkbox}[data-selected] &`]: { background: vars.color.primary, borderColor: vars.color.primary },
    [`${checkbox}[data-focus-visible] &`]: { outline: `3px solid ${vars.color.focus}` },
  },
});

export const tabList = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.lg,
});

export const tab = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: vars.size.touch,
  display: "flex",
  alignItems: "center",
  cursor: "pointer",
  color: vars.color.textMuted,
  borderBottom: "3px solid transparent",
  selectors: {
    "&[data-selected]": { color: vars.color.text, borderBottomColor: vars.color.primary, fontWeight: 600 },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}` },
  },
});

export const select = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });

export const popover = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: "0 8px 24px rgba(0,0,0,0.25)",
  minWidth: "var(--trigger-width)",
});

export const listItem = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: vars.size.touch,
  display: "flex",
  alignItems: "center",
  cursor: "pointer",
  color: vars.color.text,
  selectors: {
    "&[data-focused]": { background: vars.color.surfaceRaised },
    "&[data-selected]": { fontWeight: 600 },
  },
});

export const switchRoot = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: vars.size.touch,
  cursor: "pointer",
});

export const track = style({
  width: "40px",
  height: "22px",
  borderRadius: "11px",
  background: vars.color.border,
  position: "relative",
  selectors: {
    [`${switchRoot}[data-selected] &`]: { background: vars.color.primary },
    [`${switchRoot}[data-focus-visible] &`]: { outline: `3px solid ${vars.color.focus}` },
  },
});

export const thumb = style({
  position: "absolute",
  top: "3px",
  left: "3px",
  width: "16px",
  height: "16px",
  borderRadius: "50%",
  background: vars.color.surface,
  transition: "left 120ms",
  selectors: { [`${switchRoot}[data-selected] &`]: { left: "21px" } },
});

export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  marginBottom: vars.space.md,
  background: vars.color.surfaceRaised,
});

export const errorNotice = style([notice, {
  background: vars.color.dangerSurface,
  color: vars.color.danger,
}]);
