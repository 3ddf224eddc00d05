import { randomBytes, randomUUID } from 'node:crypto';
import { eventually } from '@handcheck/server-kit/testing';
import { SERVICES } from '@handcheck/service-registry';
import { pageView, postEvents } from '../../support/events';
import { postReferral, referralBody } from '../../support/referrals';
import {
  INBOX,
  MONITORING_NAMESPACE,
  NAMESPACE,
  RELEASE,
  clickhouse,
  componentOf,
  ensureNamespace,
  ensureProduct,
  gatewayUrl,
  helm,
  httpGetFrom,
  isReady,
  kubectl,
  mailsTo,
  pods,
  sleeper,
  SERVICE_PODS,
} from './cluster';

// The chart installed as ops would on the real single-node cluster, every pod
// running under the chart's security context, and the product used end to end
// through the gateway Service.
let installSeconds: number | undefined;
let gateway = '';

beforeAll(async () => {
  installSeconds = await ensureProduct();
  if (installSeconds !== undefined)
    console.log(`figure: helm install --wait ${installSeconds.toFixed(1)} s`);
  gateway = await gatewayUrl();
}, 900_000);

describe('the chart on a real cluster', () => {
  it('helm install --wait ends with two Ready pods of every service', async () => {
    const running = await pods(NAMESPACE, SERVICE_PODS);
    const byComponent = new Map<string, number>();
    for (const pod of running.filter(isReady)) {
      byComponent.set(componentOf(pod), (byComponent.get(componentOf(pod)) ?? 0) + 1);
    }
    expect(Object.fromEntries(byComponent)).toEqual(
      Object.fromEntries(Object.keys(SERVICES).map((name) => [name, 2])),
    );
    const status = JSON.parse(await helm(['status', RELEASE, '-n', NAMESPACE, '-o', 'json'])) as {
      info: { status: string };
    };
    expect(status.info.status).toBe('deployed');
  });

  it('passes helm test: every Service answers its ready path', async () => {
    const out = await helm(['test', RELEASE, '-n', NAMESPACE, '--logs', '--timeout', '3m']);
    expect(out).toMatch(/Phase:\s+Succeeded/);
    for (const name of Object.keys(SERVICES))
      expect(out).toMatch(new RegExp(`200 http://${RELEASE}-${name}:`));
  }, 240_000);
});

describe('the product through the gateway Service', () => {
  it('serves the site', async () => {
    const res = await fetch(`${gateway}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<html/i);
  });

  it('takes a page view into ClickHouse', async () => {
    const event = pageView(randomUUID(), '/faq');
    expect((await postEvents(gateway, [event])).status).toBe(202);
    const path = await eventually(
      async () =>
        (await clickhouse(
          `SELECT page_path FROM analytics_events FINAL WHERE event_id = '${event.id}'`,
        )) || undefined,
      90_000,
      500,
    );
    expect(path).toBe('/faq');
  }, 120_000);

  it("lists the specialists the directory image's import command loaded", async () => {
    const out = await kubectl([
      'exec',
      '-n',
      NAMESPACE,
      `deploy/${RELEASE}-directory`,
      '--',
      'node',
      'dist/import/import-cli.js',
      'data/sample-specialists.json',
    ]);
    expect(out).toMatch(/\d+/);
    const listed = await eventually(
      async () => {
        const res = await fetch(`${gateway}/api/specialists`);
        if (res.status !== 200) return undefined;
        const { specialists } = (await res.json()) as { specialists: unknown[] };
        return specialists.length > 0 ? specialists : undefined;
      },
      60_000,
      1_000,
    );
    expect(listed.length).toBeGreaterThan(0);
  }, 120_000);

  it('mails a referral to the inbox and a confirmation to the patient, through Mailpit', async () => {
    const name = `Sam ${randomUUID().slice(0, 8)}`;
    const body = referralBody({ patient_name: name });
    const accepted = await postReferral(gateway, body);
    expect(accepted.status).toBe(202);
    for (const address of [INBOX, body.patient_email as string]) {
      const found = await eventually(
        async () => {
          const messages = await mailsTo(address);
          const mine =
            address === INBOX ? messages.filter((m) => m.Subject.includes(name)) : messages;
          return mine.length > 0 ? mine : undefined;
        },
        90_000,
        500,
      );
      expect(found).toHaveLength(1);
    }
  }, 200_000);

  it("signs in an admin created with the gateway image's command, who gets the weekly test report", async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@handcheck.test`;
    const password = randomBytes(16).toString('base64url');
    await kubectl(
      [
        'exec',
        '-i',
        '-n',
        NAMESPACE,
        `deploy/${RELEASE}-gateway`,
        '--',
        'node',
        'dist/auth/cli/create-admin.js',
        '--email',
        email,
      ],
      { input: `${password}\n` },
    );
    const login = await fetch(`${gateway}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-handcheck-auth': '1' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    expect(accessToken).toEqual(expect.any(String));

    const report = await fetch(`${gateway}/api/admin/weekly-report/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(report.status).toBe(200);
    expect(((await report.json()) as { success: boolean }).success).toBe(true);
    const mails = await eventually(
      async () => {
        const found = await mailsTo(email);
        return found.length > 0 ? found : undefined;
      },
      60_000,
      500,
    );
    expect(mails).toHaveLength(1);
  }, 120_000);

  it('serves /metrics of every pod to a pod labelled as metrics.allowFrom says', async () => {
    await ensureNamespace(MONITORING_NAMESPACE);
    await sleeper(MONITORING_NAMESPACE, 'prometheus', { app: 'prometheus' });
    const running = await pods(NAMESPACE, SERVICE_PODS);
    expect(running.length).toBe(10);
    for (const pod of running) {
      const service = SERVICES[componentOf(pod) as keyof typeof SERVICES];
      const answer = await httpGetFrom(
        MONITORING_NAMESPACE,
        'prometheus',
        pod.status.podIP ?? '',
        service.metricsPort ?? service.httpPort,
        '/metrics',
      );
      expect({ pod: pod.metadata.name, status: answer.split('\r\n')[0] }).toEqual({
        pod: pod.metadata.name,
        status: expect.stringMatching(/^HTTP\/1\.[01] 200/),
      });
      expect(answer).toMatch(/^# (HELP|TYPE) /m);
    }
  }, 180_000);
});
