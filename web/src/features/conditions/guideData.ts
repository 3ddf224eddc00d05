import { categories, findCategory } from '../../content/categories';
import { conditions, conditionsInCategory, relatedConditions } from '../../content/conditions';
import { resourcesFor } from '../../content/resources';
import type { CategoryId, CategoryInfo, ConditionInfo, ResourceGroups } from '../../content/types';

/*
 * What the guide pages need of the content, one guide or one category at a time. The build
 * evaluates these from the content (build/guide-pages.ts) and gives every guide page and every
 * category list a module of its own, so a page's JavaScript carries its own guide, not all
 * thirteen: they were the largest part of a condition page's initial JavaScript.
 */

/** Other guides a guide's page links to: up to three of its category, in catalogue order. */
export const RELATED_GUIDES = 3;
/** Symptoms a category's list shows for each guide. */
export const KEY_SYMPTOMS = 3;

/** What a guide's page shows of another guide: its name and first symptom. */
export interface RelatedGuide {
  slug: string;
  name: string;
  symptom: string;
}

/** What a guide's page shows of the guide: all but its category id and engine names. */
export type GuideContent = Omit<ConditionInfo, 'category' | 'engineNames'>;

/** Everything a guide's page shows. */
export interface GuidePage {
  condition: GuideContent;
  category: Pick<CategoryInfo, 'title' | 'path'>;
  related: RelatedGuide[];
  /**
   * The outside reading its sidebar lists (resourcesFor its first engine condition, so
   * already sanitised), or none when the guide names no engine condition.
   */
  resources?: Pick<ResourceGroups, 'medical' | 'specialist'>;
}

/** What a category's list shows of each of its guides. */
export interface GuideSummary {
  slug: string;
  name: string;
  metaDescription: string;
  keySymptoms: string[];
}

export function guidePage(condition: ConditionInfo): GuidePage {
  const { title, path } = findCategory(condition.category);
  // The category and engine names lead to what follows; the page does not show them itself.
  const { category: _category, engineNames, ...content } = condition;
  const engineName = engineNames[0];
  const resources = engineName ? resourcesFor(engineName) : undefined;
  return {
    condition: content,
    category: { title, path },
    related: relatedConditions(condition.slug, RELATED_GUIDES).map((other) => ({
      slug: other.slug,
      name: other.name,
      symptom: other.symptoms[0] ?? '',
    })),
    ...(resources && {
      resources: { medical: resources.medical, specialist: resources.specialist },
    }),
  };
}

export function guideSummaries(category: CategoryId): GuideSummary[] {
  return conditionsInCategory(category).map((condition) => ({
    slug: condition.slug,
    name: condition.name,
    metaDescription: condition.metaDescription,
    keySymptoms: condition.symptoms.slice(0, KEY_SYMPTOMS),
  }));
}

/** Every guide's page by slug, and every category's list by id, in catalogue order. */
export function guideData(): {
  pages: Record<string, GuidePage>;
  lists: Record<CategoryId, GuideSummary[]>;
} {
  return {
    pages: Object.fromEntries(
      conditions.map((condition) => [condition.slug, guidePage(condition)]),
    ),
    lists: Object.fromEntries(
      categories.map((category) => [category.id, guideSummaries(category.id)]),
    ) as Record<CategoryId, GuideSummary[]>,
  };
}
