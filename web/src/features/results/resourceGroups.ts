import { resourcesFor } from '../../content';
import type { ResourceGroup } from '../../components/ResourceList';

/** Every resource group the catalogue holds for an engine condition, in display order. */
export function resultResourceGroups(conditionName: string): ResourceGroup[] {
  const resources = resourcesFor(conditionName);
  if (!resources) return [];
  return [
    { heading: 'Medical Resources', links: resources.medical },
    { heading: 'Specialist Resources', links: resources.specialist },
    { heading: 'Videos', links: resources.videos },
    { heading: 'Additional Resources', links: resources.additional ?? [] },
  ];
}
