import { join } from 'node:path';
import { MailTemplates } from '@handcheck/server-kit';
import { type MailKind } from './referrals.repository';
import {
  TEMPLATES,
  confirmationMailData,
  mailData,
  referralMessageId,
  specialistMailData,
} from './referral-mails';

const templates = new MailTemplates(join(__dirname, '..', '..', 'templates'));

const fixture = {
  id: '3f2b8c9e-1d4a-4b6c-9e2f-0a1b2c3d4e5f',
  requested_at: new Date('2026-01-02T03:04:05Z'),
  patient_name: 'Ann <Example> & Co',
  patient_email: 'ann@example.org',
  patient_location: 'Leeds, UK',
  top_conditions: ['Carpal Tunnel Syndrome', 'Trigger Finger', "De Quervain's Tenosynovitis"],
  key_symptoms: ['Pain in: Wrist', 'Numbness', 'Night pain'],
  additional_info: 'Worse at night',
};

describe('referral mails', () => {
  it('has both templates', () => {
    expect(templates.names).toEqual(expect.arrayContaining(Object.values(TEMPLATES)));
  });

  it('the specialist mail carries the patient, top conditions and key symptoms', () => {
    const mail = templates.render(TEMPLATES.specialist, specialistMailData(fixture));
    expect(mail.subject).toBe('Referral request: Ann <Example> & Co, Leeds, UK');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('ann@example.org');
      expect(part).toContain('Leeds, UK');
      expect(part).toContain('Carpal Tunnel Syndrome');
      expect(part).toContain('Trigger Finger');
      expect(part).toContain('Night pain');
      expect(part).toContain('Worse at night');
      expect(part).toContain(fixture.id);
    }
    expect(mail.text).toContain('Name:      Ann <Example> & Co');
    // The HTML part escapes what it is given.
    expect(mail.html).toContain('Ann &lt;Example&gt; &amp; Co');
    expect(mail.html).not.toContain('<Example>');
    expect(mail.html).toContain('Pain in: Wrist');
    expect(mail.html).toContain('De Quervain&#x27;s Tenosynovitis');
  });

  it('the patient mail says what happens next, the 1-2 business days and that it is not emergency care', () => {
    const mail = templates.render(TEMPLATES.patient, confirmationMailData(fixture, 30));
    expect(mail.subject).toBe('Your HandCheck referral request has been received');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('You should receive a response within 1-2 business days.');
      expect(part).toContain('Call 999 (UK) or 911 (US) if it is life-threatening');
      expect(part).toContain('30 days at most');
      // The referral never tells a person to wait.
      expect(part).toContain('Do not wait for our reply');
      expect(part).not.toContain('You do not need to do anything else');
      // The emergency box names infection and injection injuries, A&E first.
      expect(part).toMatch(/Go to A&(amp;)?E \(UK\) or the emergency room \(US\) now/);
      expect(part).toContain('hot, red and swollen');
      expect(part).toContain('high-pressure gun');
      expect(part).toContain('Carpal Tunnel Syndrome');
    }
    expect(mail.html).toContain('Hello Ann &lt;Example&gt; &amp; Co,');
  });

  it('the specialist mail says the patient was told not to wait if things get worse', () => {
    const mail = templates.render(TEMPLATES.specialist, specialistMailData(fixture));
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('not to wait for your reply if their symptoms get worse');
    }
  });

  it('renders without a name, additional information or conditions', () => {
    const empty = {
      ...fixture,
      patient_name: null,
      additional_info: null,
      top_conditions: [],
      key_symptoms: [],
    };
    const specialist = templates.render(TEMPLATES.specialist, specialistMailData(empty));
    expect(specialist.subject).toBe('Referral request: A patient, Leeds, UK');
    expect(specialist.text).toContain('Name:      Not given');
    expect(specialist.text).toContain('- None matched');
    expect(specialist.text).toContain('None given.');
    const patient = templates.render(TEMPLATES.patient, confirmationMailData(empty, 90));
    expect(patient.text).toMatch(/^Hello,$/m);
  });

  it('HTML mail is self-contained: inline styles, no external assets, fits small screens', () => {
    for (const [kind, name] of Object.entries(TEMPLATES)) {
      const { html } = templates.render(name, mailData(kind as MailKind, fixture, 90));
      expect(html).toContain('name="viewport"');
      expect(html).toContain('max-width:600px');
      expect(html).not.toMatch(/<link|<script|<style|src="http/i);
    }
  });

  it('makes one Message-ID per referral and mail', () => {
    expect(referralMessageId(fixture.id, 'patient')).toBe(
      `<referral-${fixture.id}-patient@handcheck>`,
    );
    expect(referralMessageId(fixture.id, 'patient')).not.toBe(
      referralMessageId(fixture.id, 'specialist'),
    );
  });

  it('a line break in a name, place, list item or note never starts a line of its own that reads as a field', () => {
    const mail = templates.render(
      TEMPLATES.specialist,
      specialistMailData({
        ...fixture,
        patient_name: 'Ann\r\nBcc: victim@example.com',
        patient_location: 'Leeds\nEmail: fake@example.com',
        top_conditions: ['Trigger Finger\nRequested: never'],
        additional_info: 'First line\r\nBcc: victim@example.com\nTo: x@y.z',
      }),
    );
    const lines = mail.text.split('\n');
    expect(lines.filter((line) => /^(Bcc|To):/.test(line))).toEqual([]);
    // The template's own fields, once each.
    expect(lines.filter((line) => /^(Email|Requested):/.test(line))).toHaveLength(2);
    expect(mail.text).toContain('Name:      Ann Bcc: victim@example.com');
    expect(mail.text).toContain('Location:  Leeds Email: fake@example.com');
    expect(mail.text).toContain('- Trigger Finger Requested: never');
    expect(mail.text).toContain(
      '  First line\n  Bcc: victim@example.com\n  To: x@y.z\n\nThese results',
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('text is text: <, >, & and quotes reach both parts, escaped in the HTML one', () => {
    const mail = templates.render(
      TEMPLATES.specialist,
      specialistMailData({
        ...fixture,
        additional_info: 'Pain for < 2 weeks, worse when grip > 5 kg & "sharp"',
      }),
    );
    expect(mail.text).toContain('  Pain for < 2 weeks, worse when grip > 5 kg & "sharp"');
    expect(mail.html).toContain(
      'Pain for &lt; 2 weeks, worse when grip &gt; 5 kg &amp; &quot;sharp&quot;',
    );
  });

  // A request written to use the confirmation as a mail relay, as it may be stored (a record
  // kept before the contract held top_conditions to the checker's names included).
  const relay = {
    ...fixture,
    patient_name: 'Customer, your bank account is locked. Verify now at https://evil.example/login',
    patient_location: 'URGENT: visit https://evil.example/claim',
    top_conditions: ['URGENT: visit https://evil.example/claim', 'Trigger Finger'],
    key_symptoms: ['Call 0800 123 4567 now', 'Numbness'],
    additional_info: 'Verify now at https://evil.example/login',
  };

  it("the patient's confirmation repeats none of a relay request's words: no name, place or item that is not the checker's", () => {
    const mail = templates.render(TEMPLATES.patient, confirmationMailData(relay, 90));
    for (const part of [mail.subject, mail.text, mail.html]) {
      for (const words of ['evil', 'Customer', 'URGENT', 'Verify', '0800']) {
        expect(part).not.toContain(words);
      }
    }
    expect(mail.text).toMatch(/^Hello,$/m);
    expect(mail.text).not.toContain('Location:');
    expect(mail.text).toContain('- Trigger Finger');
    expect(mail.text).toContain('- Numbness');
    // Nothing in it is a link of ours.
    expect(mail.html).not.toMatch(/<a\b/i);
  });

  it('the confirmation is given nothing typed but what confirmation-text.ts lets it repeat', () => {
    expect(Object.keys(confirmationMailData(relay, 90)).sort()).toEqual([
      'id',
      'key_symptoms',
      'patient_location',
      'patient_name',
      'retention_days',
      'top_conditions',
    ]);
    expect(confirmationMailData(relay, 90)).toMatchObject({
      patient_name: null,
      patient_location: null,
      top_conditions: ['Trigger Finger'],
      key_symptoms: ['Numbness'],
    });
  });

  it("the specialist's mail marks what the patient typed as their own words, and lists items the checker did not write apart", () => {
    const mail = templates.render(TEMPLATES.specialist, specialistMailData(relay));
    expect(mail.text).toContain(
      "PATIENT (name and location in the patient's own words, not checked by HandCheck)",
    );
    expect(mail.text).toContain(
      "ADDITIONAL INFORMATION (the patient's own words, not checked by HandCheck)\n  Verify now at https://evil.example/login",
    );
    const conditions = mail.text.slice(
      mail.text.indexOf('TOP CONDITIONS'),
      mail.text.indexOf('KEY SYMPTOMS'),
    );
    expect(conditions).toBe('TOP CONDITIONS FROM THE SYMPTOM CHECKER\n- Trigger Finger\n\n');
    expect(mail.text).toContain(
      "ALSO SENT WITH THE REQUEST (not written by the symptom checker: the sender's own words)\n- URGENT: visit https://evil.example/claim\n- Call 0800 123 4567 now\n",
    );
    expect(mail.html).toContain("Name and location are in the patient's own words");
    expect(mail.html).toContain("In the patient's own words: HandCheck has not checked them.");
    expect(mail.html).toContain("Not written by the symptom checker: the sender's own words.");
    // The one link is the patient's address, for the reply; their words are never made links.
    expect(mail.html.match(/<a\b/gi)).toHaveLength(1);
    expect(mail.html).toContain('href="mailto:ann@example.org"');
  });

  it('the specialist mail of a request from the form has no list of other items', () => {
    const mail = templates.render(TEMPLATES.specialist, specialistMailData(fixture));
    expect(mail.text).not.toContain('ALSO SENT');
    expect(mail.html).not.toContain('Also sent');
  });
});
