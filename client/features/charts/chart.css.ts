// The chart island's frame and uPlot's legend and axes in the theme's colours.
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const frame = style({
  width: "100%",
  minHeight: "240px",
  marginBottom: vars.space.lg,
  color: vars.color.text,
});

globalStyle(`${frame} .u-legend`, {
  color: vars.color.text,
  fontSize: vars.size.small,
  fontFamily: vars.font.body,
});

globalStyle(`${frame} .u-legend .u-marker`, { borderRadius: vars.radius.sm });
