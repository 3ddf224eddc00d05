import { useEffect, useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Panel } from '../../../components/Panel';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../../app/hooks';
import { isUnauthorized } from '../adminApi';
import { sessionLost } from '../adminAuthSlice';
import {
  AXIS_FONT_PX,
  type Bar,
  columnLayout,
  conditionBars,
  funnelBars,
  niceMax,
  percentOf,
  visitBars,
} from './chartData';
import { useElementWidth } from './useElementWidth';
import { useGetDashboardQuery } from './dashboardApi';
import { BOLD } from '../../../theme/typeScale';

// The admin dashboard's charts, drawn as small SVGs of our own (no chart
// library in the bundle; this code loads with the admin page only). Each chart
// is an image with a one-line summary for screen readers and has its figures
// in a table under "Show the figures" (a native <details>: keyboard operable).

const BAR = '#1d4ed8';
const GRID = '#d1d5db';
const COLUMN_CHART_HEIGHT = 200;

interface ChartProps {
  title: string;
  /** One sentence a screen reader reads for the picture. */
  summary: string;
  bars: Bar[];
  /** Header of the table's value column. */
  valueLabel: string;
  /** A third column, e.g. the share of those who started. */
  extra?: { label: string; value: (bar: Bar) => string };
  /** What the chart counts, said under it. */
  note?: string;
}

function FiguresTable({ title, bars, valueLabel, extra }: ChartProps) {
  return (
    <Box component="details" sx={{ mt: 1 }}>
      <Box component="summary" sx={{ cursor: 'pointer', py: 0.5 }}>
        Show the figures
      </Box>
      <Box
        component="table"
        sx={{
          borderCollapse: 'collapse',
          mt: 1,
          '& th, & td': { textAlign: 'left', py: 0.5, pr: 3, borderBottom: `1px solid ${GRID}` },
          '& td:nth-of-type(n+1)': { fontVariantNumeric: 'tabular-nums' },
        }}
      >
        <caption style={{ textAlign: 'left', fontWeight: BOLD }}>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{title.startsWith('Visits') ? 'Day' : 'Stage'}</th>
            <th scope="col">{valueLabel}</th>
            {extra && <th scope="col">{extra.label}</th>}
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.rowLabel}>
              <th scope="row" style={{ fontWeight: 400 }}>
                {bar.rowLabel}
              </th>
              <td>{bar.value}</td>
              {extra && <td>{extra.value(bar)}</td>}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function ChartCard({ children, ...props }: ChartProps & { children: React.ReactNode }) {
  const headingId = useId();
  return (
    <Panel component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} component="h3" variant="h6" sx={{ mb: 2 }}>
        {props.title}
      </Typography>
      {props.bars.length === 0 ? (
        <Typography>No data yet.</Typography>
      ) : (
        <>
          {children}
          {props.note && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {props.note}
            </Typography>
          )}
          <FiguresTable {...props} />
        </>
      )}
    </Panel>
  );
}

/** Vertical bars, one per day, drawn at the card's own width so its labels keep their size. */
function ColumnChart(props: ChartProps) {
  const [frame, width] = useElementWidth<HTMLDivElement>();
  const layout = width ? columnLayout(props.bars, width, COLUMN_CHART_HEIGHT) : undefined;
  return (
    <ChartCard {...props}>
      <Box ref={frame} sx={{ minHeight: COLUMN_CHART_HEIGHT }}>
        {layout && (
          <svg
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            // A share of the card, not a width in px: a fixed width would hold the card (a grid
            // item) at its old size, and the page would scroll sideways after a narrowing.
            width="100%"
            height={layout.height}
            role="img"
            aria-label={props.summary}
            style={{ display: 'block', color: 'inherit' }}
          >
            {layout.ticks.map((tick) => (
              <g key={tick.value}>
                <line
                  x1={layout.plot.left}
                  x2={layout.plot.right}
                  y1={tick.lineY}
                  y2={tick.lineY}
                  stroke={GRID}
                />
                <text
                  x={layout.valueX}
                  y={tick.y}
                  fontSize={AXIS_FONT_PX}
                  textAnchor="end"
                  fill="currentColor"
                >
                  {tick.value}
                </text>
              </g>
            ))}
            {layout.columns.map((column) => (
              <rect
                key={column.key}
                x={column.x}
                y={column.y}
                width={column.width}
                height={column.height}
                fill={BAR}
              />
            ))}
            {layout.dates.map((date) => (
              <text
                key={`label-${date.key}`}
                x={date.x}
                y={date.y}
                fontSize={AXIS_FONT_PX}
                textAnchor="middle"
                fill="currentColor"
              >
                {date.text}
              </text>
            ))}
          </svg>
        )}
      </Box>
    </ChartCard>
  );
}

/** Horizontal bars with their labels and values written beside them. */
function RowChart(props: ChartProps) {
  const width = 560;
  const rowHeight = 26;
  const labelWidth = 190;
  const valueWidth = 60;
  const height = props.bars.length * rowHeight;
  const max = niceMax(props.bars.map((b) => b.value));
  const barSpace = width - labelWidth - valueWidth;
  return (
    <ChartCard {...props}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={props.summary}
        style={{ display: 'block', maxWidth: width }}
      >
        {props.bars.map((bar, i) => {
          const barWidth = (barSpace * bar.value) / max;
          const middle = i * rowHeight + rowHeight / 2;
          return (
            <g key={bar.rowLabel}>
              <text x={0} y={middle + 4} fontSize="12" fill="currentColor">
                {bar.label.length > 28 ? `${bar.label.slice(0, 27)}…` : bar.label}
              </text>
              <rect x={labelWidth} y={middle - 8} width={barWidth} height={16} fill={BAR} />
              <text x={labelWidth + barWidth + 6} y={middle + 4} fontSize="12" fill="currentColor">
                {bar.value}
              </text>
            </g>
          );
        })}
      </svg>
    </ChartCard>
  );
}

/** Visits per day (28 days), the questionnaire funnel and the top conditions (GET /api/admin/dashboard). */
export default function DashboardCharts() {
  const headingId = useId();
  const dispatch = useAppDispatch();
  const { data, error, isLoading } = useGetDashboardQuery();

  useEffect(() => {
    if (isUnauthorized(error)) dispatch(sessionLost());
  }, [error, dispatch]);

  let body: React.ReactNode;
  if (isLoading) body = <Typography role="status">Loading charts...</Typography>;
  else if (error || !data)
    body = (
      <Alert severity="warning">
        The charts are unavailable right now. Please try again shortly.
      </Alert>
    );
  else {
    const visits = visitBars(data);
    const total = visits.reduce((sum, bar) => sum + bar.value, 0);
    const funnel = funnelBars(data);
    const conditions = conditionBars(data);
    body = (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Box sx={{ gridColumn: { lg: '1 / -1' } }}>
          <ColumnChart
            title="Visits per day, last 28 days"
            summary={`Bar chart: ${total} visits over 28 days, from ${visits[0]?.rowLabel ?? ''} to ${visits[visits.length - 1]?.rowLabel ?? ''}, most on one day ${Math.max(0, ...visits.map((b) => b.value))}.`}
            bars={visits}
            valueLabel="Visits"
          />
        </Box>
        <RowChart
          title="Symptom checker funnel, last 28 days"
          summary={`Bar chart: ${data.funnel.started} sessions started the symptom checker and ${data.funnel.completed} completed it (${percentOf(data.funnel.completed, data.funnel.started)}).`}
          bars={funnel}
          valueLabel="Sessions"
          note="Counts sessions, not events: each session once, at the furthest stage it reached, and in every stage before it, so each bar is at most the one above."
          extra={{
            label: 'Of those who started',
            value: (bar) => percentOf(bar.value, data.funnel.started),
          }}
        />
        <RowChart
          title="Top conditions, last 28 days"
          summary={`Bar chart of the most frequent top results: ${conditions
            .map((bar) => `${bar.label} ${bar.value}`)
            .join(', ')}.`}
          bars={conditions}
          valueLabel="Completions"
        />
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ mb: 2 }}>
        Site Activity
      </Typography>
      {body}
    </Box>
  );
}
