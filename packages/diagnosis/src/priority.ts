import { PRIORITY_HIGH_MIN, PRIORITY_MEDIUM_MIN } from './limits';

export type PriorityLabel = 'High' | 'Medium' | 'Low';
export type PriorityTone = 'red' | 'orange' | 'yellow';

export interface Priority {
  label: PriorityLabel;
  tone: PriorityTone;
}

/** Priority band of a match percentage (spec section 4): 80+ High, 60-79 Medium, else Low. */
export function priorityFor(confidence: number): Priority {
  if (confidence >= PRIORITY_HIGH_MIN) return { label: 'High', tone: 'red' };
  if (confidence >= PRIORITY_MEDIUM_MIN) return { label: 'Medium', tone: 'orange' };
  return { label: 'Low', tone: 'yellow' };
}
