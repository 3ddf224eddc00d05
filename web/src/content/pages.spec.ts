import { checkerFaqs, siteFaqs } from './faqs';
import { aboutPage } from './pages/about';
import { privacyPage } from './pages/privacy';
import { termsPage } from './pages/terms';
import { REVIEW_STATUS } from './clinicalReview';
import { CONTACT_EMAIL, SITE } from './site';
import { type Faq, type TextPage } from './types';

const pageText = (page: TextPage) =>
  [
    page.title,
    page.intro ?? '',
    ...page.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.bullets ?? [])]),
  ].join('\n');

function expectWellFormed(page: TextPage) {
  expect(page.title.trim()).not.toBe('');
  expect(page.metaDescription.length).toBeGreaterThanOrEqual(70);
  expect(page.metaDescription.length).toBeLessThanOrEqual(170);
  const headings = page.sections.map((section) => section.heading);
  expect(new Set(headings).size).toBe(headings.length);
  for (const section of page.sections) {
    expect(section.paragraphs.length + (section.bullets?.length ?? 0)).toBeGreaterThan(0);
    for (const text of [...section.paragraphs, ...(section.bullets ?? [])])
      expect(text.trim()).not.toBe('');
  }
  expect(pageText(page)).not.toMatch(/lorem|ipsum|TODO|TBD|<[a-z/]/i);
}

function expectFaqs(faqs: readonly Faq[]) {
  for (const faq of faqs) {
    expect(faq.question.trim().endsWith('?')).toBe(true);
    expect(faq.answer.trim()).not.toBe('');
  }
  expect(new Set(faqs.map((faq) => faq.question)).size).toBe(faqs.length);
}

describe('SITE', () => {
  it('carries the spec constants', () => {
    expect(SITE).toEqual({
      brand: 'HandCheck',
      themeColor: '#3b82f6',
      policyDate: '2025-07-29',
      emergencyNumber: '911',
    });
  });

  it('uses a contact address on the brand domain', () => {
    expect(CONTACT_EMAIL).toBe('privacy@handcheck.health');
  });
});

describe('FAQs', () => {
  it('has exactly 10 site questions', () => {
    expect(siteFaqs).toHaveLength(10);
    expectFaqs(siteFaqs);
  });

  it('has exactly 3 short checker questions', () => {
    expect(checkerFaqs).toHaveLength(3);
    expectFaqs(checkerFaqs);
    for (const faq of checkerFaqs) expect(faq.answer.length).toBeLessThanOrEqual(200);
  });

  it('state the facts the rest of the site relies on', () => {
    const text = siteFaqs.map((faq) => `${faq.question} ${faq.answer}`).join('\n');
    expect(text).toMatch(/911/);
    expect(text).toMatch(/999/);
    expect(text).toContain(REVIEW_STATUS.sentence);
    expect(text).toMatch(/95%/);
    expect(text).toMatch(/80%/);
    expect(text).toMatch(/1 to 2 business days/);
    expect(text).toMatch(/18 and over/);
    expect(text).toMatch(/Global Privacy Control/);
  });
});

describe('aboutPage', () => {
  it('has the four spec sections in order', () => {
    expectWellFormed(aboutPage);
    expect(aboutPage.sections.map((section) => section.heading)).toEqual([
      'Why HandCheck exists',
      'What you can do here',
      'Please remember',
      'Next steps',
    ]);
  });

  it('says how the content was written and checked, and what to do in an emergency', () => {
    const text = pageText(aboutPage);
    expect(text).toContain(REVIEW_STATUS.sentence);
    expect(text).toMatch(/911/);
  });
});

describe('privacyPage', () => {
  it('is the dated Privacy and Data Protection Policy', () => {
    expectWellFormed(privacyPage);
    expect(privacyPage.title).toBe('Privacy and Data Protection Policy');
    expect(privacyPage.updated).toBe('2025-07-29');
  });

  it('describes what the system really does', () => {
    const text = pageText(privacyPage);
    expect(text).toMatch(/do not need an account/);
    expect(text).toMatch(/never store your IP address/);
    expect(text).toMatch(/country and city/);
    expect(text).toMatch(/discards the address/);
    expect(text).toMatch(/Global Privacy Control/);
    expect(text).toMatch(/in your (own )?browser/);
    expect(text).toMatch(/free[- ]text/i);
    expect(text).toMatch(/90 days/);
    expect(text).toMatch(/authorised staff/i);
    expect(text).toContain(CONTACT_EMAIL);
    expect(text).not.toMatch(/iPhone/);
  });
});

describe('termsPage', () => {
  it('is the dated Terms of Use', () => {
    expectWellFormed(termsPage);
    expect(termsPage.title).toBe('Terms of Use');
    expect(termsPage.updated).toBe('2025-07-29');
  });

  it('covers the required topics', () => {
    const headings = termsPage.sections.map((section) => section.heading).join('\n');
    for (const topic of [
      /not medical advice/i,
      /emergenc/i,
      /doctor–patient/i,
      /adults only/i,
      /acceptable use/i,
      /other websites/i,
      /liability/i,
      /changes/i,
      /governing law/i,
      /contact/i,
    ]) {
      expect(headings).toMatch(topic);
    }
    const text = pageText(termsPage);
    expect(text).toMatch(/England and Wales/);
    expect(text).toMatch(/state in which you live/);
    expect(text).toMatch(/under 18/);
    expect(text).toMatch(/999 in the UK or 911 in the US/);
  });
});
