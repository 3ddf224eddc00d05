import { type CategoryId, type CategoryInfo } from './types';

export const categories: readonly CategoryInfo[] = [
  {
    id: 'hand',
    path: '/hand-conditions',
    title: 'Hand Conditions',
    description:
      'Problems that start in the fingers, thumb or palm, such as fingers that click and lock, fingers pulled into the palm, and injuries to the finger tendons.',
    metaDescription:
      "Guides to common hand conditions, including trigger finger, Dupuytren's contracture and mallet finger: symptoms, treatments and when to see a doctor.",
  },
  {
    id: 'wrist',
    path: '/wrist-conditions',
    title: 'Wrist Conditions',
    description:
      'Problems that start at the wrist or the base of the thumb, including trapped nerves, irritated tendons, lumps and arthritis. Carpal tunnel syndrome is listed here because the nerve is squeezed at the wrist, even though it is felt in the fingers.',
    metaDescription:
      "Guides to wrist conditions, including carpal tunnel syndrome, de Quervain's tenosynovitis, ganglion cysts and arthritis: symptoms, treatments and red flags.",
  },
  {
    id: 'elbow',
    path: '/elbow-conditions',
    title: 'Elbow Conditions',
    description:
      'Problems that start at the elbow, including tendon pain on the outer or inner side, a trapped ulnar nerve and arthritis of the elbow joint.',
    metaDescription:
      "Guides to elbow conditions, including tennis elbow, golfer's elbow, cubital tunnel syndrome and elbow arthritis: symptoms, treatments and when to get help.",
  },
];

export function findCategory(id: CategoryId): CategoryInfo {
  const category = categories.find((candidate) => candidate.id === id);
  // Only reachable by bypassing the CategoryId type, e.g. with an unchecked route parameter.
  if (!category) throw new Error(`Unknown condition category: ${String(id)}`);
  return category;
}
