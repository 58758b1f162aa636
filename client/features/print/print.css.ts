import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const body = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

export const preview = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const pdf = style({
  width: "100%",
  height: 420,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: "#ffffff",
});
