import fc from 'fast-check';
import { REFERRAL_MESSAGES, ReferralRequestBody, checkContract } from '@handcheck/contracts';
import { eventually, uniqueName } from '@handcheck/server-kit/testing';
import { type Running } from '../../support/apps';
import { startReferralPipeline } from '../../support/referral-pipeline';
import { mailMessage, mailWithMessageId, postReferral } from '../../support/referrals';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type ReferralEnv } from '../../../services/referral/src/config/referral.env';
import { ReferralsRepository } from '../../../services/referral/src/referrals/referrals.repository';

jest.setTimeout(600_000);

// The product's promise, as a property: whatever the gateway answers `success: true` for is
// mailed to the specialist and the patient; whatever it would not mail is a 400 with a
// message a person can act on, never a 202. Requests are generated from the text people
// type (markup, '<' and '>' that are not tags, quotes, emoji, other scripts, line breaks).

const TRICKY = [
  '<',
  '>',
  '&',
  '"',
  "'",
  '->',
  '< 2 weeks',
  'grip > 5 kg',
  '<b>',
  '</b>',
  '<b>Leeds</b>',
  '<script>alert(1)</script>',
  '<!-- note -->',
  '\r\n',
  '\n',
  'Bcc: someone@example.com',
  '👋',
  'Łódź',
  'القاهرة',
  '東京',
  ' ',
];
const text = (maxPieces: number) =>
  fc
    .array(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'grapheme', maxLength: 12 })), {
      maxLength: maxPieces,
    })
    .map((pieces) => pieces.join(''));

// Every character the HTML standard allows before the '@'.
const ATEXT = "abcXYZ0189.!#$%&'*+/=?^_`{|}~-".split('');
let serial = 0;
const run = uniqueName('prop');
const email = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .string({ unit: fc.constantFrom(...ATEXT), maxLength: 10 })
      .map((local) => `${run}-${(serial += 1)}${local}@example.test`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      'no-at-sign',
      'two words@example.test',
      'r3b"onmouseover="alert(4)"x@example.com',
      'a@b@c.test',
    ),
  },
);

const request = fc.record({
  patient_name: fc.option(text(4), { nil: null }),
  patient_email: email,
  patient_location: text(4),
  top_conditions: fc.array(text(2), { maxLength: 4 }),
  key_symptoms: fc.array(text(2), { maxLength: 5 }),
  additional_info: fc.option(text(12), { nil: null }),
});

const MESSAGES: string[] = Object.values(REFERRAL_MESSAGES);

describe('referral contract: what the gateway accepts is mailed', () => {
  let gateway: Running<GatewayEnv>;
  let referral: Running<ReferralEnv>;
  const inbox = `${uniqueName('inbox')}@handcheck.test`;

  beforeAll(async () => {
    ({ referral, gateway } = await startReferralPipeline({
      referral: { REFERRAL_INBOX: inbox, REFERRAL_RETRY_BASE_MS: '200' },
    }));
  });

  afterAll(async () => {
    await gateway?.close();
    await referral?.close();
  });

  it('mails every referral answered success, and answers 400 with a clear message for the rest', async () => {
    const repository = referral.app.get(ReferralsRepository, { strict: false });
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(request, async (body) => {
        const answer = await postReferral(gateway.url, body);
        const contract = checkContract(ReferralRequestBody, body);
        if (answer.status !== 202) {
          expect(answer.status).toBe(400);
          expect(answer.body.success).toBe(false);
          // The contract's own words (the spec's toast for the email and the location).
          expect(MESSAGES.some((words) => answer.body.error?.startsWith(words))).toBe(true);
          expect(contract.ok).toBe(false);
          refused += 1;
          return;
        }
        accepted += 1;
        expect(contract.ok).toBe(true);
        if (!contract.ok) return;
        expect(answer.body).toEqual({ success: true, error: null, id: expect.any(String) });
        const id = answer.body.id!;
        const patient = await mailMessage(
          (await mailWithMessageId(`referral-${id}-patient@handcheck`)).ID,
        );
        expect(patient.To.map((to) => to.Address)).toEqual([contract.value.patient_email]);
        const specialist = await mailMessage(
          (await mailWithMessageId(`referral-${id}-specialist@handcheck`)).ID,
        );
        expect(specialist.To.map((to) => to.Address)).toEqual([inbox]);
        expect(specialist.ReplyTo.map((to) => to.Address)).toEqual([contract.value.patient_email]);
        expect(specialist.Text).toContain(`Location:  ${contract.value.patient_location}`);
        await eventually(
          async () => ((await repository.find(id))?.status === 'sent' ? true : undefined),
          30_000,
          200,
        );
      }),
      { numRuns: 40, endOnFailure: true },
    );
    // The generators must exercise both sides of the promise.
    expect(accepted).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(2);
  });
});
