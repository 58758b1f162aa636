// The import wizard: its choices in rows, the column mapping as a grid of pickers, the errors and rows read.
import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const screen = style({ display: "grid", gap: vars.space.md, maxWidth: "80rem" });
export const intro = style({ margin: 0, color: vars.color.textMuted });
export const row = style({ display: "flex", gap: vars.space.md, alignItems: "end", flexWrap: "wrap" });
export const file = style({ display: "grid", gap: vars.space.xs, maxWidth: "30rem" });
export const heading = style({ fontSize: vars.size.text, margin: 0 });
export const mapping = style({
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(auto-fill, minmax(14rem, 1fr))",
  alignItems: "end",
});
export const errors = style({ margin: 0, maxHeight: "14rem", overflowY: "auto", color: vars.color.danger });
export const scroll = style({ overflowX: "auto" });
/** A cell the preview refuses, marked where it stands (its message is its title). */
export const badCell = style({
  color: vars.color.danger,
  outline: `1px solid ${vars.color.danger}`,
  outlineOffset: "-1px",
});
