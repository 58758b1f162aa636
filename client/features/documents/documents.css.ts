// Warehouse document parts: the status badge (its colour by the status's number), the progress bar, the positions
// table and the validation issues shown at each position.
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

/** A status badge's shape; its colours come from the variants (orders reuse it: orders.css.ts). */
export const badgeBase = style({
  display: "inline-block",
  padding: `1px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.size.small,
  fontWeight: 600,
  border: "1px solid currentColor",
  whiteSpace: "nowrap",
});

/**
 * A numbered status's badge (`s112` a working copy ... `s149` an unknown process status): its text on its
 * own surface, from the theme's tokens (client/theme/status_palette.ts), readable in both themes.
 */
export const statusBadge = styleVariants(
  vars.status,
  (colours) => [badgeBase, { color: colours.text, background: colours.surface }],
);

export const progress = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs });

export const progressTrack = style({
  display: "inline-block",
  width: "60px",
  height: "8px",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  overflow: "hidden",
});

export const progressFill = style({ display: "block", height: "100%", background: vars.color.primary });

export const header = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
  gap: vars.space.md,
});

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

export const tableScroll = style({ overflowX: "auto" });

export const table = style({ borderCollapse: "collapse", width: "100%" });

/**
 * The editor's quantity field: room for a quantity with its − and +, not for half the row (an input's own
 * width, some twenty characters, would otherwise push the product's name into a narrow column).
 */
export const quantityCell = style({ width: "12rem", minWidth: "11rem" });
globalStyle(`${quantityCell} input`, { width: "5rem" });

/** The editor's source bin and its lots. */
export const sourceCell = style({ minWidth: "14rem" });
globalStyle(`${sourceCell} input`, { width: "8rem" });

globalStyle(`${table} th, ${table} td`, {
  borderBottom: `1px solid ${vars.color.border}`,
  padding: vars.space.xs,
  textAlign: "start",
  verticalAlign: "top",
});

export const issues = style({ margin: 0, paddingInlineStart: vars.space.lg });

export const issue = styleVariants({
  error: { color: vars.color.danger },
  warning: { color: vars.color.warning },
});

export const issueBox = styleVariants({
  error: {
    border: `1px solid ${vars.color.danger}`,
    background: vars.color.dangerSurface,
    borderRadius: vars.radius.sm,
    padding: vars.space.sm,
  },
  warning: {
    border: `1px solid ${vars.color.warning}`,
    background: vars.color.warningSurface,
    borderRadius: vars.radius.sm,
    padding: vars.space.sm,
  },
});

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** A required field's label ends with an asterisk (the input itself says required to assistive technology). */
export const marksRequired = style({});

globalStyle(`${marksRequired} [data-required] > label::after`, { content: '" *"', color: vars.color.danger });

export const scan = style({ maxWidth: "420px" });

/** The bins and lots one position took from, one per line. */
export const sources = style({ margin: 0, paddingInlineStart: 0, listStyle: "none" });

export const lots = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  maxWidth: "32rem",
});
