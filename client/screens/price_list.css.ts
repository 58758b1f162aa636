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
/**
 * The price field in its row: exactly this wide (the list sizes the column to it, so its − and + stay
 * inside their column), its input taking what the buttons leave, and short enough for the row's height.
 */
export const priceCell = style({ width: "13rem", maxWidth: "100%" });
globalStyle(`${priceCell} > *`, { marginBottom: 0 });
globalStyle(`${priceCell} input, ${priceCell} button`, { minHeight: "36px", height: "36px" });
globalStyle(`${priceCell} button`, { minWidth: "36px", padding: 0 });
