import { globalStyle, style } from "@vanilla-extract/css";
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

/** Read by screen readers, not shown (a table cell's label, which its column heading shows). */
export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});

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
    [`${checkbox}[data-selected] &, ${checkbox}[data-indeterminate] &`]: {
      background: vars.color.primary,
      borderColor: vars.color.primary,
    },
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
  // A setting the user may only read does not look like one to press.
  selectors: { "&[data-readonly]": { cursor: "default", opacity: 0.75 } },
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

export const textArea = style([input, { minHeight: "88px", padding: vars.space.sm, resize: "vertical" }]);

export const description = style({ fontSize: vars.size.small, color: vars.color.textMuted });

export const searchField = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  minWidth: "220px",
});

export const readOnlyValue = style({
  minHeight: "28px",
  display: "flex",
  alignItems: "center",
  overflowWrap: "anywhere",
});

export const selectButton = style([quietButton, {
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  selectors: {
    "[data-invalid] > &": { borderColor: vars.color.danger },
  },
}]);

export const formSelect = style([select, { marginBottom: vars.space.md }]);

export const numberGroup = style({ display: "flex", gap: vars.space.xs });

export const numberInput = style([input, { flex: 1, minWidth: 0 }]);

export const stepButton = style([quietButton, { padding: `0 ${vars.space.md}`, minWidth: vars.size.touch }]);

export const menu = style({
  padding: vars.space.xs,
  outline: "none",
  maxHeight: "60vh",
  overflowY: "auto",
});

export const menuItem = style([listItem, {
  gap: vars.space.sm,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
  },
}]);

export const menuCheck = style({ width: "1.2em", display: "inline-block", textAlign: "center" });

/** A long menu of settings: as tall as the window allows below the top bar before it scrolls. */
export const sectionMenu = style([menu, {
  maxHeight: "calc(100vh - 80px)",
  minWidth: "240px",
  "@supports": { "(height: 100dvh)": { maxHeight: "calc(100dvh - 80px)" } },
}]);

/** A settings item: a finger's height on a touch screen, less where a mouse points. */
export const sectionMenuItem = style([menuItem, {
  "@media": { "(pointer: fine)": { minHeight: "36px", paddingBlock: vars.space.xs } },
}]);

/** A menu's group, set apart from the one above by a rule. */
export const menuSection = style({
  selectors: { "& + &": { borderTop: `1px solid ${vars.color.border}`, marginTop: vars.space.xs } },
});

export const menuHeader = style({
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.xs}`,
  fontSize: vars.size.small,
  fontWeight: 600,
  color: vars.color.textMuted,
});

export const popoverDialog = style({ padding: vars.space.lg, outline: "none", minWidth: "280px" });

export const buttonRow = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  justifyContent: "flex-end",
  marginTop: vars.space.md,
});

/** A row of links between screens of one area (the current one unmarked as a link). */
export const linkRow = style({
  display: "flex",
  gap: vars.space.lg,
  flexWrap: "wrap",
  margin: `0 0 ${vars.space.md}`,
});
globalStyle(`${linkRow} a[aria-current=page]`, {
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 600,
});

export const dangerButton = style([button, {
  background: vars.color.danger,
  borderColor: vars.color.danger,
  color: vars.color.surface,
}]);

export const comboList = style([menu, { maxHeight: "40vh" }]);

export const comboEmpty = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.textMuted,
});

export const suffix = style({ alignSelf: "center", color: vars.color.textMuted, whiteSpace: "nowrap" });

export const tagList = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, minHeight: "28px" });

export const tag = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `0 0 0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  outline: "none",
  selectors: {
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
});

export const tagRemove = style([quietButton, {
  minHeight: "28px",
  padding: `0 ${vars.space.sm}`,
  border: "none",
}]);

export const swatch = style({
  display: "inline-block",
  verticalAlign: "middle",
  marginRight: vars.space.xs,
  width: "20px",
  height: "20px",
  flex: "none",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  alignSelf: "center",
});

/** A date typed in segments, in the interface language's order (24.11.2026 in Polish, 11/24/2026 in English). */
export const dateInput = style([input, {
  display: "inline-flex",
  alignItems: "center",
  gap: "1px",
  selectors: { "&[data-focus-within]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" } },
}]);

export const dateSegment = style({
  padding: "0 1px",
  borderRadius: vars.radius.sm,
  fontVariantNumeric: "tabular-nums",
  selectors: {
    "&[data-placeholder]": { color: vars.color.textMuted },
    "&[data-type=literal]": { color: vars.color.textMuted },
    "&[data-focused]": { background: vars.color.focus, color: vars.color.surface, outline: "none" },
  },
});

export const radioGroup = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  marginBottom: vars.space.md,
  border: "none",
  padding: 0,
});

export const radio = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.sm,
  minHeight: vars.size.touch,
  cursor: "pointer",
  selectors: { "&[data-disabled]": { cursor: "default", opacity: 0.55 } },
});

export const radioDot = style({
  flex: "none",
  width: "22px",
  height: "22px",
  marginTop: "1px",
  border: `2px solid ${vars.color.border}`,
  borderRadius: "50%",
  background: vars.color.surface,
  selectors: {
    [`${radio}[data-selected] &`]: {
      borderColor: vars.color.primary,
      borderWidth: "7px",
    },
    [`${radio}[data-focus-visible] &`]: { outline: `3px solid ${vars.color.focus}` },
  },
});

export const radioText = style({ display: "flex", flexDirection: "column", gap: "2px" });
