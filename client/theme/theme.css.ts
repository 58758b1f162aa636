// Design tokens and the two themes (light, dark). Components style themselves only with `vars`.
import { createGlobalTheme, createThemeContract, globalStyle } from "@vanilla-extract/css";
import { darkStatusPalette, lightStatusPalette, type StatusPalette } from "./status_palette.ts";

/** The numbered statuses' colours as tokens: `vars.status.s122.text`, `.surface`. */
const statusTokens = (palette: StatusPalette) =>
  Object.fromEntries(Object.entries(palette).map(([n, colours]) => [`s${n}`, colours])) as Record<
    `s${keyof StatusPalette}`,
    { text: string; surface: string }
  >;

export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    text: null,
    textMuted: null,
    border: null,
    primary: null,
    primaryText: null,
    danger: null,
    dangerSurface: null,
    warning: null,
    warningSurface: null,
    success: null,
    focus: null,
  },
  status: statusTokens(lightStatusPalette),
  space: { xs: null, sm: null, md: null, lg: null, xl: null },
  radius: { sm: null, md: null },
  font: { body: null, mono: null },
  size: { text: null, small: null, title: null, touch: null },
});

const shared = {
  space: { xs: "4px", sm: "8px", md: "12px", lg: "16px", xl: "24px" },
  radius: { sm: "4px", md: "8px" },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
    mono: "ui-monospace, 'DejaVu Sans Mono', monospace",
  },
  // 44 px touch targets: gloves in a cold store.
  size: { text: "16px", small: "14px", title: "22px", touch: "44px" },
};

createGlobalTheme(":root", vars, {
  ...shared,
  color: {
    background: "#f4f6f8",
    surface: "#ffffff",
    surfaceRaised: "#eef1f4",
    text: "#17202a",
    textMuted: "#4d5b69",
    border: "#c5ced8",
    primary: "#0b5cad",
    primaryText: "#ffffff",
    danger: "#a4161a",
    dangerSurface: "#fde8e8",
    warning: "#7a4b00",
    warningSurface: "#fff4d6",
    success: "#146c2e",
    focus: "#1a73e8",
  },
  status: statusTokens(lightStatusPalette),
});

createGlobalTheme("html[data-theme=dark]", vars, {
  ...shared,
  color: {
    background: "#11161c",
    surface: "#1a2129",
    surfaceRaised: "#232c36",
    text: "#e8edf2",
    textMuted: "#a9b6c3",
    border: "#3a4654",
    primary: "#6cb0ff",
    primaryText: "#0b1622",
    danger: "#ff8a8a",
    dangerSurface: "#3b1717",
    warning: "#ffd27a",
    warningSurface: "#3a2c0c",
    success: "#7ddc97",
    focus: "#8ab4f8",
  },
  status: statusTokens(darkStatusPalette),
});

globalStyle("html, body", {
  margin: 0,
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.size.text,
  lineHeight: 1.45,
});

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });

globalStyle("a", { color: vars.color.primary });
