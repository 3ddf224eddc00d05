import {
  categories,
  conditions,
  conditionsInCategory,
  findCategory,
  resourcesFor,
} from '../../content';
import { KEY_SYMPTOMS, RELATED_GUIDES, guideData } from './guideData';

describe('guide data', () => {
  const { pages, lists } = guideData();

  it('has a page for every guide, with the guide as its page shows it and its category', () => {
    expect(Object.keys(pages)).toEqual(conditions.map((condition) => condition.slug));
    for (const condition of conditions) {
      const page = pages[condition.slug];
      const { category, engineNames: _engineNames, ...shown } = condition;
      expect(page.condition).toEqual(shown);
      const { title, path } = findCategory(category);
      expect(page.category).toEqual({ title, path });
    }
  });

  it('links each guide to the first three other guides of its category, with their first symptom', () => {
    for (const condition of conditions) {
      const others = conditionsInCategory(condition.category).filter(
        (other) => other.slug !== condition.slug,
      );
      expect(pages[condition.slug].related).toEqual(
        others.slice(0, RELATED_GUIDES).map((other) => ({
          slug: other.slug,
          name: other.name,
          symptom: other.symptoms[0],
        })),
      );
    }
    expect(pages['carpal-tunnel-syndrome'].related.map((guide) => guide.slug)).toEqual([
      'de-quervains-tenosynovitis',
      'ganglion-cyst',
      'hand-wrist-arthritis',
    ]);
  });

  it("carries the medical and specialist reading of the guide's first engine condition", () => {
    for (const condition of conditions) {
      const engineName = condition.engineNames.at(0);
      if (!engineName) {
        expect(pages[condition.slug]).not.toHaveProperty('resources');
        continue;
      }
      const { medical, specialist } = resourcesFor(engineName);
      expect(pages[condition.slug].resources).toEqual({ medical, specialist });
    }
    expect(pages['carpal-tunnel-syndrome'].resources?.medical.length).toBeGreaterThan(0);
  });

  it("lists each category's guides in catalogue order, with three key symptoms", () => {
    expect(Object.keys(lists)).toEqual(categories.map((category) => category.id));
    for (const category of categories) {
      expect(lists[category.id]).toEqual(
        conditionsInCategory(category.id).map((condition) => ({
          slug: condition.slug,
          name: condition.name,
          metaDescription: condition.metaDescription,
          keySymptoms: condition.symptoms.slice(0, KEY_SYMPTOMS),
        })),
      );
    }
  });

  it('survives the trip through JSON that the build gives it', () => {
    expect(JSON.parse(JSON.stringify({ pages, lists }))).toEqual({ pages, lists });
  });
});
