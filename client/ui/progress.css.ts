import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const progress = style({ display: "grid", gap: vars.space.xs, maxWidth: "40rem" });
export const bar = style({
  display: "block",
  height: 10,
  borderRadius: vars.radius.sm,
  background: vars.color.border,
  overflow: "hidden",
});
export const fill = style({ display: "block", height: "100%", background: vars.color.primary });
