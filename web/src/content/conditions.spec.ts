import { categories, findCategory } from './categories';
import {
  conditions,
  conditionsInCategory,
  findCondition,
  guideForEngineName,
  relatedConditions,
} from './conditions';
import { CONDITION_NAMES as ENGINE_CONDITION_NAMES } from '@handcheck/diagnosis';
import { ENGINE_NAMES_WITHOUT_GUIDE } from './site';
import { type CategoryId } from './types';

const SPEC_SLUGS = [
  'carpal-tunnel-syndrome',
  'trigger-finger',
  'tennis-elbow-lateral-epicondylitis',
  'de-quervains-tenosynovitis',
  'ganglion-cyst',
  'dupuytrens-contracture',
  'golfers-elbow-medial-epicondylitis',
  'hand-wrist-arthritis',
  'cubital-tunnel-syndrome',
  'guyon-canal-syndrome',
  'mallet-finger',
  'intersection-syndrome',
  'elbow-arthritis',
];
const CATEGORY_IDS: CategoryId[] = ['hand', 'wrist', 'elbow'];

describe('conditions', () => {
  it('are the 13 spec slugs in spec order', () => {
    expect(conditions.map((condition) => condition.slug)).toEqual(SPEC_SLUGS);
  });

  it.each(SPEC_SLUGS.map((slug) => [slug]))('%s has complete content', (slug) => {
    const condition = findCondition(slug);
    expect(condition).toBeDefined();
    if (!condition) return;
    expect(condition.name.trim()).not.toBe('');
    expect(condition.metaTitle.length).toBeLessThanOrEqual(65);
    expect(condition.metaDescription.length).toBeGreaterThanOrEqual(70);
    expect(condition.metaDescription.length).toBeLessThanOrEqual(160);
    expect(CATEGORY_IDS).toContain(condition.category);
    const sentences = condition.summary.split(/(?<=[.!?])\s+(?=[A-Z])/);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(4);
    expect(condition.symptoms.length).toBeGreaterThanOrEqual(5);
    expect(condition.treatments.length).toBeGreaterThanOrEqual(4);
    expect(condition.faqs.length).toBeGreaterThanOrEqual(3);
    expect(condition.whenToSeekHelp.length).toBeGreaterThanOrEqual(3);
    for (const text of [
      ...condition.symptoms,
      ...condition.treatments,
      ...condition.whenToSeekHelp,
    ]) {
      expect(text.trim()).toBe(text);
      expect(text).not.toBe('');
    }
    for (const faq of condition.faqs) {
      expect(faq.question.trim().endsWith('?')).toBe(true);
      expect(faq.answer.length).toBeGreaterThan(40);
    }
  });

  it('never repeats a symptom, treatment or question within a guide', () => {
    for (const condition of conditions) {
      for (const list of [
        condition.symptoms,
        condition.treatments,
        condition.faqs.map((f) => f.question),
      ]) {
        expect(new Set(list).size).toBe(list.length);
      }
    }
  });

  it('contain no markup or placeholder text', () => {
    const text = JSON.stringify(conditions);
    expect(text).not.toMatch(/<[a-z/]/i);
    expect(text).not.toMatch(/lorem|ipsum|TODO|TBD|xxx/i);
  });

  it('mention emergency numbers only as 999 (UK) and 911 (US) together', () => {
    for (const condition of conditions) {
      for (const line of condition.whenToSeekHelp) {
        if (/\b(999|911)\b/.test(line)) expect(line).toMatch(/999 \(UK\) or 911 \(US\)/);
      }
    }
  });

  it('have unique names and slugs', () => {
    expect(new Set(conditions.map((c) => c.name)).size).toBe(conditions.length);
    expect(new Set(conditions.map((c) => c.slug)).size).toBe(conditions.length);
  });
});

describe('findCondition', () => {
  it('finds by exact slug only', () => {
    expect(findCondition('trigger-finger')?.name).toBe('Trigger Finger');
    expect(findCondition('Trigger-Finger')).toBeUndefined();
    expect(findCondition('tennis-elbow')).toBeUndefined();
    expect(findCondition('')).toBeUndefined();
    expect(findCondition('constructor')).toBeUndefined();
  });
});

describe('categories', () => {
  it('are hand, wrist and elbow with their list paths', () => {
    expect(categories.map((category) => [category.id, category.path])).toEqual([
      ['hand', '/hand-conditions'],
      ['wrist', '/wrist-conditions'],
      ['elbow', '/elbow-conditions'],
    ]);
    for (const category of categories) {
      expect(category.title.trim()).not.toBe('');
      expect(category.description.length).toBeGreaterThan(40);
      expect(category.metaDescription.length).toBeLessThanOrEqual(160);
      expect(findCategory(category.id)).toBe(category);
    }
  });

  it('each hold at least two conditions, and every condition is in one', () => {
    let total = 0;
    for (const id of CATEGORY_IDS) {
      const inCategory = conditionsInCategory(id);
      expect(inCategory.length).toBeGreaterThanOrEqual(2);
      for (const condition of inCategory) expect(condition.category).toBe(id);
      total += inCategory.length;
    }
    expect(total).toBe(conditions.length);
  });

  it('file each condition where the problem starts', () => {
    const categoryOf = (slug: string) => findCondition(slug)?.category;
    expect(categoryOf('trigger-finger')).toBe('hand');
    expect(categoryOf('dupuytrens-contracture')).toBe('hand');
    expect(categoryOf('mallet-finger')).toBe('hand');
    for (const slug of [
      'carpal-tunnel-syndrome',
      'guyon-canal-syndrome',
      'de-quervains-tenosynovitis',
      'ganglion-cyst',
      'hand-wrist-arthritis',
      'intersection-syndrome',
    ]) {
      expect(categoryOf(slug)).toBe('wrist');
    }
    for (const slug of [
      'tennis-elbow-lateral-epicondylitis',
      'golfers-elbow-medial-epicondylitis',
      'cubital-tunnel-syndrome',
      'elbow-arthritis',
    ]) {
      expect(categoryOf(slug)).toBe('elbow');
    }
  });

  it('findCategory refuses an id outside the type', () => {
    expect(() => findCategory('knee' as CategoryId)).toThrow(/knee/);
  });
});

describe('relatedConditions', () => {
  it('returns up to three others of the same category, never itself', () => {
    for (const condition of conditions) {
      const related = relatedConditions(condition.slug);
      expect(related.length).toBeLessThanOrEqual(3);
      expect(related.length).toBe(Math.min(3, conditionsInCategory(condition.category).length - 1));
      for (const other of related) {
        expect(other.slug).not.toBe(condition.slug);
        expect(other.category).toBe(condition.category);
      }
    }
  });

  it('caps at three even when the category has more', () => {
    expect(conditionsInCategory('wrist').length).toBeGreaterThan(4);
    expect(relatedConditions('carpal-tunnel-syndrome')).toHaveLength(3);
  });

  it('honours a smaller limit and ignores nonsense ones', () => {
    expect(relatedConditions('carpal-tunnel-syndrome', 1)).toHaveLength(1);
    expect(relatedConditions('carpal-tunnel-syndrome', 0)).toEqual([]);
    expect(relatedConditions('carpal-tunnel-syndrome', -2)).toEqual([]);
  });

  it('returns nothing for an unknown slug', () => {
    expect(relatedConditions('no-such-condition')).toEqual([]);
  });
});

describe('guideForEngineName', () => {
  const withGuide = ENGINE_CONDITION_NAMES.filter(
    (name) => !ENGINE_NAMES_WITHOUT_GUIDE.includes(name),
  );

  it.each(withGuide.map((name) => [name]))('finds the guide that covers %s', (name) => {
    const guide = guideForEngineName(name);
    expect(guide).toBeDefined();
    expect(guide?.engineNames).toContain(name);
  });

  it('maps the expected names to their guides', () => {
    expect(guideForEngineName('Thumb Arthritis')?.slug).toBe('hand-wrist-arthritis');
    expect(guideForEngineName('Hand and Wrist Arthritis')?.slug).toBe('hand-wrist-arthritis');
    expect(guideForEngineName('Mucous Cyst')?.slug).toBe('ganglion-cyst');
    expect(guideForEngineName('Tennis Elbow (Lateral Epicondylitis)')?.slug).toBe(
      'tennis-elbow-lateral-epicondylitis',
    );
  });

  it.each(ENGINE_NAMES_WITHOUT_GUIDE.map((name) => [name]))(
    'deliberately has no guide for %s',
    (name) => {
      expect(guideForEngineName(name)).toBeUndefined();
    },
  );

  it('returns undefined for unknown names', () => {
    expect(guideForEngineName('trigger finger')).toBeUndefined();
    expect(guideForEngineName('')).toBeUndefined();
  });

  it('uses only real engine names, each in at most one guide', () => {
    const seen = conditions.flatMap((condition) => condition.engineNames);
    expect(new Set(seen).size).toBe(seen.length);
    for (const name of seen) expect(ENGINE_CONDITION_NAMES).toContain(name);
    expect(seen.length + ENGINE_NAMES_WITHOUT_GUIDE.length).toBe(ENGINE_CONDITION_NAMES.length);
  });

  it('names each guide like the engine when it covers exactly that condition', () => {
    for (const condition of conditions) {
      if (condition.engineNames.length > 0) expect(condition.engineNames).toContain(condition.name);
    }
  });
});
