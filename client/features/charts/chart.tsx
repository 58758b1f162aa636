// The chart island: uPlot (a small canvas chart) drawing one x axis of days or names against numbered
// series, as lines over days or as bars over names. It follows the theme (colours read from the theme's
// CSS variables, redrawn when night mode turns on or off), the container's width, and the user's language
// for every number and label on the axes. The canvas is one image to assistive technology, named by
// `label`; the screens keep the same figures in a table beside it.
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { vars } from "../../theme/theme.css.ts";
import * as css from "./chart.css.ts";

type Tone = "primary" | "success" | "danger" | "warning";

export interface ChartSeries {
  label: string;
  tone: Tone;
  values: number[];
}

export interface ChartProps {
  /** The points of the x axis: days (`YYYY-MM-DD`) for lines, names for bars. */
  x: string[];
  series: ChartSeries[];
  kind: "lines" | "bars";
  /** What the x axis is (the legend's first entry: the day or the product under the cursor). */
  xLabel: string;
  /** What the chart shows, for screen readers (the canvas itself is not readable). */
  label: string;
  formatX: (x: string) => string;
  formatNumber: (n: number) => string;
  height?: number;
}

/** The value of a theme variable (`var(--name)` from the theme contract) on `el`. */
function resolve(el: Element, cssVar: string): string {
  const name = /var\((--[^),\s]+)/.exec(cssVar)?.[1];
  return name ? getComputedStyle(el).getPropertyValue(name).trim() : cssVar;
}

/**
 * The y axis as wide as its longest label (uPlot's fixed 50 px cut "10,000" to "0,000"): the ticks, the gap
 * and the label measured in the axis's own font.
 */
function fitLabels(u: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  const axis = u.axes[axisIdx] as uPlot.Axis & { _size?: number; font?: [string, number, number] };
  // uPlot asks again while it settles the layout; the size of the first pass stands.
  if (cycleNum > 1 && axis._size) return axis._size;
  let size = (axis.ticks?.size ?? 10) + (axis.gap ?? 5);
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), "");
  if (longest) {
    if (axis.font) u.ctx.font = axis.font[0];
    size += u.ctx.measureText(longest).width / devicePixelRatio;
  }
  // (and a few pixels, so that the first digit is not on the canvas's very edge)
  return Math.ceil(Math.max(size + 6, 24));
}

function options(el: HTMLElement, p: ChartProps, width: number): uPlot.Options {
  const colour = (tone: Tone) => resolve(el, vars.color[tone]);
  const text = resolve(el, vars.color.textMuted);
  const grid = resolve(el, vars.color.border);
  const axis = (values: uPlot.Axis["values"]): uPlot.Axis => ({
    stroke: text,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
    values,
  });
  const bars = p.kind === "bars" ? uPlot.paths.bars!({ size: [0.6, 48], align: 0 }) : undefined;
  return {
    width,
    height: p.height ?? 260,
    // Plain indexes on x: days and names are labels, so no time zone can move a day.
    scales: {
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
    },
    axes: [
      axis((_u, splits) =>
        splits.map((
          i,
        ) => (Number.isInteger(i) && i >= 0 && i < p.x.length
          ? p.x.length > 12 && i % Math.ceil(p.x.length / 12) ? "" : p.formatX(p.x[i])
          : "")
        )
      ),
      { ...axis((_u, splits) => splits.map((n) => p.formatNumber(n))), size: fitLabels },
    ],
    series: [
      { label: p.xLabel, value: (_u, i) => (i === null || p.x[i] === undefined ? "" : p.formatX(p.x[i])) },
      ...p.series.map((s): uPlot.Series => ({
        label: s.label,
        stroke: colour(s.tone),
        fill: p.kind === "bars" ? colour(s.tone) : undefined,
        width: 2,
        paths: bars,
        points: { show: p.kind === "lines" && p.x.length <= 62 },
        value: (_u, v) => (v === null || v === undefined ? "" : p.formatNumber(v)),
      })),
    ],
    cursor: { drag: { x: false, y: false } },
    legend: { show: true },
  };
}

export default function Chart(p: ChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  // The latest formatters, without redrawing for every new function the screen makes when it renders.
  const latest = useRef(p);
  latest.current = p;
  const { x, series, kind, height } = p;
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const data: uPlot.AlignedData = [x.map((_, i) => i), ...series.map((s) => s.values)];
    let plot: uPlot | undefined;
    const draw = () => {
      plot?.destroy();
      const now: ChartProps = {
        ...latest.current,
        x,
        series,
        formatX: (v) => latest.current.formatX(v),
        formatNumber: (n) => latest.current.formatNumber(n),
      };
      plot = new uPlot(options(el, now, el.clientWidth || 600), data, el);
    };
    draw();
    const resized = new ResizeObserver(() =>
      plot?.setSize({ width: el.clientWidth || 600, height: height ?? 260 })
    );
    resized.observe(el);
    // Night mode swaps the theme's colours: draw again with the new ones.
    const themed = new MutationObserver(draw);
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    return () => {
      resized.disconnect();
      themed.disconnect();
      plot?.destroy();
    };
  }, [x, series, kind, height]);
  return <div ref={frame} className={css.frame} role="img" aria-label={p.label} data-chart={kind} />;
}
