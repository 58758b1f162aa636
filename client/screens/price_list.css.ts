// The price list: the currency picker above the list, a price field narrow enough for its column.
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const intro = style({ color: vars.color.textMuted, marginTop: 0 });
export const toolbar = style({
  display: "flex",
  gap: vars.space.md,
  alignItems: "end",
  marginBottom: vars.space.md,
});
export const priceCell = style({ minWidth: "16rem" });
globalStyle(`${priceCell} input`, { minWidth: "7rem" });
