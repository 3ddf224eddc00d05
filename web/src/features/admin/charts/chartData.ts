import { type DashboardData } from './dashboardApi';

export interface Bar {
  label: string;
  /** What a screen reader or the data table says for the row. */
  rowLabel: string;
  value: number;
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "16 Nov" for 2026-11-16. */
export function shortDate(date: string): string {
  return DAY.format(new Date(`${date}T00:00:00Z`));
}

export function visitBars(data: DashboardData): Bar[] {
  return data.dailyVisits.map((day) => ({
    label: shortDate(day.date),
    rowLabel: day.date,
    value: day.visits,
  }));
}

/** Started, the emergency check, each step, completed: every stage with its share of those who started. */
export function funnelBars(data: DashboardData): Bar[] {
  return [
    { label: 'Started', rowLabel: 'Started', value: data.funnel.started },
    {
      label: 'Emergency check',
      rowLabel: 'Emergency check answered',
      value: data.funnel.emergencyCheckCompleted,
    },
    ...data.funnel.stepsCompleted.map((value, i) => ({
      label: `Step ${i + 1}`,
      rowLabel: `Step ${i + 1} completed`,
      value,
    })),
    { label: 'Completed', rowLabel: 'Completed', value: data.funnel.completed },
  ];
}

export function conditionBars(data: DashboardData): Bar[] {
  return data.topConditions.map((row) => ({
    label: row.condition,
    rowLabel: row.condition,
    value: row.completions,
  }));
}

/** A round axis maximum at or above the largest value (1, 2, 5 × 10ⁿ). */
export function niceMax(values: readonly number[]): number {
  const max = Math.max(0, ...values);
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (max <= step * magnitude) return step * magnitude;
  return 10 * magnitude;
}

export function percentOf(value: number, whole: number): string {
  if (whole <= 0) return '–';
  return `${((value * 100) / whole).toFixed(1)}%`;
}

/** The axis labels' size in CSS px: the visits chart is drawn at its real width, never scaled. */
export const AXIS_FONT_PX = 12;
/**
 * A label's width is estimated, not measured (the layout stays a pure function): 0.7 em per
 * character is more than the average of any date or number label in common sans-serif fonts
 * (DejaVu Sans, whose digits are the widest, measures 0.64 em a digit), so it errs on the side
 * of room.
 */
const CHAR_EM = 0.7;
/** Space between a label and its neighbour, or the plot. */
const LABEL_GAP = 8;

export const estimatedLabelWidth = (text: string) => text.length * AXIS_FONT_PX * CHAR_EM;

export interface ColumnLayout {
  width: number;
  height: number;
  /** Where the bars stand: the area inside the axis labels. */
  plot: { left: number; top: number; right: number; bottom: number };
  /** Horizontal grid lines with their value labels (end-anchored at valueX, baseline y). */
  ticks: Array<{ value: number; lineY: number; y: number }>;
  valueX: number;
  columns: Array<{ key: string; x: number; y: number; width: number; height: number }>;
  /** The date labels drawn under the bars (centre-anchored at x, baseline y). */
  dates: Array<{ key: string; text: string; x: number; y: number }>;
}

/**
 * The visits chart laid out for a drawing `width` px wide: the value axis as wide as its
 * longest label, room above the top label and below the dates, and as many date labels as fit
 * side by side (every 7th day, or every 14th… on a narrow phone, and the last day), each kept
 * inside the drawing.
 */
export function columnLayout(bars: readonly Bar[], width: number, height = 200): ColumnLayout {
  const max = niceMax(bars.map((b) => b.value));
  const values = [0, max / 2, max];
  const labelWidth = Math.max(...values.map((v) => estimatedLabelWidth(String(v))));
  // The value labels sit on their lines (baseline a third of an em below), so half a label
  // sticks out above the top line: the top keeps a label's height free.
  const plot = {
    left: Math.ceil(labelWidth + LABEL_GAP),
    top: AXIS_FONT_PX,
    right: width,
    bottom: height - 2 * AXIS_FONT_PX,
  };
  const y = (value: number) => plot.bottom - ((plot.bottom - plot.top) * value) / max;
  const step = (plot.right - plot.left) / Math.max(1, bars.length);

  const dateWidth = Math.max(0, ...bars.map((bar) => estimatedLabelWidth(bar.label)));
  const room = dateWidth + LABEL_GAP;
  const every = 7 * Math.max(1, Math.ceil(room / (7 * step)));
  const last = bars.length - 1;
  /** Where label i is centred: under its bar, moved in as far as it must to stay inside. */
  const labelX = (i: number) => {
    const half = estimatedLabelWidth(bars[i].label) / 2;
    return Math.min(Math.max(plot.left + i * step + step / 2, half), width - half);
  };
  const shown = bars
    .map((_, i) => i)
    .filter((i) => i === last || (i % every === 0 && labelX(last) - labelX(i) >= room));

  return {
    width,
    height,
    plot,
    ticks: values.map((value) => ({
      value,
      lineY: y(value),
      y: y(value) + Math.round(AXIS_FONT_PX / 3),
    })),
    valueX: plot.left - LABEL_GAP / 2,
    columns: bars.map((bar, i) => ({
      key: bar.rowLabel,
      x: plot.left + i * step + step * 0.15,
      y: y(bar.value),
      width: step * 0.7,
      height: plot.bottom - y(bar.value),
    })),
    dates: shown.map((i) => ({
      key: bars[i].rowLabel,
      text: bars[i].label,
      x: labelX(i),
      y: height - Math.round(AXIS_FONT_PX / 2),
    })),
  };
}
