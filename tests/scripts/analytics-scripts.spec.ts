import {
  analyticsEventProblems,
  browserEventProblems,
  parseEventBatch,
} from '@handcheck/contracts';
import { seededRandom, sessionEvents } from '../../scripts/analytics/traffic';
import { largestEvent, largestRequest } from '../../scripts/bench/producer-buffer';

const checkerType = (event: ReturnType<typeof sessionEvents>[number]) =>
  event.payload.case === 'checkerEvent' ? event.payload.value.eventType : undefined;

describe('the seeded traffic (scripts/analytics/traffic.ts)', () => {
  const random = seededRandom(42);
  const sessions = Array.from({ length: 400 }, (_, i) =>
    sessionEvents(random, Date.UTC(2026, 10, 1) + i * 60_000),
  );

  it('holds only events the contract accepts', () => {
    for (const event of sessions.flat()) expect(analyticsEventProblems(event)).toEqual([]);
  });

  it('answers the emergency check after starting and before step 1, with and without a sign', () => {
    const answers: boolean[] = [];
    for (const events of sessions) {
      const types = events.map(checkerType).filter((type) => type !== undefined);
      const check = types.indexOf('emergency_check_completed');
      const firstStep = types.indexOf('symptom_checker_step_completed');
      if (firstStep >= 0) expect(check).toBeGreaterThan(types.indexOf('symptom_checker_started'));
      if (firstStep >= 0) expect(check).toBeLessThan(firstStep);
      for (const event of events) {
        if (
          event.payload.case === 'checkerEvent' &&
          checkerType(event) === 'emergency_check_completed'
        )
          answers.push(event.payload.value.anySign!);
      }
    }
    expect(new Set(answers)).toEqual(new Set([true, false]));
  });
});

describe('the producer-buffer bench (scripts/bench/producer-buffer.ts)', () => {
  it('sends only events the intake accepts', () => {
    expect(browserEventProblems(largestEvent())).toEqual([]);
    expect(parseEventBatch({ events: largestRequest() }).ok).toBe(true);
  });
});
