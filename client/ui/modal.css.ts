import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const overlay = style({
  position: "fixed",
  inset: 0,
  background: "rgba(0,0,0,0.45)",
  display: "grid",
  placeItems: "center",
  zIndex: 30,
  padding: vars.space.md,
});

export const modal = style({
  width: "min(520px, 100%)",
  maxHeight: "calc(100vh - 32px)",
  overflowY: "auto",
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  boxShadow: "0 18px 48px rgba(0,0,0,0.35)",
});

export const wide = style([modal, { width: "min(860px, 100%)" }]);

export const dialog = style({ padding: vars.space.xl, outline: "none" });

export const title = style({ margin: `0 0 ${vars.space.lg}`, fontSize: vars.size.title });
