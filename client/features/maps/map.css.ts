// The warehouse map: the drawing in a frame that zooms and pans, the locations over it coloured by how full
// or how cold they are (a legend names the colours; patterns of outline tell them apart without colour), and
// the planner's side list and fields.
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const screen = style({ display: "grid", gap: vars.space.md });
export const toolbar = style({ display: "flex", gap: vars.space.md, alignItems: "end", flexWrap: "wrap" });
export const spacer = style({ flex: 1 });
export const hint = style({ color: vars.color.textMuted, fontSize: vars.size.small, margin: 0 });
export const mapWrap = style({ display: "grid", gap: vars.space.sm });
export const zoomBar = style({ display: "flex", gap: vars.space.sm });
export const frame = style({
  position: "relative",
  overflow: "hidden",
  height: "65vh",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: "#ffffff",
  touchAction: "none",
  ":focus-visible": { outline: `3px solid ${vars.color.focus}` },
});
export const canvas = style({ position: "absolute", left: 0, top: 0, width: "100%", transformOrigin: "0 0" });
export const drawing = style({ display: "block", width: "100%", height: "100%", userSelect: "none" });
export const overlay = style({ position: "absolute", inset: 0, width: "100%", height: "100%" });
export const place = style({ cursor: "pointer", outline: "none" });
globalStyle(`${place}:focus-visible rect`, { stroke: vars.color.focus, strokeWidth: 4 });
export const placeText = style({
  textAnchor: "middle",
  dominantBaseline: "central",
  fill: "#111",
  pointerEvents: "none",
  fontFamily: vars.font.body,
  fontWeight: 600,
});
const base = {
  stroke: "#333",
  strokeWidth: 1,
  vectorEffect: "non-scaling-stroke",
  fillOpacity: 0.7,
} as const;
export const fill = styleVariants({
  unknown: { ...base, fill: "#b0b7bf", strokeDasharray: "4 3" },
  empty: { ...base, fill: "#ffffff" },
  low: { ...base, fill: "#2e9e4f" },
  mid: { ...base, fill: "#e0b000" },
  high: { ...base, fill: "#e8730c" },
  over: { ...base, fill: "#c81e1e", strokeWidth: 3 },
});
export const climate = styleVariants({
  frozen: { ...base, fill: "#2f6fd6", strokeWidth: 3 },
  chilled: { ...base, fill: "#7cc7e8" },
  ambient: { ...base, fill: "#f2e3c6", strokeDasharray: "4 3" },
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
export const planner = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 1000px)": { gridTemplateColumns: "minmax(0, 1fr) 20rem" } },
});
export const side = style({ display: "grid", gap: vars.space.sm, alignContent: "start" });
export const sideTitle = style({ fontSize: vars.size.text, margin: 0 });
export const placeList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  maxHeight: "30vh",
  overflowY: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
const item = {
  padding: vars.space.sm,
  cursor: "pointer",
  minHeight: vars.size.touch,
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
} as const;
export const placeItem = style({ ...item, ":focus-visible": { outline: `2px solid ${vars.color.focus}` } });
export const placeItemSelected = style({
  ...item,
  background: vars.color.primary,
  color: vars.color.primaryText,
  ":focus-visible": { outline: `2px solid ${vars.color.focus}` },
});
export const fields = style({
  display: "grid",
  gap: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
});
export const planned = style({ ...base, fill: "#7aa7e0" });
export const plannedSelected = style({ ...base, fill: "#0b5cad", strokeWidth: 3 });
export const drawingRect = style({
  fill: "none",
  stroke: "#c81e1e",
  strokeWidth: 2,
  strokeDasharray: "6 4",
  vectorEffect: "non-scaling-stroke",
});
export const fileLabel = style({ display: "grid", gap: vars.space.xs, margin: `${vars.space.md} 0` });

/** The location picker: its box and button side by side; its list, a location's name and "no map yet". */
export const pickerGroup = style({ display: "flex", gap: vars.space.xs, minWidth: "18rem" });
export const choiceList = style({ maxHeight: "60vh", overflowY: "auto", outline: "none", minWidth: "18rem" });
export const choice = style({ display: "flex", gap: vars.space.sm, alignItems: "baseline", width: "100%" });
export const noMap = style({
  color: vars.color.textMuted,
  fontSize: vars.size.small,
  marginInlineStart: "auto",
});
/** Where the plan will be: what it waits for, or that the location has none yet. */
export const noMapYet = style({
  display: "flex",
  gap: vars.space.md,
  alignItems: "center",
  flexWrap: "wrap",
});
