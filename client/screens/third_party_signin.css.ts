import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

/** Below the password form, set apart from it. */
export const thirdParty = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  marginTop: vars.space.lg,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const outcome = style({ display: "flex", flexDirection: "column", gap: vars.space.md });
