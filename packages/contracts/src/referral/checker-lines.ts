import {
  CONDITION_NAMES,
  FLAG_KEYS,
  PAIN_LOCATIONS,
  emptyAnswers,
  keySymptomsOf,
} from '@handcheck/diagnosis';

/*
 * What the symptom checker itself writes into a referral's lists, told apart from anything
 * else a client could put there: only these may be repeated to a patient, and the specialist
 * is told which items are not the checker's. Derived from the checker's own code, so a
 * renamed symptom or condition needs no second edit here.
 */

const CONDITIONS: ReadonlySet<string> = new Set(CONDITION_NAMES);

/** The line a yes/no answer adds ("Numbness", "Finger catching/locking", …). */
const FLAG_LINES: ReadonlySet<string> = new Set(
  FLAG_KEYS.flatMap((flag) => keySymptomsOf({ ...emptyAnswers(), [flag]: true })),
);

const LOCATIONS: ReadonlySet<string> = new Set(PAIN_LOCATIONS);
const FIRST_LOCATION = PAIN_LOCATIONS[0];
/** What the pain locations' line starts with ("Pain in: "). */
const LOCATIONS_PREFIX = keySymptomsOf({
  ...emptyAnswers(),
  painLocation: [FIRST_LOCATION],
})[0]!.slice(0, -FIRST_LOCATION.length);
/** How the checker joins the pain locations in that line. */
const LOCATIONS_SEPARATOR = keySymptomsOf({
  ...emptyAnswers(),
  painLocation: [FIRST_LOCATION, FIRST_LOCATION],
})[0]!.slice(LOCATIONS_PREFIX.length + FIRST_LOCATION.length, -FIRST_LOCATION.length);

/** One of the checker's condition names (spec section 3). */
export function isCheckerCondition(name: string): boolean {
  return CONDITIONS.has(name);
}

/** A key symptom line the checker writes: a yes/no answer's, or the pain locations chosen. */
export function isCheckerKeySymptom(line: string): boolean {
  if (FLAG_LINES.has(line)) return true;
  if (!line.startsWith(LOCATIONS_PREFIX)) return false;
  const locations = line.slice(LOCATIONS_PREFIX.length).split(LOCATIONS_SEPARATOR);
  return (
    locations.every((location) => LOCATIONS.has(location)) &&
    new Set(locations).size === locations.length
  );
}
