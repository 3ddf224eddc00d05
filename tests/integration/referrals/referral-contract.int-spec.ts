import fc from 'fast-check';
import {
  REFERRAL_CONDITIONS,
  REFERRAL_MESSAGES,
  ReferralRequestBody,
  checkContract,
} from '@handcheck/contracts';
import { eventually, uniqueName } from '@handcheck/server-kit/testing';
import { type Running } from '../../support/apps';
import { startReferralPipeline } from '../../support/referral-pipeline';
import {
  mailMessage,
  mailWithMessageId,
  patientAddress,
  postReferral,
  postReferralBytes,
  referralBody,
} from '../../support/referrals';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type ReferralEnv } from '../../../services/referral/src/config/referral.env';
import { confirmationName } from '../../../services/referral/src/referrals/confirmation-text';
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
      // The serial keeps each patient's mailbox its own: the confirmation limit counts by it.
      .map((local) => `${run}-${(serial += 1)}-${local}@example.test`),
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
  // Mostly the checker's names (as the form sends), sometimes anything: both sides of the rule.
  top_conditions: fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.constantFrom(...REFERRAL_CONDITIONS), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.array(text(2), { maxLength: 4 }) },
  ),
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
        // The confirmation greets by the name only where it may repeat it.
        const name = confirmationName(contract.value.patient_name);
        // Mail text ends its lines with CRLF.
        expect(patient.Text.replace(/\r\n/g, '\n')).toContain(
          name === null ? '\nHello,\n' : `Hello ${name},`,
        );
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

/*
 * The requests that once passed the contract: values of the wrong JSON type, bytes that are
 * not UTF-8, and locations of invisible characters only, each answered as the events intake
 * and the spec's messages say; and one that carries a bidirectional override to the mails.
 */
describe('referral contract: wrong types, bad bytes and invisible text', () => {
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

  it('answers 400 for values of the wrong JSON type, naming each field', async () => {
    const answer = await postReferralBytes(
      gateway.url,
      '{"patient_name":{"$gt":""},"key_symptoms":[1,true,null,{"x":"y"}],"additional_info":["a"],"top_conditions":[{"a":1}]}',
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      message: [
        'patient_name must be text.',
        'Please enter a valid email address.',
        'Please enter your location.',
        'top_conditions must be a list of text.',
        'key_symptoms must be a list of text.',
        'additional_info must be text.',
      ],
    });
  });

  it('answers 415 for bytes that are not UTF-8, as POST /api/events does', async () => {
    const body = Buffer.from(
      JSON.stringify(referralBody({ patient_location: 'Malmö, Sverige' })),
      'latin1',
    );
    const referralAnswer = await postReferralBytes(gateway.url, body);
    expect(referralAnswer.status).toBe(415);
    expect(referralAnswer.body).toMatchObject({
      success: false,
      error: 'The request body must be UTF-8 JSON.',
    });
    const events = await fetch(`${gateway.url}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array(body),
    });
    expect(events.status).toBe(415);
  });

  it.each([
    ['zero-width characters', '\u200b\u200d'],
    ['a right-to-left override', '\u202e'],
  ])('answers "Please enter your location." for a location of only %s', async (_, location) => {
    const answer = await postReferral(gateway.url, referralBody({ patient_location: location }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: 'Please enter your location.' });
  });

  it('keeps a bidirectional override out of both mails', async () => {
    const body = referralBody({
      patient_location: 'Leeds\u202e, UK',
      patient_name: 'Sam\u2067 Taylor',
    });
    const answer = await postReferral(gateway.url, body);
    expect(answer.status).toBe(202);
    const id = answer.body.id!;
    for (const kind of ['patient', 'specialist']) {
      const mail = await mailMessage(
        (await mailWithMessageId(`referral-${id}-${kind}@handcheck`)).ID,
      );
      for (const part of [mail.Subject, mail.Text, mail.HTML]) {
        expect(part).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/);
      }
      expect(mail.Text).toContain('Leeds, UK');
    }
  });

  it("answers 400 for a top_conditions entry that is not the checker's, and mails a relay name to the specialist only", async () => {
    const phishing =
      'Customer, your bank account is locked. Verify now at https://evil.example/login';
    const refused = await postReferral(
      gateway.url,
      referralBody({ top_conditions: ['URGENT: visit https://evil.example/claim'] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(REFERRAL_MESSAGES.topConditionUnknown);

    const victim = patientAddress();
    const answer = await postReferral(
      gateway.url,
      referralBody({ patient_name: phishing, patient_email: victim }),
    );
    expect(answer.status).toBe(202);
    const id = answer.body.id!;
    const patient = await mailMessage(
      (await mailWithMessageId(`referral-${id}-patient@handcheck`)).ID,
    );
    for (const part of [patient.Subject, patient.Text, patient.HTML]) {
      expect(part).not.toContain('evil');
      expect(part).not.toContain('Customer');
    }
    expect(patient.Text).toContain('\r\nHello,\r\n');
    const specialist = await mailMessage(
      (await mailWithMessageId(`referral-${id}-specialist@handcheck`)).ID,
    );
    expect(specialist.Text).toContain(`Name:      ${phishing}`);
    expect(specialist.Text).toContain("in the patient's own words");
  });
});
