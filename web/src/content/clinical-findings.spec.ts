import { conditions, findCondition } from './conditions';
import { siteFaqs } from './faqs';
import { aboutPage } from './pages/about';
import { termsPage } from './pages/terms';
import { PARENT_ADVICE } from './site';
import { type ConditionInfo } from './types';

/*
 * The clinical review's findings on the written content: each test states the corrected
 * advice, so the old wording fails.
 */

const guide = (slug: string): ConditionInfo => {
  const found = findCondition(slug);
  if (!found) throw new Error(`no guide ${slug}`);
  return found;
};

const guideTexts = (condition: ConditionInfo): string[] => [
  condition.metaDescription,
  condition.summary,
  ...condition.symptoms,
  ...condition.treatments,
  ...condition.whenToSeekHelp,
  ...condition.faqs.flatMap((faq) => [faq.question, faq.answer]),
];

const allTexts: string[] = [
  ...conditions.flatMap(guideTexts),
  ...siteFaqs.flatMap((faq) => [faq.question, faq.answer]),
  ...[aboutPage, termsPage].flatMap((page) => [
    page.intro ?? '',
    ...page.sections.flatMap((section) => [...section.paragraphs, ...(section.bullets ?? [])]),
  ]),
];

describe('infection signs send people to A&E / the emergency room now', () => {
  const infectionAdvice = allTexts.filter(
    (text) =>
      /\b(hot|heat)\b.*\b(red|redness)\b|\bred\b.*\bhot\b|infection|pus\b|fever/i.test(text) &&
      /:|go to|get|contact/i.test(text),
  );

  it('finds the infection advice it checks', () => {
    expect(infectionAdvice.length).toBeGreaterThanOrEqual(10);
  });

  it('never says "same-day care" for them', () => {
    expect(allTexts.filter((text) => /same-day care/i.test(text))).toEqual([]);
  });

  it.each(
    [
      'trigger-finger',
      'de-quervains-tenosynovitis',
      'ganglion-cyst',
      'hand-wrist-arthritis',
      'intersection-syndrome',
      'tennis-elbow-lateral-epicondylitis',
      'golfers-elbow-medial-epicondylitis',
      'elbow-arthritis',
    ].map((slug) => [slug]),
  )('%s names A&E (UK) and the emergency room (US) for a hot, red, swollen area', (slug) => {
    const lines = guide(slug).whenToSeekHelp.filter((line) =>
      /(hot|heat).*(red|swell|swollen)|(red|redness).*(heat|hot)/i.test(line),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/A&E \(UK\) or the emergency room \(US\)/);
  });

  it('treats a suspected tendon-sheath infection as an emergency', () => {
    const line = guide('trigger-finger').whenToSeekHelp.find((text) => /tendon sheath/.test(text));
    expect(line).toMatch(/go to A&E \(UK\) or the emergency room \(US\) now/);
  });

  it('says the same in the site FAQ', () => {
    const urgent = siteFaqs.find((faq) => /urgent help/.test(faq.question))?.answer ?? '';
    expect(urgent).toMatch(/A&E \(UK\) or the emergency room \(US\) now/);
    expect(urgent).toMatch(/hot, red, swollen/);
    expect(urgent).toMatch(/bite|puncture|high-pressure/);
  });
});

describe('a sudden "pop" at the elbow has a timescale', () => {
  const popLines = conditions
    .flatMap((condition) => condition.whenToSeekHelp)
    .filter((line) => /\bpop\b/i.test(line));

  it('is mentioned in the elbow guides', () => {
    expect(popLines.length).toBeGreaterThanOrEqual(2);
  });

  it.each(popLines.map((line) => [line]))('%s', (line) => {
    expect(line).toMatch(/biceps/);
    expect(line).toMatch(/within a few days/);
    expect(line).toMatch(/2 to 3 weeks/);
  });
});

describe('numbers and durations agree within a guide', () => {
  it('places intersection syndrome at one distance above the wrist', () => {
    const intersection = guide('intersection-syndrome');
    const text = guideTexts(intersection).join('\n');
    expect(text).not.toMatch(/hand-width|a few centimetres/);
    const distance = 'about 4 to 8 cm (2 to 3 inches) above the wrist';
    expect(intersection.summary).toContain(distance);
    expect(intersection.symptoms.join('\n')).toContain(distance);
  });

  it("gives tennis and golfer's elbow the same recovery time everywhere", () => {
    const recovery = 'Most people are better within a year, but it can take up to 2 years.';
    for (const slug of [
      'tennis-elbow-lateral-epicondylitis',
      'golfers-elbow-medial-epicondylitis',
    ]) {
      const condition = guide(slug);
      expect(condition.summary).toContain(recovery);
      const howLong = condition.faqs.find((faq) => /how long/i.test(faq.question));
      expect(howLong?.answer).toContain(recovery);
      const text = guideTexts(condition).join('\n');
      expect(text).not.toMatch(/six months and two years|over a few months|a year or more/);
    }
  });
});

describe('the scaphoid hollow is on the wrist, not the base of the thumb', () => {
  it('describes where a broken scaphoid hurts', () => {
    const line = guide('de-quervains-tenosynovitis').whenToSeekHelp.find((text) =>
      /scaphoid/.test(text),
    );
    expect(line).toMatch(/hollow on the thumb side of the back of the wrist/);
    expect(line).not.toMatch(/hollow at the base of the thumb/);
    expect(line).toMatch(/urgent treatment centre|minor injuries unit/);
    expect(line).toMatch(/urgent care \(US\)/);
  });
});

describe("de Quervain's anti-inflammatory gels", () => {
  it('carry the pregnancy and breastfeeding caveat', () => {
    const gels = guide('de-quervains-tenosynovitis').treatments.filter((text) =>
      /anti-inflammatory/.test(text),
    );
    expect(gels.length).toBeGreaterThan(0);
    for (const text of gels) {
      expect(text).toMatch(/pregnant/);
      expect(text).toMatch(/breastfeeding/);
      expect(text).toMatch(/pharmacist|midwife|doctor/);
    }
  });
});

describe('children', () => {
  it('tells a parent what to do, the same way everywhere', () => {
    expect(PARENT_ADVICE).toMatch(/18 and over/);
    expect(PARENT_ADVICE).toMatch(/parent or carer/);
    expect(PARENT_ADVICE).toMatch(/GP or pharmacist \(UK\)/);
    expect(PARENT_ADVICE).toMatch(/A&E \(UK\) or the emergency room \(US\)/);
    expect(PARENT_ADVICE).toMatch(/999 \(UK\) or 911 \(US\)/);
    const childFaq = siteFaqs.find((faq) => /child/.test(faq.question));
    expect(childFaq?.answer).toContain(PARENT_ADVICE);
    expect(JSON.stringify(aboutPage)).toContain(JSON.stringify(PARENT_ADVICE).slice(1, -1));
    expect(JSON.stringify(termsPage)).toContain(JSON.stringify(PARENT_ADVICE).slice(1, -1));
    const triggerChildren = guide('trigger-finger').faqs.find((faq) =>
      /children/.test(faq.question),
    );
    expect(triggerChildren?.answer).toContain(PARENT_ADVICE);
  });

  it('gives no other advice about children that could disagree', () => {
    const mentions = allTexts.filter(
      (text) => /\bchild/i.test(text) && !text.endsWith('?') && !text.includes(PARENT_ADVICE),
    );
    expect(mentions).toEqual([]);
  });
});

describe('ganglion lumps', () => {
  it('are "usually harmless", and new or growing lumps are checked', () => {
    const ganglion = guide('ganglion-cyst');
    const text = guideTexts(ganglion).join('\n');
    expect(text).not.toMatch(/(?<!usually )harmless/);
    expect(text).toMatch(/usually harmless/);
    expect(ganglion.whenToSeekHelp.join('\n')).toMatch(/new lump/);
    expect(ganglion.whenToSeekHelp.join('\n')).toMatch(/growing.*5 cm/);
  });
});

describe('jargon is explained on first use', () => {
  it.each([
    ['trigger-finger', /stenosing tenosynovitis: the sheath/],
    ['de-quervains-tenosynovitis', /tenosynovitis means/],
    ['tennis-elbow-lateral-epicondylitis', /lateral epicondylitis: the tendons/],
    ['golfers-elbow-medial-epicondylitis', /medial epicondylitis: the tendons/],
    ['dupuytrens-contracture', /cut out the thickened tissue \(fasciectomy\)/],
    ['ganglion-cyst', /with a needle \(aspiration\)/],
    ['carpal-tunnel-syndrome', /called the carpal tunnel/],
  ])('%s', (slug, explained) => {
    expect(guideTexts(guide(slug)).join('\n')).toMatch(explained);
  });
});
