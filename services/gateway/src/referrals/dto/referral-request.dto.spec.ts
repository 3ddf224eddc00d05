import { BadRequestException } from '@nestjs/common';
import { validationPipe } from '@handcheck/server-kit';
import { ReferralRequestDto } from './referral-request.dto';

const pipe = validationPipe();
const validate = (body: unknown) =>
  pipe.transform(body, {
    type: 'body',
    metatype: ReferralRequestDto,
  }) as Promise<ReferralRequestDto>;

async function problems(body: unknown): Promise<string[]> {
  try {
    await validate(body);
  } catch (error) {
    if (error instanceof BadRequestException) {
      return (error.getResponse() as { message: string[] }).message;
    }
    throw error;
  }
  throw new Error('expected the body to be refused');
}

const good = {
  patient_name: 'Sam Taylor',
  patient_email: 'sam@example.org',
  patient_location: 'Leeds, UK',
  top_conditions: ['Carpal Tunnel Syndrome', 'Trigger Finger', 'Ganglion Cyst'],
  key_symptoms: ['Pain in: Wrist', 'Numbness'],
  additional_info: null,
};

describe('ReferralRequestDto', () => {
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
    [{ additional_info: 'a'.repeat(501) }, 'Additional information can be at most 500 characters.'],
    [{ top_conditions: ['a', 'b', 'c', 'd'] }, 'top_conditions can hold at most 3 conditions.'],
    [{ top_conditions: 'Trigger Finger' }, 'top_conditions must be a list of condition names.'],
    [{ key_symptoms: 'Numbness' }, 'key_symptoms must be a list of symptoms.'],
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
    expect(await problems({ ...good, admin: true })).toContain('property admin should not exist');
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
});
