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

/**
 * The box never grows past the window (dvh: a phone's browser bars come and go); what does not fit
 * scrolls inside its body, not the box itself, so the title and the footer stay where they are.
 */
export const modal = style({
  width: "min(520px, 100%)",
  maxHeight: `calc(100vh - 2 * ${vars.space.md})`,
  display: "flex",
  flexDirection: "column",
  overflow: "hidden",
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  boxShadow: "0 18px 48px rgba(0,0,0,0.35)",
  "@supports": {
    "(height: 100dvh)": { maxHeight: `calc(100dvh - 2 * ${vars.space.md})` },
  },
});

export const wide = style([modal, { width: "min(860px, 100%)" }]);

export const dialog = style({
  display: "flex",
  flexDirection: "column",
  flex: "1 1 auto",
  minHeight: 0,
  outline: "none",
});

export const title = style({
  flex: "none",
  margin: 0,
  padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.lg}`,
  fontSize: vars.size.title,
});

/**
 * What scrolls. A field reached by Tab is scrolled clear of the footer that covers the body's last
 * stretch (scroll padding), not left under it.
 */
export const body = style({
  flex: "1 1 auto",
  minHeight: 0,
  overflowY: "auto",
  overscrollBehavior: "contain",
  padding: `0 ${vars.space.xl} ${vars.space.xl}`,
  scrollPaddingBottom: "88px",
});

export const footer = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "flex-end",
  position: "sticky",
  bottom: `calc(-1 * ${vars.space.xl})`,
  zIndex: 1,
  marginTop: vars.space.md,
  marginBottom: `calc(-1 * ${vars.space.xl})`,
  padding: `${vars.space.md} 0 ${vars.space.xl}`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
