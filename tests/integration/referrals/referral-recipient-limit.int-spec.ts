import { eventually, uniqueName } from '@handcheck/server-kit/testing';
import { type Running, startReferral } from '../../support/apps';
import { startReferralPipeline } from '../../support/referral-pipeline';
import { mailsTo, postReferral, referralBody } from '../../support/referrals';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type ReferralEnv } from '../../../services/referral/src/config/referral.env';
import { ReferralsRepository } from '../../../services/referral/src/referrals/referrals.repository';

jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/*
 * One patient address, many referrals from many clients, through two referral services that
 * share the work (one consumer group, one database): the patient gets 3 confirmations, the
 * specialist every referral, and every sender the same success.
 */
describe('referral: confirmations per recipient address', () => {
  let gateway: Running<GatewayEnv>;
  let referral: Running<ReferralEnv>;
  let second: Running<ReferralEnv> | undefined;
  const inbox = `${uniqueName('inbox')}@handcheck.test`;

  beforeAll(async () => {
    let referralEnv: Record<string, string>;
    ({ gateway, referral, referralEnv } = await startReferralPipeline({
      referral: { REFERRAL_INBOX: inbox, REFERRAL_CONFIRMATIONS_PER_DAY: '3' },
      // Each request is a client of its own, by X-Forwarded-For from a trusted proxy.
      gateway: { TRUSTED_PROXIES: '127.0.0.1' },
    }));
    // A second replica in the same consumer group and database: the partitions are shared out.
    second = await startReferral(referralEnv);
  });

  afterAll(async () => {
    await gateway?.close();
    await second?.close();
    await referral?.close();
  });

  it('sends one mailbox 3 confirmations a day across clients and replicas, the specialist all 6, and answers each sender alike', async () => {
    const mailbox = uniqueName('victim').toLowerCase();
    // One mailbox, written six ways.
    const addresses = [
      `${mailbox}@example.test`,
      `${mailbox.toUpperCase()}@example.test`,
      `${mailbox}+a@example.test`,
      `${mailbox}+b@EXAMPLE.test`,
      `${mailbox}@example.test`,
      `${mailbox}+c@example.test`,
    ];
    const ids: string[] = [];
    for (const [i, address] of addresses.entries()) {
      const answer = await postReferral(gateway.url, referralBody({ patient_email: address }), {
        'x-forwarded-for': `198.51.100.${i + 1}`,
      });
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ success: true, error: null, id: expect.any(String) });
      ids.push(answer.body.id!);
    }
    const repository = referral.app.get(ReferralsRepository, { strict: false });
    await eventually(
      async () => {
        const stored = await Promise.all(ids.map((id) => repository.find(id)));
        return stored.every((one) => one?.status === 'sent') ? stored : undefined;
      },
      60_000,
      250,
    );
    // Anything sent late or twice would have arrived by now.
    await sleep(1500);
    const specialist = (await mailsTo(inbox)).filter((mail) =>
      ids.some((id) => mail.MessageID === `referral-${id}-specialist@handcheck`),
    );
    expect(specialist).toHaveLength(6);
    const recipients = [...new Set(addresses.map((address) => address.toLowerCase()))];
    const confirmations = (await Promise.all(recipients.map((address) => mailsTo(address)))).flat();
    // A mail found by two of the searches counts once.
    const ours = new Set(
      confirmations
        .map((mail) => mail.MessageID)
        .filter((messageId) => ids.some((id) => messageId === `referral-${id}-patient@handcheck`)),
    );
    expect(ours.size).toBe(3);
  });
});
