import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const section = style({
  display: "grid",
  gap: vars.space.sm,
  marginTop: vars.space.md,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});

export const camera = style({ display: "grid", gap: vars.space.sm, justifyItems: "start" });

/** Mirrored, as a person expects to see themself. */
export const video = style({
  width: "100%",
  maxWidth: "24rem",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  borderRadius: vars.radius.md,
  background: "#000",
  transform: "scaleX(-1)",
});

export const hint = style({ margin: 0, color: vars.color.textMuted });

export const notice = style({ margin: 0, maxWidth: "40rem" });

export const table = style({ borderCollapse: "collapse", width: "100%", maxWidth: "48rem" });
