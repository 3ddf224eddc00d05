import { EMERGENCY_SIGNS, type EmergencySignId } from '@handcheck/diagnosis';

export interface CountryAdvice {
  id: 'uk' | 'us';
  country: string;
  /** What to do now. */
  now: string;
  /** When to call the emergency number instead. */
  call: string;
}

/** Whether any of the signs is a line of the NHS "Call 999" lists (`call: true`). */
export function needsCall(signs: readonly EmergencySignId[]): boolean {
  return EMERGENCY_SIGNS.some((sign) => sign.call === true && signs.includes(sign.id));
}

/**
 * The emergency card's words for the UK and the US, shown side by side. A&E / the emergency
 * room come first, the emergency number when life is at risk or getting there is not safe
 * (NHS: "Go to A&E" for most, 999 for life-threatening emergencies); any sign the engine marks
 * `call` (stroke, heart attack, sepsis, heavy bleeding, a crush or cast) is a call straight
 * away, whatever else is chosen. A US urgent care clinic is not an emergency room, so it is
 * named as such.
 */
export function emergencyWording(signs: readonly EmergencySignId[]): CountryAdvice[] {
  if (needsCall(signs))
    return [
      {
        id: 'uk',
        country: 'In the UK',
        now: 'Call 999 now.',
        call: 'Do not drive yourself to A&E. An ambulance can start treatment on the way.',
      },
      {
        id: 'us',
        country: 'In the US',
        now: 'Call 911 now.',
        call: 'Do not drive yourself to the emergency room. An ambulance can start treatment on the way.',
      },
    ];
  return [
    {
      id: 'uk',
      country: 'In the UK',
      now: 'Go to A&E now.',
      call: 'Call 999 if it is life-threatening or you cannot get to A&E safely.',
    },
    {
      id: 'us',
      country: 'In the US',
      now: 'Go to the emergency room (ER) now.',
      call: 'Call 911 if it is life-threatening or you cannot get to the ER safely. An urgent care clinic is not an emergency room.',
    },
  ];
}
