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
    [{ patientEmail: '' }, /patient_email is empty/],
    [{ patientEmail: 'not an email' }, /patient_email is not an email address/],
    [{ patientLocation: '  ' }, /patient_location is empty/],
    [{ patientLocation: 'x'.repeat(101) }, /patient_location is longer than 100/],
    [{ patientName: 'n'.repeat(101) }, /patient_name is longer than 100/],
    [{ patientName: '<b>Ann</b>' }, /patient_name contains markup/],
    [{ additionalInfo: 'a'.repeat(501) }, /additional_info is longer than 500/],
    [{ topConditions: ['a', 'b', 'c', 'd'] }, /top_conditions has more than 3/],
    [{ keySymptoms: Array.from({ length: 31 }, () => 's') }, /key_symptoms has more than 30/],
  ])('refuses invalid fields %j', (fields, reason) => {
    const decoded = decodeReferral(encode(fields));
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.reason).toMatch(reason);
  });
});
