import type { DiagnosisResult } from '@handcheck/diagnosis';
import {
  DEFAULT_FAILURE,
  EMPTY_FIELDS,
  NO_MESSAGE_FAILURE,
  TOASTS,
  checkReferral,
  failureToast,
} from './referralForm';

const result: DiagnosisResult = {
  topConditions: [
    { condition: 'Carpal Tunnel Syndrome', confidence: 95, description: '', matchingSymptoms: [] },
    { condition: 'Trigger Finger', confidence: 70, description: '', matchingSymptoms: [] },
    { condition: 'Ganglion Cyst', confidence: 50, description: '', matchingSymptoms: [] },
  ],
  keySymptoms: ['Pain in: Wrist', 'Numbness'],
  totalSymptoms: 3,
  additionalInfo: '',
};

const fields = { name: ' <b>Sam</b> ', email: ' sam@example.org ', location: ' Leeds ' };

describe('checkReferral', () => {
  it('builds the spec body from cleaned fields and the first three conditions', () => {
    expect(checkReferral(fields, result)).toEqual({
      ok: true,
      body: {
        patient_name: 'Sam',
        patient_email: 'sam@example.org',
        patient_location: 'Leeds',
        top_conditions: ['Carpal Tunnel Syndrome', 'Trigger Finger', 'Ganglion Cyst'],
        key_symptoms: ['Pain in: Wrist', 'Numbness'],
        additional_info: null,
      },
    });
  });

  it('sends the additional information when there is some', () => {
    const checked = checkReferral(fields, { ...result, additionalInfo: 'Left hand' });
    expect(checked.ok && checked.body.additional_info).toBe('Left hand');
  });

  it('refuses an invalid email first, with the destructive toast', () => {
    expect(checkReferral({ ...EMPTY_FIELDS }, result)).toEqual({
      ok: false,
      toast: TOASTS.invalidEmail,
      field: 'email',
    });
    expect(checkReferral({ ...fields, email: 'sam @example.org' }, result)).toEqual({
      ok: false,
      toast: TOASTS.invalidEmail,
      field: 'email',
    });
    expect(TOASTS.invalidEmail).toEqual({
      title: 'Invalid email',
      description: 'Please enter a valid email address.',
      tone: 'error',
    });
  });

  it('then a location that is empty after cleaning', () => {
    expect(checkReferral({ ...fields, location: ' <i></i> ' }, result)).toEqual({
      ok: false,
      toast: {
        title: 'Location required',
        description: 'Please enter your location.',
        tone: 'info',
      },
      field: 'location',
    });
  });
});

describe('failureToast', () => {
  it("shows the server's error text", () => {
    expect(failureToast({ status: 503, data: { success: false, error: 'Try later.' } })).toEqual({
      title: 'Failed to send referral',
      description: 'Try later.',
      tone: 'error',
    });
  });

  it('says "Failed to send referral request" for a failure without a message', () => {
    expect(
      failureToast({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }).description,
    ).toBe(NO_MESSAGE_FAILURE);
    expect(failureToast({ status: 502, data: '<html>' }).description).toBe(NO_MESSAGE_FAILURE);
    expect(failureToast({ success: false, error: null }).description).toBe(NO_MESSAGE_FAILURE);
  });

  it('uses the answer error of a response without success', () => {
    expect(failureToast({ success: false, error: 'Nope.' }).description).toBe('Nope.');
  });

  it("uses the spec's default for anything else", () => {
    expect(failureToast(new Error('boom')).description).toBe(DEFAULT_FAILURE);
  });
});
