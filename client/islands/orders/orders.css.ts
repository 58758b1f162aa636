// Warehouse order parts: the process status badge (its colour by how far the order is), the count entry
// field and the dashboard tiles.
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";
import { badgeBase } from "../documents/documents.css.ts";

const waiting = [badgeBase, { color: vars.color.warning, background: vars.color.warningSurface }];
const working = [badgeBase, { color: vars.color.primary, background: vars.color.surface }];
const done = [badgeBase, { color: vars.color.success, background: vars.color.surface }];
const stopped = [badgeBase, { color: vars.color.danger, background: vars.color.dangerSurface }];
const quiet = [badgeBase, { color: vars.color.textMuted, background: vars.color.surfaceRaised }];

/** Amber waiting, blue under way, green done, red closed by hand, grey put away or not known. */
export const processBadge = styleVariants({
  pending: waiting,
  waitingToProcess: waiting,
  inProgress: working,
  doneUnconfirmed: working,
  doneConfirmed: done,
  closedFully: done,
  closedManually: stopped,
  archived: quiet,
  unknown: quiet,
});

export const late = style({ color: vars.color.danger, fontWeight: 600, marginInlineStart: vars.space.sm });

export const countField = style({ width: "11em" });

export const tiles = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
  gap: vars.space.md,
});

export const tile = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover, &:focus-visible": { borderColor: vars.color.primary } },
});

export const tileFigure = style({ fontSize: "1.8rem", fontWeight: 700 });

/** One of a tile's two counts: what it counts, then the figure. */
export const tileCount = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: vars.space.sm,
});

export const tileNote = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const tileAlert = style({ borderColor: vars.color.danger });

export const label = style({
  display: "grid",
  gap: vars.space.xs,
  padding: vars.space.md,
  breakInside: "avoid",
});

export const labels = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
  gap: vars.space.md,
  "@media": { print: { gap: 0 } },
});
