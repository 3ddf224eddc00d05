import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { pageView } from '../../support/events';
import { referralBody } from '../../support/referrals';

// A paced load on the gateway Service, as visitors make it: each visitor opens
// its own connection (no keep-alive pool pinning a pod), fetches the site and
// sends a page view; every few seconds one sends a referral. A refused
// connection is retried once, as a browser would; anything else that is not
// the expected answer counts as a failed request.
export interface LoadResult {
  requests: number;
  failures: string[];
  /** Page paths of the page views answered 202 (each unique to this load). */
  acceptedPaths: string[];
  /** Patient names of the referrals answered 202 (each unique to this load). */
  acceptedReferrals: string[];
}

interface Answer {
  status: number;
  error?: string;
}

function send(url: string, method: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      {
        method,
        agent: false,
        timeout: 15_000,
        headers: {
          'user-agent': 'HandCheckLoad/1.0',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', (error) => resolve({ status: 0, error: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, error: error.code ?? error.message }),
    );
    req.end(payload);
  });
}

async function sendRetryingRefused(url: string, method: string, body?: unknown) {
  const first = await send(url, method, body);
  return first.error === 'ECONNREFUSED' ? send(url, method, body) : first;
}

/** Starts the load; `stop` ends it and resolves once every request in flight has answered. */
export function startLoad(
  gateway: string,
  { visitorsPerSecond = 8, referralEveryMs = 3_000 } = {},
) {
  const run = randomUUID().slice(0, 8);
  const result: LoadResult = {
    requests: 0,
    failures: [],
    acceptedPaths: [],
    acceptedReferrals: [],
  };
  const inFlight = new Set<Promise<void>>();
  let visitor = 0;
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  const check = (what: string, answer: Answer, expected: number) => {
    result.requests += 1;
    if (answer.status !== expected)
      result.failures.push(`${what}: ${answer.status || answer.error}`);
    return answer.status === expected;
  };

  const visit = async () => {
    const path = `/load/${run}/${(visitor += 1)}`;
    check('GET /', await sendRetryingRefused(`${gateway}/`, 'GET'), 200);
    const events = { events: [pageView(randomUUID(), path)] };
    if (
      check(
        'POST /api/events',
        await sendRetryingRefused(`${gateway}/api/events`, 'POST', events),
        202,
      )
    ) {
      result.acceptedPaths.push(path);
    }
  };
  const refer = async () => {
    // Fixed width: no name is the beginning of another (mails are found by substring).
    const name = `Load ${run} ${String((visitor += 1)).padStart(6, '0')}`;
    const answer = await sendRetryingRefused(
      `${gateway}/api/referrals`,
      'POST',
      referralBody({ patient_name: name }),
    );
    if (check('POST /api/referrals', answer, 202)) result.acceptedReferrals.push(name);
  };

  const visits = setInterval(() => track(visit()), 1000 / visitorsPerSecond);
  const referrals = setInterval(() => track(refer()), referralEveryMs);
  return {
    run,
    async stop(): Promise<LoadResult> {
      clearInterval(visits);
      clearInterval(referrals);
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      return result;
    },
  };
}
