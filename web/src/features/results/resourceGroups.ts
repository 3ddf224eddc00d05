import { resourcesFor } from '../../content';
import type { ResourceGroup } from '../../components/ResourceList';

/**
 * The resource groups the catalogue holds for an engine condition, in display order, leaving
 * out empty ones. The catalogue's "videos" are illustrated patient guides (pages that carry
 * diagrams and videos), so they are named for what they are.
 */
export function resultResourceGroups(conditionName: string): ResourceGroup[] {
  const resources = resourcesFor(conditionName);
  if (!resources) return [];
  return [
    { heading: 'Medical Resources', links: resources.medical },
    { heading: 'Specialist Resources', links: resources.specialist },
    { heading: 'Illustrated Guides', links: resources.videos },
    { heading: 'Additional Resources', links: resources.additional ?? [] },
  ].filter((group) => group.links.length > 0);
}
