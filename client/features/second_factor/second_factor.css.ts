import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

/** The sign-in's second step, inside the sign-in card. */
export const step = style({ display: "grid", gap: vars.space.md });

export const intro = style({ margin: 0, maxWidth: "40rem" });

/** One part of the security screen: passkeys, the app, recovery codes. */
export const section = style({
  display: "grid",
  gap: vars.space.sm,
  marginTop: vars.space.md,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  maxWidth: "48rem",
});

export const heading = style({ margin: 0, fontSize: vars.size.text, fontWeight: 700 });

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });

export const item = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const itemName = style({ fontWeight: 600 });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.size.small });

export const grow = style({ flex: 1, minWidth: "12rem" });

/** The QR code: dark on white whatever the theme, as phone cameras read it best, with its quiet zone. */
export const qr = style({
  width: "200px",
  height: "200px",
  padding: vars.space.md,
  background: "#fff",
  borderRadius: vars.radius.md,
});

globalStyle(`${qr} svg`, { width: "100%", height: "100%" });

/** The key and recovery codes: monospaced, selectable, in groups. */
export const secret = style({
  fontFamily: vars.font.mono,
  fontSize: "1.1em",
  letterSpacing: "0.08em",
  wordBreak: "break-all",
  userSelect: "all",
});

export const codes = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(10rem, 1fr))",
  gap: vars.space.sm,
  fontFamily: vars.font.mono,
  fontSize: "1.1em",
});

/** The setup a company requires, shown alone after the password. */
export const setupPage = style({ maxWidth: "52rem", margin: "0 auto", padding: vars.space.xl });
