// Stock screen parts: the stock-level badge (its colour repeats what its text says), the date range bar,
// and a plain table (the import's and the configuration's).
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

const badgeBase = style({
  display: "inline-block",
  padding: `1px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.size.small,
  fontWeight: 600,
  border: "1px solid currentColor",
  whiteSpace: "nowrap",
});

/** critical red, warning (low) amber. */
export const level = styleVariants({
  critical: [badgeBase, { color: vars.color.danger, background: vars.color.dangerSurface }],
  warning: [badgeBase, { color: vars.color.warning, background: vars.color.warningSurface }],
});

export const bar = style({
  display: "flex",
  gap: vars.space.md,
  flexWrap: "wrap",
  alignItems: "flex-end",
  marginBottom: vars.space.md,
});

export const table = style({ borderCollapse: "collapse", width: "100%" });

globalStyle(`${table} th, ${table} td`, {
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: "left",
});

globalStyle(`${table} td.number, ${table} th.number`, { textAlign: "right" });
