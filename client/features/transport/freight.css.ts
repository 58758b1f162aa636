import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const panel = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.md,
});

export const verbs = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", alignItems: "center" });

export const status = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  fontWeight: 700,
});

export const table = style({ borderCollapse: "collapse", width: "100%" });

globalStyle(`${table} th, ${table} td`, {
  textAlign: "start",
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
});

export const hidden = style({
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});

export const offerForm = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
  gap: vars.space.md,
  alignItems: "start",
});

export const conversation = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const messages = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  maxHeight: "20rem",
  overflowY: "auto",
});

const bubble = {
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  maxWidth: "80%",
} as const;

export const { fromWarehouse, fromCarrier } = styleVariants({
  fromWarehouse: { ...bubble, alignSelf: "flex-end", background: vars.color.surfaceRaised },
  fromCarrier: { ...bubble, alignSelf: "flex-start", border: `1px solid ${vars.color.border}` },
});

export const author = style({ fontWeight: 700 });

export const time = style({ color: vars.color.textMuted, fontSize: "0.85em" });
