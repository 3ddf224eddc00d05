import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Panel } from '../../components/Panel';
import { ActionButton } from '../../components/ActionButton';
import { useAppDispatch } from '../../app/hooks';
import { errorMessage, isUnauthorized } from './adminApi';
import { sessionLost } from './adminAuthSlice';
import {
  type FailedReferral,
  useGetFailedReferralsQuery,
  useRetryReferralMutation,
} from './failedReferralsApi';
import { formatCount } from './format';
import { BOLD } from '../../theme/typeScale';

const WHEN = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

/** What the admin is told after a retry, read out by the live region. */
interface RetryNote {
  severity: 'success' | 'error';
  text: string;
}

function Row({
  item,
  busy,
  onRetry,
}: {
  item: FailedReferral;
  busy: boolean;
  onRetry: (id: string) => void;
}) {
  const id = item.kind === 'mail' ? item.referralId : null;
  return (
    <tr>
      <td>{WHEN.format(new Date(item.failedAt))}</td>
      <td>
        {id ? (
          <Box component="code" sx={{ wordBreak: 'break-all' }}>
            {id}
          </Box>
        ) : (
          <>
            Unreadable message{' '}
            <Box component="code" sx={{ wordBreak: 'break-all' }}>
              {item.key}
            </Box>
          </>
        )}
      </td>
      <td>{item.reason}</td>
      <td>{id ? formatCount(item.attempts) : '–'}</td>
      <td>
        {id ? (
          <ActionButton
            variant="outlined"
            disabled={busy}
            aria-label={`Retry referral ${id}`}
            onClick={() => onRetry(id)}
          >
            Retry
          </ActionButton>
        ) : (
          'Cannot be retried'
        )}
      </td>
    </tr>
  );
}

/**
 * Referrals that were dead-lettered (the mail relay refused them, or the message could not
 * be read): how many, the newest, and Retry, which sends a failed referral's mails once.
 * Ids, reasons and times only: never a patient's name, address or symptoms.
 */
export function FailedReferralsCard() {
  const { data, error, isLoading, isFetching, refetch } = useGetFailedReferralsQuery();
  const [retry, { isLoading: retrying }] = useRetryReferralMutation();
  const [note, setNote] = useState<RetryNote>();
  const dispatch = useAppDispatch();
  const headingId = useId();
  const noteRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (isUnauthorized(error)) dispatch(sessionLost());
  }, [error, dispatch]);

  // The pressed button goes with its row once the referral is sent: the focus goes to what
  // the retry did, not to the page's start.
  useEffect(() => {
    if (note) noteRef.current?.focus();
  }, [note]);

  async function run(id: string) {
    setNote(undefined);
    const answer = await retry(id);
    if ('data' in answer && answer.data) {
      const { outcome, error: reason } = answer.data;
      setNote(
        outcome === 'failed'
          ? { severity: 'error', text: `Referral ${id} was not sent: ${reason ?? 'unknown error'}` }
          : {
              severity: 'success',
              text:
                outcome === 'sent'
                  ? `Referral ${id} was sent.`
                  : `Referral ${id} had already been sent; nothing was sent again.`,
            },
      );
      void refetch();
      return;
    }
    if (isUnauthorized(answer.error)) {
      dispatch(sessionLost());
      return;
    }
    setNote({
      severity: 'error',
      text: errorMessage(answer.error, `Referral ${id} could not be retried.`),
    });
    void refetch();
  }

  let body;
  if (isLoading) {
    body = <Typography role="status">Loading...</Typography>;
  } else if (error || !data) {
    body = (
      <Alert severity="error">
        {errorMessage(error, 'The referrals not sent could not be loaded.')}
      </Alert>
    );
  } else if (data.total === 0) {
    body = <Typography>Every referral was sent.</Typography>;
  } else {
    body = (
      <>
        <Typography sx={{ mb: 2 }} data-testid="failed-referrals-total">
          <Box component="strong" sx={{ fontWeight: BOLD }}>
            {formatCount(data.total)}
          </Box>{' '}
          {data.total === 1 ? 'referral was' : 'referrals were'} not sent.
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Box
            component="table"
            sx={{
              width: '100%',
              borderCollapse: 'collapse',
              '& th, & td': {
                textAlign: 'left',
                verticalAlign: 'top',
                py: 0.5,
                px: 1,
                borderBottom: '1px solid #e2e8f0',
              },
              '& caption': { textAlign: 'left', fontWeight: BOLD, py: 0.5 },
            }}
          >
            <caption>
              {data.failed.length < data.total
                ? `The newest ${formatCount(data.failed.length)}`
                : 'All of them, newest first'}
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Referral</th>
                <th scope="col">Reason</th>
                <th scope="col">Attempts</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {data.failed.map((item) => (
                <Row
                  key={item.key}
                  item={item}
                  busy={retrying || isFetching}
                  onRetry={(id) => void run(id)}
                />
              ))}
            </tbody>
          </Box>
        </Box>
      </>
    );
  }

  return (
    <Panel
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 3, gridColumn: { md: '1 / -1' } }}
    >
      <Typography id={headingId} component="h2" variant="h5" sx={{ mb: 1 }}>
        Referrals Not Sent
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Referrals whose mail could not be sent, and messages that could not be read, with the
        reason. Retry sends a referral&apos;s mails again; no one gets them twice.
      </Typography>
      {body}
      <Box aria-live="polite" ref={noteRef} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
        {note && (
          <Alert severity={note.severity} sx={{ mt: 2 }}>
            {note.text}
          </Alert>
        )}
      </Box>
    </Panel>
  );
}
