import { ReferralRequestedSchema, create, timestampFromDate, toBinary } from '@handcheck/contracts';
import { decodeReferral } from './referral-message';

const ID = '3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e5f';

function encode(
  fields: Partial<Parameters<typeof create<typeof ReferralRequestedSchema>>[1]> = {},
) {
  return Buffer.from(
    toBinary(
      ReferralRequestedSchema,
      create(ReferralRequestedSchema, {
        id: ID,
        requestedAt: timestampFromDate(new Date('2026-01-02T03:04:05Z')),
        patientEmail: 'pat@example.org',
        patientLocation: 'Leeds',
        topConditions: ['Trigger Finger'],
        keySymptoms: ['Stiffness'],
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
        requestedAt: new Date('2026-01-02T03:04:05Z'),
        patientName: null,
        patientEmail: 'pat@example.org',
        patientLocation: 'Leeds',
        topConditions: ['Trigger Finger'],
        keySymptoms: ['Stiffness'],
        additionalInfo: null,
      },
    });
  });

  it('keeps the name and additional information when given', () => {
    const decoded = decodeReferral(encode({ patientName: 'Ann', additionalInfo: 'Left hand' }));
    expect(decoded.ok && decoded.referral).toMatchObject({
      patientName: 'Ann',
      additionalInfo: 'Left hand',
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
    [{ requestedAt: undefined }, /requested_at is missing/],
    [{ patientEmail: '' }, /Please enter a valid email address/],
    [{ patientEmail: 'not an email' }, /Please enter a valid email address/],
    [{ patientEmail: 'r3b"onmouseover="alert(4)"x@example.com' }, /valid email address/],
    [{ patientLocation: '  ' }, /Please enter your location/],
    [{ patientLocation: 'x'.repeat(101) }, /location can be at most 100/],
    [{ patientName: 'n'.repeat(101) }, /name can be at most 100/],
    [{ additionalInfo: 'a'.repeat(501) }, /at most 500 characters/],
    [{ topConditions: ['a', 'b', 'c', 'd'] }, /at most 3 conditions/],
    [{ keySymptoms: Array.from({ length: 31 }, () => 's') }, /at most 30 symptoms/],
    [{ topConditions: ['URGENT: visit https://evil.example/claim'] }, /the symptom checker's conditions/],
    [{ patientLocation: '\u200b\u202e' }, /Please enter your location/],
  ])('refuses invalid fields %j with the contract\'s own words', (fields, reason) => {
    const decoded = decodeReferral(encode(fields));
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.reason).toMatch(reason);
  });

  it('takes text as text: <, >, &, quotes and emoji are kept, whole tags stripped', () => {
    const decoded = decodeReferral(
      encode({
        patientName: '<b>Ann</b> O\'Neill 👋',
        patientLocation: 'Leeds <-> York',
        additionalInfo: 'Ring finger locks each morning -> have to pull it straight\nPain for < 2 weeks, worse when grip > 5 kg',
      }),
    );
    expect(decoded.ok && decoded.referral).toMatchObject({
      patientName: 'Ann O\'Neill 👋',
      patientLocation: 'Leeds <-> York',
      additionalInfo:
        'Ring finger locks each morning -> have to pull it straight\nPain for < 2 weeks, worse when grip > 5 kg',
    });
  });
});
