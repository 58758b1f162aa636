// The calendar's four views: the month grid, the day's time grid, the agenda list and the resource planner's
// rows; entries coloured by what they are (a legend says which), 44 px targets where a finger taps.
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const screen = style({ display: "grid", gap: vars.space.md });
export const views = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" });
export const viewLink = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  minHeight: vars.size.touch,
  display: "inline-flex",
  alignItems: "center",
  selectors: {
    "&[aria-current=page]": { background: vars.color.primary, color: vars.color.primaryText },
  },
});
export const toolbar = style({ display: "flex", gap: vars.space.sm, alignItems: "center", flexWrap: "wrap" });
export const period = style({ margin: 0, fontSize: vars.size.text, fontWeight: 600 });
export const spacer = style({ flex: 1 });
export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.size.small });
export const live = style({ minHeight: "1.2em", fontSize: vars.size.small });
export const empty = style({ color: vars.color.textMuted });

export const month = style({
  display: "grid",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: "hidden",
});
export const weekdays = style({ display: "grid", gridTemplateColumns: "repeat(7, minmax(0, 1fr))" });
export const weekday = style({
  padding: vars.space.xs,
  fontSize: vars.size.small,
  fontWeight: 600,
  textAlign: "center",
  background: vars.color.surfaceRaised,
});
export const week = style({ display: "grid", gridTemplateColumns: "repeat(7, minmax(0, 1fr))" });
export const cell = style({
  minHeight: "7.5rem",
  padding: vars.space.xs,
  borderTop: `1px solid ${vars.color.border}`,
  borderLeft: `1px solid ${vars.color.border}`,
  display: "flex",
  flexDirection: "column",
  gap: 2,
  minWidth: 0,
  background: vars.color.surface,
});
export const otherMonth = style({ background: vars.color.background, color: vars.color.textMuted });
export const today = style({ boxShadow: `inset 0 0 0 2px ${vars.color.primary}` });
export const dayNumber = style({
  alignSelf: "flex-start",
  border: "none",
  background: "transparent",
  color: "inherit",
  font: "inherit",
  fontWeight: 600,
  minWidth: 32,
  minHeight: 32,
  cursor: "pointer",
  borderRadius: vars.radius.sm,
  ":focus-visible": { outline: `2px solid ${vars.color.focus}` },
});
export const more = style({
  border: "none",
  background: "transparent",
  color: vars.color.primary,
  textAlign: "left",
  cursor: "pointer",
  fontSize: vars.size.small,
  padding: 2,
});

export const entry = style({
  display: "flex",
  gap: 4,
  alignItems: "baseline",
  width: "100%",
  minWidth: 0,
  overflow: "hidden",
  textAlign: "left",
  font: "inherit",
  fontSize: vars.size.small,
  padding: "2px 6px",
  border: "1px solid transparent",
  borderLeftWidth: 4,
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  color: vars.color.text,
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1, zIndex: 2 },
});
export const movable = style({ cursor: "grab" });
export const kind = styleVariants({
  document: { background: "color-mix(in srgb, #0b5cad 16%, transparent)", borderLeftColor: "#0b5cad" },
  order: { background: "color-mix(in srgb, #7b3fa0 16%, transparent)", borderLeftColor: "#7b3fa0" },
  event: { background: "color-mix(in srgb, #146c2e 16%, transparent)", borderLeftColor: "#146c2e" },
  shipment: { background: "color-mix(in srgb, #a15c00 16%, transparent)", borderLeftColor: "#a15c00" },
});
/** A deadline or a pack-by date is something not to miss: dashed. */
export const field = styleVariants({
  plannedDate: {},
  deadline: { borderStyle: "dashed", borderLeftStyle: "solid", borderColor: "#a4161a" },
  packBy: { borderStyle: "dotted", borderLeftStyle: "solid" },
  unpackBy: { borderStyle: "dotted", borderLeftStyle: "solid" },
});
export const time = style({ fontVariantNumeric: "tabular-nums", color: vars.color.textMuted, flexShrink: 0 });
export const entryTitle = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  minWidth: 0,
});
/** What the entry is (its number and contractor): read first, and kept when the line is cut. */
export const lead = style({ fontWeight: 600 });
/** Its type, the date it stands for and its time: after what it is, quieter. */
export const entryMeta = style({ color: vars.color.textMuted });

export const dayView = style({
  display: "grid",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const allDay = style({
  display: "flex",
  flexWrap: "wrap",
  gap: 4,
  padding: vars.space.xs,
  minHeight: vars.size.touch,
  alignItems: "center",
  borderBottom: `1px solid ${vars.color.border}`,
});
export const allDayLabel = style({ width: "4.5rem", fontSize: vars.size.small, color: vars.color.textMuted });
export const dayScroll = style({ maxHeight: "65vh", overflowY: "auto" });
export const dayGrid = style({ position: "relative", display: "grid", gridTemplateColumns: "4.5rem 1fr" });
export const gutter = style({ position: "relative" });
export const hourLabel = style({
  position: "absolute",
  right: vars.space.sm,
  fontSize: vars.size.small,
  color: vars.color.textMuted,
  transform: "translateY(-0.5em)",
});
export const dayColumn = style({ position: "relative", borderLeft: `1px solid ${vars.color.border}` });
export const hourLine = style({
  position: "absolute",
  left: 0,
  right: 0,
  borderTop: `1px solid ${vars.color.border}`,
  pointerEvents: "none",
});

export const agenda = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.xs,
});
export const agendaItem = style({
  display: "grid",
  // The entry (what it is, then its type) before its status.
  gridTemplateColumns: "9rem minmax(0, 1fr) 10rem",
  gap: vars.space.sm,
  alignItems: "center",
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": {
    "screen and (max-width: 700px)": { gridTemplateColumns: "1fr" },
  },
});
export const agendaTime = style({ fontVariantNumeric: "tabular-nums", fontWeight: 600 });
export const agendaKind = style({ color: vars.color.textMuted, fontSize: vars.size.small });

export const planner = style({
  overflowX: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const plannerRow = style({ display: "flex", borderBottom: `1px solid ${vars.color.border}` });
export const rowHead = style({
  position: "sticky",
  left: 0,
  zIndex: 3,
  flex: "0 0 11rem",
  padding: vars.space.xs,
  background: vars.color.surfaceRaised,
  fontSize: vars.size.small,
  display: "grid",
  alignContent: "center",
  minHeight: vars.size.touch,
});
export const rowGroup = style({ fontSize: 11, textTransform: "uppercase", color: vars.color.textMuted });
export const track = style({
  position: "relative",
  flex: "0 0 auto",
  minHeight: 48,
  backgroundImage: `repeating-linear-gradient(to right, ${vars.color.border} 0 1px, transparent 1px 96px)`,
});
export const hourTick = style({
  position: "absolute",
  top: 4,
  fontSize: vars.size.small,
  color: vars.color.textMuted,
  paddingLeft: 4,
});

export const legend = style({
  display: "flex",
  gap: vars.space.lg,
  flexWrap: "wrap",
  listStyle: "none",
  margin: 0,
  padding: 0,
  fontSize: vars.size.small,
});
export const swatch = style({ display: "inline-block", width: 24, height: 14, verticalAlign: "middle" });

// A month's entry takes two lines (three on a phone, where the cell is a finger wide and a number is
// broken anywhere) rather than one cut after its first letters, so its number and what it is show.
const phone = "screen and (max-width: 720px)";
globalStyle(`${cell} ${entry}`, { "@media": { [phone]: { padding: "2px 3px", borderLeftWidth: 3 } } });
globalStyle(`${cell} ${entryTitle}`, {
  whiteSpace: "normal",
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  lineHeight: 1.25,
  "@media": { [phone]: { overflowWrap: "anywhere", WebkitLineClamp: 3 } },
});
