// The title page: the product's name and what it does, the ways in, the languages.
import { style } from "@vanilla-extract/css";
import { vars } from "../theme/theme.css.ts";

export const page = style({
  maxWidth: "960px",
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.lg}`,
  display: "grid",
  gap: vars.space.xl,
});

export const brand = style({
  display: "flex",
  alignItems: "baseline",
  flexWrap: "wrap",
  gap: vars.space.sm,
  color: vars.color.textMuted,
});

export const name = style({ fontWeight: 700, color: vars.color.primary, fontSize: vars.size.title });

export const heading = style({ fontSize: "2rem", lineHeight: 1.2, margin: 0 });

export const lead = style({ fontSize: "1.15rem", margin: 0, maxWidth: "60ch" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" });

const action = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: vars.size.touch,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  fontWeight: 600,
  textDecoration: "none",
});

export const primary = style([action, { background: vars.color.primary, color: vars.color.primaryText }]);

export const secondary = style([action, {
  border: `1px solid ${vars.color.primary}`,
  color: vars.color.primary,
  background: vars.color.surface,
}]);

export const features = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
  gap: vars.space.md,
});

export const feature = style({
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const featureTitle = style({ fontSize: "1.05rem", margin: `0 0 ${vars.space.xs}` });

export const settings = style({ display: "flex", flexWrap: "wrap", gap: vars.space.lg, alignItems: "end" });

export const note = style({ color: vars.color.textMuted, fontSize: vars.size.small, margin: 0 });
