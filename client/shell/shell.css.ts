import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";
import { quietButton } from "../ui/ui.css.ts";

export const page = style({ minHeight: "100vh", display: "flex", flexDirection: "column" });

export const topBar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  flexWrap: "wrap",
});

export const brand = style({
  fontWeight: 700,
  fontSize: vars.size.title,
  marginRight: "auto",
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

/**
 * The user's menu button at the end of the top bar: their initials and name (on a phone the initials
 * alone; the name stays for screen readers).
 */
export const userButton = style([quietButton, {
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minWidth: 0,
  maxWidth: "20rem",
  padding: `0 ${vars.space.sm}`,
  position: "relative",
}]);

export const avatar = style({
  display: "inline-grid",
  placeItems: "center",
  flexShrink: 0,
  width: "32px",
  height: "32px",
  borderRadius: "50%",
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.size.small,
  fontWeight: 700,
});

export const userName = style({
  fontWeight: 600,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  minWidth: 0,
  "@media": {
    "screen and (max-width: 720px)": {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
    },
  },
});

export const body = style({ display: "flex", flex: 1, minHeight: 0 });

/**
 * The menu scrolls on its own and stays in view while the page scrolls (2,500 px of menu would otherwise
 * carry the active entry away with the page).
 */
export const menu = style({
  width: "260px",
  flexShrink: 0,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  padding: vars.space.md,
  overflowY: "auto",
  overscrollBehavior: "contain",
  position: "sticky",
  top: 0,
  alignSelf: "flex-start",
  height: "100vh",
  "@media": { "screen and (max-width: 720px)": { display: "none" } },
});

/** A screen whose feature arrives in a later version, said in the menu too. */
export const soonBadge = style({
  marginLeft: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: "999px",
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.size.small,
  fontWeight: 400,
  whiteSpace: "nowrap",
});

export const menuCompact = style({ width: "200px", fontSize: vars.size.small });

export const menuOpen = style({
  "@media": {
    "screen and (max-width: 720px)": {
      display: "block",
      position: "fixed",
      inset: "56px 0 0 0",
      zIndex: 10,
      width: "auto",
      height: "auto",
    },
  },
});

export const menuToggle = style({ "@media": { "screen and (min-width: 721px)": { display: "none" } } });

export const sectionTitle = style({
  fontSize: vars.size.small,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  color: vars.color.textMuted,
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
});

const holdFill = keyframes({ from: { backgroundSize: "0% 100%" }, to: { backgroundSize: "100% 100%" } });
const holdTint = `color-mix(in srgb, ${vars.color.primary} 28%, transparent)`;

export const menuLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  // A long press (favorites) must not select text or open the phone's link preview.
  userSelect: "none",
  WebkitUserSelect: "none",
  WebkitTouchCallout: "none",
  selectors: {
    "&:hover": { background: vars.color.surfaceRaised },
    '&[aria-current="page"]': { background: vars.color.surfaceRaised, fontWeight: 700 },
    "&:focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "-3px" },
    // While held, the item fills from the left over the 2 seconds the hold takes.
    "&[data-holding]": {
      backgroundImage: `linear-gradient(${holdTint}, ${holdTint})`,
      backgroundRepeat: "no-repeat",
      animation: `${holdFill} 2s linear forwards`,
    },
  },
});

export const content = style({ flex: 1, padding: vars.space.xl, minWidth: 0 });

export const title = style({ fontSize: vars.size.title, margin: `0 0 ${vars.space.lg}` });

/** The sign-in page's language select, at the top of the page at its end. */
export const languageCorner = style({
  display: "flex",
  justifyContent: "flex-end",
  padding: `${vars.space.md} ${vars.space.lg} 0`,
});

export const card = style({
  maxWidth: "480px",
  margin: `${vars.space.xl} auto`,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const banner = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.warningSurface,
  color: vars.color.warning,
  borderBottom: `1px solid ${vars.color.warning}`,
  flexWrap: "wrap",
});

export const bannerText = style({ flex: 1, minWidth: "200px" });

export const toasts = style({
  position: "fixed",
  right: vars.space.lg,
  bottom: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  zIndex: 20,
  maxWidth: "min(420px, calc(100vw - 32px))",
});

export const toast = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: "0 6px 18px rgba(0,0,0,0.2)",
});

export const toastError = style([toast, { background: vars.color.dangerSurface, color: vars.color.danger }]);

// On a phone the connection status keeps only its dot (its text stays for screen readers).
const phone = "screen and (max-width: 720px)";

export const connection = style({ display: "inline-flex", minWidth: 0 });

globalStyle(`${connection} [role="status"]`, {
  "@media": {
    [phone]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  },
});

export const favoriteDot = style({
  width: "12px",
  height: "12px",
  borderRadius: "50%",
  flexShrink: 0,
});

export const favoriteDotEmpty = style([favoriteDot, { border: `2px solid ${vars.color.border}` }]);

export const menuHint = style({
  fontSize: vars.size.small,
  color: vars.color.textMuted,
  margin: `${vars.space.xs} ${vars.space.sm} ${vars.space.sm}`,
});

/** The favorites above the flat list of the simplified menu, set apart by a rule instead of a heading. */
export const flatGroup = style({
  paddingBottom: vars.space.sm,
  marginBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const colourGroup = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  marginBottom: vars.space.md,
});

export const fieldLabel = style({ fontSize: vars.size.small, color: vars.color.textMuted, fontWeight: 600 });

export const swatches = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const swatchRadio = style({
  display: "grid",
  placeItems: "center",
  width: vars.size.touch,
  height: vars.size.touch,
  borderRadius: "50%",
  border: "3px solid transparent",
  cursor: "pointer",
  selectors: {
    "&[data-selected]": { borderColor: vars.color.text },
    "&[data-focus-visible]": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "1px" },
  },
});

export const swatch = style({ width: "28px", height: "28px", borderRadius: "50%" });

export const swatchNone = style([swatch, {
  border: `2px dashed ${vars.color.border}`,
  boxSizing: "border-box",
}]);

export const fieldErrorText = style({
  color: vars.color.danger,
  fontSize: vars.size.small,
  margin: `0 0 ${vars.space.md}`,
});

export const spacer = style({ flex: 1 });
