import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Panel } from '../../components/Panel';
import Typography from '@mui/material/Typography';
import { ActionButton } from '../../components/ActionButton';
import { useAppDispatch } from '../../app/hooks';
import {
  errorMessage,
  isUnauthorized,
  useSendWeeklyReportTestMutation,
  type WeeklyReportTestResponse,
  type WeeklyStats,
} from './adminApi';
import { sessionLost } from './adminAuthSlice';
import { formatCount, formatGrowth } from './format';
import { BOLD } from '../../theme/typeScale';

const GREEN = '#15803d';
const RED = '#b91c1c';

function StatsTable<T>({
  caption,
  head,
  rows,
  cells,
}: {
  caption: string;
  head: [string, string];
  rows: T[];
  cells: (row: T) => [string, string];
}) {
  return (
    <Box
      component="table"
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        mb: 2,
        '& th, & td': { textAlign: 'left', py: 0.5, px: 1, borderBottom: '1px solid #e2e8f0' },
        '& td:last-child, & th:last-child': { textAlign: 'right' },
        '& caption': { textAlign: 'left', fontWeight: BOLD, py: 0.5 },
      }}
    >
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col">{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2}>None this week</td>
          </tr>
        ) : (
          rows.map((row, index) => {
            const [first, second] = cells(row);
            return (
              <tr key={`${first}-${index}`}>
                <td>{first}</td>
                <td>{second}</td>
              </tr>
            );
          })
        )}
      </tbody>
    </Box>
  );
}

function StatsPanel({ stats, emailId }: { stats: WeeklyStats; emailId?: string | null }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const growth = formatGrowth(stats.weekOverWeekGrowth);
  return (
    <Box sx={{ mt: 2 }}>
      <Alert severity="success" sx={{ mb: 2 }}>
        <Typography component="p" sx={{ fontWeight: BOLD }}>
          Test completed successfully!
        </Typography>
        <Typography component="p">
          The weekly report was sent to your email.
          {emailId ? ` Email ID: ${emailId}` : ''}
        </Typography>
      </Alert>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}>
        <dt>Total visits (last 7 days)</dt>
        <Box component="dd" sx={{ m: 0, fontWeight: BOLD }}>
          {formatCount(stats.totalVisits)}
        </Box>
        <dt>Previous week</dt>
        <Box component="dd" sx={{ m: 0, fontWeight: BOLD }}>
          {formatCount(stats.previousWeekTotal)}
        </Box>
        <dt>Week-over-week growth</dt>
        <Box
          component="dd"
          data-testid="weekly-growth"
          sx={{ m: 0, fontWeight: BOLD, color: growth.positive ? GREEN : RED }}
        >
          {growth.text}
        </Box>
      </Box>
      <ActionButton
        variant="outlined"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
        sx={{ mt: 2 }}
      >
        {open ? 'Hide detailed stats' : 'Show detailed stats'}
      </ActionButton>
      <Box id={detailsId} hidden={!open} sx={{ mt: 2 }}>
        <StatsTable
          caption="Daily visits"
          head={['Date', 'Visits']}
          rows={stats.dailyBreakdown}
          cells={(day) => [day.date, formatCount(day.visits)]}
        />
        <StatsTable
          caption="Top pages"
          head={['Page', 'Visits']}
          rows={stats.topPages.slice(0, 3)}
          cells={(page) => [page.page, formatCount(page.visits)]}
        />
        <StatsTable
          caption="Top referrers"
          head={['Referrer', 'Visits']}
          rows={stats.topReferrers.slice(0, 3)}
          cells={(referrer) => [referrer.referrer, formatCount(referrer.visits)]}
        />
      </Box>
    </Box>
  );
}

/** The answer of a finished test, in the spec's words (§8). */
function Outcome({ result }: { result: WeeklyReportTestResponse }) {
  if (!result.success) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {`Test failed: ${result.error ?? 'Unknown error'}`}
      </Alert>
    );
  }
  const stats = result.data?.stats;
  if (!stats) {
    return (
      <Alert severity="success" sx={{ mt: 2 }}>
        <Typography component="p" sx={{ fontWeight: BOLD }}>
          Test completed successfully!
        </Typography>
        <Typography component="p">Email sent but no stats data available.</Typography>
        {result.data?.emailId && (
          <Typography component="p">Email ID: {result.data.emailId}</Typography>
        )}
      </Alert>
    );
  }
  return <StatsPanel stats={stats} emailId={result.data?.emailId} />;
}

/** Spec §2/§4: sends the weekly report to the signed-in admin now and shows what was sent. */
export function WeeklyReportTestCard() {
  const [send, { isLoading }] = useSendWeeklyReportTestMutation();
  const [result, setResult] = useState<WeeklyReportTestResponse>();
  const [transportError, setTransportError] = useState<string>();
  const dispatch = useAppDispatch();
  const headingId = useId();

  async function run() {
    setResult(undefined);
    setTransportError(undefined);
    const answer = await send();
    if ('data' in answer && answer.data) {
      setResult(answer.data);
      return;
    }
    if (isUnauthorized(answer.error)) {
      dispatch(sessionLost());
      return;
    }
    setTransportError(errorMessage(answer.error, 'The test report could not be sent.'));
  }

  return (
    <Panel component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ mb: 1 }}>
        Weekly Report Test
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Send this week&apos;s analytics report to your email now, to check that it works.
      </Typography>
      <ActionButton onClick={() => void run()} disabled={isLoading}>
        {isLoading ? 'Sending Test Report...' : 'Send Test Report'}
      </ActionButton>
      <Box aria-live="polite">
        {result && <Outcome result={result} />}
        {transportError && (
          <Alert severity="error" variant="filled" sx={{ mt: 2 }}>
            {transportError}
          </Alert>
        )}
      </Box>
    </Panel>
  );
}
