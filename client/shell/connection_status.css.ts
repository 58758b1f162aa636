import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const indicator = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontSize: vars.size.small,
  color: vars.color.textMuted,
});

const dotBase = style({
  width: "10px",
  height: "10px",
  borderRadius: "50%",
  flexShrink: 0,
});

export const dot = styleVariants({
  connected: [dotBase, { background: vars.color.success }],
  connecting: [dotBase, { background: "transparent", border: `2px solid ${vars.color.warning}` }],
  disconnected: [dotBase, { background: vars.color.danger }],
});
