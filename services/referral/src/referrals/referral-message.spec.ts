import { type JsonObject, ReferralRequestedSchema, fromJson, toBinary } from '@handcheck/contracts';
import { decodeReferral } from './referral-message';

const ID = '3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e5f';

function encode(fields: JsonObject = {}) {
  return Buffer.from(
    toBinary(
      ReferralRequestedSchema,
      fromJson(ReferralRequestedSchema, {
        id: ID,
        requested_at: '2026-01-02T03:04:05Z',
        patient_email: 'pat@example.org',
        patient_location: 'Leeds',
        top_conditions: ['Trigger Finger'],
        key_symptoms: ['Stiffness'],
        ...fields,
      }),
    ),
  );
}

describe('decodeReferral', () => {
  it('reads a good referral, absent optional fields as null', () => {
    const decoded = decodeReferral(encode());
    expect(decoded).toEqual({
      ok: true,
      referral: {
        id: ID,
        requested_at: new Date('2026-01-02T03:04:05Z'),
        patient_name: null,
        patient_email: 'pat@example.org',
        patient_location: 'Leeds',
        top_conditions: ['Trigger Finger'],
        key_symptoms: ['Stiffness'],
        additional_info: null,
      },
    });
  });

  it('keeps the name and additional information when given', () => {
    const decoded = decodeReferral(encode({ patient_name: 'Ann', additional_info: 'Left hand' }));
    expect(decoded.ok && decoded.referral).toMatchObject({
      patient_name: 'Ann',
      additional_info: 'Left hand',
    });
  });

  it.each([
    ['empty', Buffer.alloc(0), /empty message/],
    ['null', null, /empty message/],
    ['not protobuf', Buffer.from('{"hello": "world"} \xff\xff\xff'), /not a ReferralRequested/],
  ])('refuses a message that is %s', (_, value, reason) => {
    const decoded = decodeReferral(value as Buffer | null);
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.reason).toMatch(reason);
  });

  it.each([
    [{ id: 'not-a-uuid' }, /id is not a UUID/],
    [{ requested_at: null }, /requested_at is missing/],
    [{ patient_email: '' }, /Please enter a valid email address/],
    [{ patient_email: 'not an email' }, /Please enter a valid email address/],
    [{ patient_email: 'r3b"onmouseover="alert(4)"x@example.com' }, /valid email address/],
    [{ patient_location: '  ' }, /Please enter your location/],
    [{ patient_location: 'x'.repeat(101) }, /location can be at most 100/],
    [{ patient_name: 'n'.repeat(101) }, /name can be at most 100/],
    [{ additional_info: 'a'.repeat(501) }, /at most 500 characters/],
    [{ top_conditions: ['a', 'b', 'c', 'd'] }, /at most 3 conditions/],
    [{ key_symptoms: Array.from({ length: 31 }, () => 's') }, /at most 30 symptoms/],
    [
      { top_conditions: ['URGENT: visit https://evil.example/claim'] },
      /the symptom checker's conditions/,
    ],
    [{ patient_location: '\u200b\u202e' }, /Please enter your location/],
  ])("refuses invalid fields %j with the contract's own words", (fields, reason) => {
    const decoded = decodeReferral(encode(fields));
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.reason).toMatch(reason);
  });

  it('takes text as text: <, >, &, quotes and emoji are kept, whole tags stripped', () => {
    const decoded = decodeReferral(
      encode({
        patient_name: "<b>Ann</b> O'Neill 👋",
        patient_location: 'Leeds <-> York',
        additional_info:
          'Ring finger locks each morning -> have to pull it straight\nPain for < 2 weeks, worse when grip > 5 kg',
      }),
    );
    expect(decoded.ok && decoded.referral).toMatchObject({
      patient_name: "Ann O'Neill 👋",
      patient_location: 'Leeds <-> York',
      additional_info:
        'Ring finger locks each morning -> have to pull it straight\nPain for < 2 weeks, worse when grip > 5 kg',
    });
  });
});
