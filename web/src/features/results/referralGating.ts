import type { CareLevel } from '@handcheck/diagnosis';

/** Whether the referral waits behind the care card's advice ("I have sought urgent care"). */
export const referralWaitsForCare = (level: CareLevel): boolean =>
  level === 'emergency' || level === 'urgent';
