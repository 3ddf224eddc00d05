import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { CONDITION_NAMES, DURATIONS } from '@handcheck/diagnosis';
import { checkContract } from '../validation/check-contract';
import { compileEventRules } from './compile-event-rules';
import { EVENT_CONTRACTS } from './event-classes';
import { EVENT_RULES } from './event-rules.gen';
import { BROWSER_EVENT_TYPES, type BrowserEventType } from './events';
import { browserEventProblems, isValidBrowserEvent } from './parse-event-batch';

/** class-validator itself on one event: its class picked by `type`. */
function classValidatorAccepts(event: Record<string, unknown>): boolean {
  // Own keys only: a type like "toString" must not find Object.prototype's.
  if (typeof event.type !== 'string' || !Object.hasOwn(EVENT_CONTRACTS, event.type)) return false;
  return checkContract(EVENT_CONTRACTS[event.type as BrowserEventType], event).ok;
}

describe('the event rules are the classes', () => {
  it('event-rules.gen.ts is what the class-validator classes compile to', () => {
    // On failure, regenerate it (the command is at the top of event-rules.gen.ts).
    expect(EVENT_RULES).toEqual(compileEventRules());
  });

  it('has a class for every event type, and nothing else', () => {
    expect(Object.keys(EVENT_CONTRACTS).sort()).toEqual([...BROWSER_EVENT_TYPES].sort());
    expect(Object.keys(EVENT_RULES).sort()).toEqual([...BROWSER_EVENT_TYPES].sort());
  });

  it('refuses to compile a decorator it does not understand', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a class made for this test only
    const { IsEmail } = require('class-validator') as typeof import('class-validator');
    class Odd {
      @IsEmail()
      email!: string;
    }
    expect(() => compileEventRules({ odd: Odd })).toThrow(/do not understand @isEmail/);
  });
});

/** Values a field might be sent with: right ones, near misses and junk. */
const anyValue = fc.oneof(
  fc.constantFrom(...CONDITION_NAMES, ...DURATIONS, '', 'grip, pinch', 'grip;pinch', '/', '/a b'),
  fc.constantFrom(0, 1, 3, 4, 6, 7, 95, 100, 101, -1, 1.5, 604_800, 604_801),
  fc.constantFrom(
    null,
    true,
    false,
    'true',
    ['bite'],
    [],
    {},
    { conditions: 2 },
    { conditions: 9 },
    { email: 'x' },
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 2040, maxLength: 2060 }).map((s) => `/${s.replace(/\s/g, '')}`),
);

const fieldNames = [
  ...new Set(Object.values(EVENT_RULES).flatMap((fields) => Object.keys(fields))),
  'ip',
  'email',
];

/** An event of some type: valid to start with, then some fields changed, dropped or added. */
const anyEvent = fc
  .record({
    type: fc.constantFrom(...BROWSER_EVENT_TYPES),
    changes: fc.dictionary(fc.constantFrom(...fieldNames), anyValue, { maxKeys: 3 }),
    dropped: fc.subarray(fieldNames, { maxLength: 2 }),
  })
  .map(({ type, changes, dropped }) => {
    const event: Record<string, unknown> = {
      type,
      id: randomUUID(),
      sessionId: 'session-1234',
      at: 1_700_000_000_000,
      path: '/conditions/trigger-finger',
      ...(type === 'broken_link' ? { requestedPath: '/nope' } : {}),
      ...(type === 'session_duration' ? { durationSeconds: 12 } : {}),
      ...(type === 'emergency_check_completed' ? { anySign: true } : {}),
      ...(type === 'symptom_checker_step_completed' ? { stepNumber: 2 } : {}),
      ...(type === 'diagnosis_received'
        ? { topCondition: 'Trigger Finger', diagnosisConfidence: 90 }
        : {}),
      ...(type === 'checker_completion'
        ? {
            topCondition: 'Ganglion Cyst',
            conditionConfidence: 80,
            totalSymptomsReported: 3,
            symptomDuration: '1-4 weeks',
          }
        : {}),
      ...changes,
    };
    for (const field of dropped) if (field !== 'type') delete event[field];
    return event;
  });

describe('the compiled checks and class-validator agree (property)', () => {
  it('accept and refuse exactly the same events', () => {
    fc.assert(
      fc.property(anyEvent, (event) => {
        const accepted = classValidatorAccepts(event);
        expect(browserEventProblems(event).length === 0).toBe(accepted);
        // The intake's fast path: the problems are worded only when it refuses.
        expect(isValidBrowserEvent(event)).toBe(accepted);
      }),
      {
        numRuns: 3000,
        // A type named after an Object.prototype member, found once by a run.
        examples: [
          [
            {
              type: 'toString',
              id: '02275851-44bd-484c-a759-f0fc44c265b9',
              sessionId: 'session-1234',
              at: 1700000000000,
              path: '/conditions/trigger-finger',
            },
          ],
        ],
      },
    );
    // 3,000 class-validator runs take about 2 s alone, longer beside other suites.
  }, 60_000);
});
