// A product picker's option: the name first, index and barcodes beside it, wrapping under it when narrow.
import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const option = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  columnGap: vars.space.sm,
  minWidth: 0,
});

export const name = style({ fontWeight: 600, overflowWrap: "anywhere" });

export const codes = style({
  color: vars.color.textMuted,
  fontSize: "0.9em",
  fontVariantNumeric: "tabular-nums",
  overflowWrap: "anywhere",
});
