// The contractor portal's layout: the products beside the cart on a wide screen, one above the other on a
// phone; group chips and cart lines (the order's positions use the stock screens' table).
import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const layout = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": {
    "screen and (min-width: 1100px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(320px, 1fr)" },
  },
});

export const groups = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});

export const cart = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  alignSelf: "start",
});

export const lines = style({ listStyle: "none", margin: 0, padding: 0 });

/** A cart line: the product on its own row, its quantity and the remove button under it. */
export const line = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const lineName = style({ gridColumn: "1 / -1" });

/** A last order: what it held, its status and "order again". */
export const lastOrder = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto auto",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.size.small });
