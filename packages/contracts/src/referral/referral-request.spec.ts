import { type JsonObject, fromJson, toJson } from '@bufbuild/protobuf';
import { CONDITION_NAMES } from '@handcheck/diagnosis';
import { ReferralRequestedSchema } from '../gen/handcheck/referral/v1/referral_pb';
import { cleanLine } from '../text';
import { checkContract } from '../validation';
import { REFERRAL_CONDITIONS, REFERRAL_MESSAGES as MESSAGES } from './referral-fields';
import { ReferralRequestBody, VISIBLE_CHARACTER_PATTERN } from './referral-request';

// The gateway's ValidationPipe runs with the same options and messages (server-kit's
// validationPipe spreads CONTRACT_VALIDATION), and the referral consumer calls checkContract.
const validate = async (body: unknown): Promise<ReferralRequestBody> => {
  const checked = checkContract(ReferralRequestBody, body);
  if (!checked.ok) throw new Error(`refused: ${checked.problems.join('; ')}`);
  return checked.value;
};

async function problems(body: unknown): Promise<string[]> {
  const checked = checkContract(ReferralRequestBody, body);
  if (checked.ok) throw new Error('expected the body to be refused');
  return checked.problems;
}

const good = {
  patient_name: 'Sam Taylor',
  patient_email: 'sam@example.org',
  patient_location: 'Leeds, UK',
  top_conditions: ['Carpal Tunnel Syndrome', 'Trigger Finger', 'Ganglion Cyst'],
  key_symptoms: ['Pain in: Wrist', 'Numbness'],
  additional_info: null,
};

describe('ReferralRequestBody: the one definition of a referral request', () => {
  it('accepts the spec body', async () => {
    await expect(validate(good)).resolves.toMatchObject(good);
  });

  it('cleans before it checks: markup stripped, text trimmed, empty optional text null', async () => {
    const body = await validate({
      ...good,
      patient_name: ' <b>Sam</b> ',
      patient_email: ' <i>sam@example.org</i> ',
      patient_location: '<script>x()</script> Leeds ',
      top_conditions: [' <em>Trigger Finger</em> '],
      key_symptoms: ['Numbness', '<br>'],
      additional_info: '  ',
    });
    expect(body).toMatchObject({
      patient_name: 'Sam',
      patient_email: 'sam@example.org',
      patient_location: 'Leeds',
      top_conditions: ['Trigger Finger'],
      key_symptoms: ['Numbness'],
      additional_info: null,
    });
  });

  it('name and additional information are optional', async () => {
    const { patient_name: _, additional_info: __, ...rest } = good;
    await expect(validate(rest)).resolves.toMatchObject(rest);
  });

  it.each([
    [{ patient_email: 'not an email' }, 'Please enter a valid email address.'],
    [{ patient_email: 'sam @example.org' }, 'Please enter a valid email address.'],
    [{ patient_email: 42 }, 'Please enter a valid email address.'],
    [{ patient_email: undefined }, 'Please enter a valid email address.'],
    [{ patient_email: `${'a'.repeat(250)}@example.org` }, 'Please enter a valid email address.'],
    [{ patient_location: '  ' }, 'Please enter your location.'],
    [{ patient_location: '<b></b>' }, 'Please enter your location.'],
    [{ patient_location: undefined }, 'Please enter your location.'],
    [{ patient_location: 'x'.repeat(101) }, 'Your location can be at most 100 characters.'],
    [{ patient_name: 'n'.repeat(101) }, 'Your name can be at most 100 characters.'],
    // Longer than the limit as sent, though not once cleaned: the form cannot send it.
    [
      { patient_location: `<b>${'x'.repeat(95)}</b>` },
      'Your location can be at most 100 characters.',
    ],
    [{ patient_name: ` ${'n'.repeat(100)} ` }, 'Your name can be at most 100 characters.'],
    [
      { key_symptoms: [`\u0010${'s'.repeat(200)}`] },
      'Each of key_symptoms can be at most 200 characters.',
    ],
    [{ additional_info: 'a'.repeat(501) }, 'Additional information can be at most 500 characters.'],
    [{ top_conditions: ['a', 'b', 'c', 'd'] }, 'top_conditions can hold at most 3 conditions.'],
    [{ top_conditions: 'Trigger Finger' }, 'top_conditions must be a list of text.'],
    [{ key_symptoms: 'Numbness' }, 'key_symptoms must be a list of text.'],
    [
      { key_symptoms: Array.from({ length: 31 }, (_, i) => `s${i}`) },
      'key_symptoms can hold at most 30 symptoms.',
    ],
  ])('refuses %j with a clear message', async (change, message) => {
    expect(await problems({ ...good, ...change })).toContain(message);
  });

  it('gives one message per missing field, and takes missing lists as empty', async () => {
    expect(await problems({})).toEqual([
      'Please enter a valid email address.',
      'Please enter your location.',
    ]);
    const { top_conditions: _, key_symptoms: __, ...rest } = good;
    await expect(validate(rest)).resolves.toMatchObject({ top_conditions: [], key_symptoms: [] });
  });

  it('refuses fields it does not know', async () => {
    expect(await problems({ ...good, admin: true })).toContain('"admin" is not a field');
  });

  it('refuses the id and requested_at that HandCheck sets, whatever their value', async () => {
    for (const id of ['3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e5f', null]) {
      expect(await problems({ ...good, id, requested_at: '2026-01-02T03:04:05Z' })).toEqual([
        MESSAGES.idSetByHandCheck,
        MESSAGES.requestedAtSetByHandCheck,
      ]);
    }
  });

  it("is the ReferralRequested message's fields: a body becomes the message by protobuf's JSON mapping, and back", async () => {
    const body = await validate({ ...good, additional_info: 'Left hand\nat night' });
    const message = fromJson(ReferralRequestedSchema, {
      ...body,
      id: '3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e5f',
      requested_at: '2026-01-02T03:04:05Z',
    });
    expect(message.patientName).toBe('Sam Taylor');
    const { id, requested_at, ...fields } = toJson(ReferralRequestedSchema, message, {
      useProtoFieldName: true,
    }) as JsonObject;
    expect([id, requested_at]).toEqual([message.id, '2026-01-02T03:04:05Z']);
    expect(await validate(fields)).toEqual(body);
  });

  it('keeps names of up to 100 characters and information of up to 500', async () => {
    const body = await validate({
      ...good,
      patient_name: 'n'.repeat(100),
      additional_info: 'a'.repeat(500),
    });
    expect(body.patient_name).toHaveLength(100);
    expect(body.additional_info).toHaveLength(500);
  });

  it('keeps text that is not a tag, and strips only whole tags (issue: referrals lost for a "<")', async () => {
    const body = await validate({
      ...good,
      patient_name: "Zoë O'Brien-Łukasz 👋",
      patient_location: 'Tom & Jerry\'s "corner", <b>Leeds</b>',
      additional_info:
        'Ring finger locks each morning -> have to pull it straight\nPain for < 2 weeks, worse when grip > 5 kg',
    });
    expect(body).toMatchObject({
      patient_name: "Zoë O'Brien-Łukasz 👋",
      patient_location: 'Tom & Jerry\'s "corner", Leeds',
      additional_info:
        'Ring finger locks each morning -> have to pull it straight\nPain for < 2 weeks, worse when grip > 5 kg',
    });
  });

  it('joins the lines of one-line fields, and keeps those of additional information', async () => {
    const body = await validate({
      ...good,
      patient_name: 'Sam\r\nBcc: victim@example.com',
      top_conditions: ['Trigger\nFinger'],
      additional_info: 'one\ntwo',
    });
    expect(body.patient_name).toBe('Sam Bcc: victim@example.com');
    expect(body.top_conditions).toEqual(['Trigger Finger']);
    expect(body.additional_info).toBe('one\ntwo');
  });

  it.each([
    'r3b"onmouseover="alert(4)"x@example.com',
    'a b@example.com',
    'sam@example.org\nBcc: x@y.z',
  ])("refuses %p as the spec's invalid email", async (email) => {
    expect(await problems({ ...good, patient_email: email })).toEqual([
      'Please enter a valid email address.',
    ]);
  });

  it('checks a cleaned body again to the same result (the consumer re-checks what the gateway sent)', async () => {
    const once = await validate({
      ...good,
      patient_name: ' <b>Sam</b>\n ',
      key_symptoms: ['<i>x</i>', ''],
    });
    const twice = await validate({ ...once });
    expect(twice).toEqual(once);
  });

  it('refuses wrong JSON types before cleaning, one message per field, rather than taking them as empty', async () => {
    // The very body that once got 202: every value of the wrong type, email and location missing.
    const body = JSON.parse(
      '{"patient_name":{"$gt":""},"key_symptoms":[1,true,null,{"x":"y"}],"additional_info":["a"],"top_conditions":[{"a":1}]}',
    ) as unknown;
    expect(await problems(body)).toEqual([
      'patient_name must be text.',
      'Please enter a valid email address.',
      'Please enter your location.',
      'top_conditions must be a list of text.',
      'key_symptoms must be a list of text.',
      'additional_info must be text.',
    ]);
  });

  const WRONG_TYPES: unknown[] = [42, true, {}, { $gt: '' }, [], ['Leeds']];
  it.each([
    ['patient_email', MESSAGES.invalidEmail, [...WRONG_TYPES, null]],
    ['patient_location', MESSAGES.locationRequired, [...WRONG_TYPES, null]],
    ['patient_name', MESSAGES.nameNotText, WRONG_TYPES],
    ['additional_info', MESSAGES.additionalInfoNotText, WRONG_TYPES],
    [
      'top_conditions',
      MESSAGES.topConditionsNotList,
      ['Trigger Finger', 3, {}, null, [1], [null], [['Trigger Finger']], ['Trigger Finger', {}]],
    ],
    [
      'key_symptoms',
      MESSAGES.keySymptomsNotList,
      ['Numbness', 3, {}, null, [1], [true], [null], [{ x: 'y' }], ['Numbness', 2]],
    ],
  ] as const)(
    'refuses %s of the wrong type with its one message',
    async (field, message, values) => {
      for (const value of values) {
        expect([value, await problems({ ...good, [field]: value })]).toEqual([value, [message]]);
      }
    },
  );

  it("takes top_conditions only from the checker's own condition names (the analytics events' list)", async () => {
    expect(REFERRAL_CONDITIONS).toBe(CONDITION_NAMES);
    expect(REFERRAL_CONDITIONS).toHaveLength(18);
    for (const name of REFERRAL_CONDITIONS) {
      await expect(validate({ ...good, top_conditions: [name] })).resolves.toMatchObject({
        top_conditions: [name],
      });
    }
    for (const entry of [
      'URGENT: visit https://evil.example/claim',
      'Tennis Elbow',
      'carpal tunnel syndrome',
      'Carpal Tunnel Syndrome!',
    ]) {
      expect(await problems({ ...good, top_conditions: ['Trigger Finger', entry] })).toEqual([
        MESSAGES.topConditionUnknown,
      ]);
    }
  });

  it('strips format and invisible characters before the required and length checks', async () => {
    for (const location of [
      '\u200b',
      '\u200b\u200d',
      '\u202e',
      ' \u2066\u2069 ',
      '\ufeff\u00ad',
      '<b>\u200b</b>',
    ]) {
      expect([location, await problems({ ...good, patient_location: location })]).toEqual([
        location,
        [MESSAGES.locationRequired],
      ]);
    }
    const body = await validate({
      ...good,
      patient_name: '\u200b\u200d',
      patient_email: 'sam\u200b@example.org',
      patient_location: 'Leeds\u202e KU',
      top_conditions: ['Trigger\u200b Finger'],
      key_symptoms: ['Numb\u00adness'],
      additional_info: 'one\u2067\ntwo\u0085three',
    });
    expect(body).toMatchObject({
      patient_name: null,
      patient_email: 'sam@example.org',
      patient_location: 'Leeds KU',
      top_conditions: ['Trigger Finger'],
      key_symptoms: ['Numbness'],
      additional_info: 'one\ntwo\u0085three',
    });
    // An invisible character cannot hide a tag from the markup stripping.
    expect(
      (await validate({ ...good, patient_location: '<scr\u200bipt>x()</script>Leeds' }))
        .patient_location,
    ).toBe('Leeds');
    // The cleaned length is what is left: 100 as sent, 98 once stripped.
    const long = `${'x'.repeat(98)}\u200b\u200b`;
    expect((await validate({ ...good, patient_location: long })).patient_location).toHaveLength(98);
  });

  it("the API document's location pattern matches a lone character exactly when cleaning keeps it", () => {
    const pattern = new RegExp(VISIBLE_CHARACTER_PATTERN);
    const disagree: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      if (pattern.test(character) !== (cleanLine(character) !== ''))
        disagree.push(code.toString(16));
    }
    expect(disagree).toEqual([]);
  });
});
