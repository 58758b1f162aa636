import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

// Bars are black on white in both themes: scanners read them off the screen too.
export const barcode = style({
  display: "inline-block",
  background: "#ffffff",
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  maxWidth: "100%",
  lineHeight: 0,
});

globalStyle(`${barcode} svg`, { width: "100%", maxWidth: "320px", height: "auto" });

export const problem = style({ fontSize: vars.size.small, color: vars.color.textMuted, margin: 0 });
