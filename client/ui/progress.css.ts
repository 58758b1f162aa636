import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const progress = style({ display: "grid", gap: vars.space.xs, maxWidth: "40rem" });
export const bar = style({
  display: "block",
  height: 10,
  borderRadius: vars.radius.sm,
  background: vars.color.border,
  overflow: "hidden",
});
export const fill = style({ display: "block", height: "100%", background: vars.color.primary });

const sweepFrames = keyframes({
  from: { transform: "translateX(-100%)" },
  to: { transform: "translateX(250%)" },
});

export const loading = style({
  display: "grid",
  gap: vars.space.xs,
  maxWidth: "20rem",
  margin: `${vars.space.lg} 0`,
  color: vars.color.textMuted,
});

/** A third of the bar sweeping across; still for those who ask for less motion. */
export const sweep = style({
  display: "block",
  width: "40%",
  height: "100%",
  background: vars.color.primary,
  animation: `${sweepFrames} 1.2s ease-in-out infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none", width: "100%", opacity: 0.5 } },
});
