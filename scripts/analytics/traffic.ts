import { randomUUID } from 'node:crypto';
import { type AnalyticsEvent, AnalyticsEventSchema, create } from '@handcheck/contracts';
import {
  analyzeSymptoms,
  emptyAnswers,
  PAIN_INTENSITIES,
  DURATIONS,
  PAIN_LOCATIONS,
} from '@handcheck/diagnosis';

// Realistic-looking synthetic traffic: sessions that land on a page, browse a
// few more, often run the questionnaire, now and then hit a dead link. Seeded
// randomness, so two runs with the same seed produce the same shape.

const PAGES = [
  '/',
  '/symptom-checker',
  '/hand-conditions',
  '/wrist-conditions',
  '/elbow-conditions',
  '/conditions/carpal-tunnel-syndrome',
  '/conditions/trigger-finger',
  '/conditions/tennis-elbow-lateral-epicondylitis',
  '/conditions/de-quervains-tenosynovitis',
  '/conditions/ganglion-cyst',
  '/faq',
  '/about',
];
const REFERRERS = [
  '',
  '',
  '',
  'https://www.google.com/',
  'https://www.bing.com/',
  'https://www.nhs.uk/',
  'https://duckduckgo.com/',
];
const PLACES: Array<[string, string, boolean]> = [
  ['United Kingdom', 'London', true],
  ['United Kingdom', 'Manchester', true],
  ['United Kingdom', 'Glasgow', true],
  ['United States', 'New York', false],
  ['United States', 'Chicago', false],
  ['United States', 'Austin', false],
  ['Ireland', 'Dublin', false],
];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
];

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

type Payload = AnalyticsEvent['payload'];

/** All events of one session, starting at `startMs`. */
export function sessionEvents(random: () => number, startMs: number): AnalyticsEvent[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const sessionId = randomUUID();
  const userAgent = pick(AGENTS);
  const referrer = pick(REFERRERS);
  const [country, city, isUk] = pick(PLACES);
  let clock = Math.floor(startMs);
  const events: AnalyticsEvent[] = [];
  const add = (pagePath: string, payload: Payload) => {
    clock += Math.floor(2000 + random() * 40_000);
    events.push(
      create(AnalyticsEventSchema, {
        eventId: randomUUID(),
        sessionId,
        occurredAtMs: BigInt(clock),
        receivedAtMs: BigInt(clock + 40),
        userAgent,
        pagePath,
        referrer,
        payload,
      }),
    );
  };
  const landing = random() < 0.5 ? '/' : pick(PAGES);
  add(landing, {
    case: 'sessionStarted',
    value: {
      $typeName: 'handcheck.analytics.v1.SessionStarted',
      landingPage: landing,
      country,
      city,
      isUkUser: isUk,
    },
  });
  add(landing, { case: 'siteVisit', value: { $typeName: 'handcheck.analytics.v1.SiteVisit' } });
  add(landing, { case: 'pageView', value: { $typeName: 'handcheck.analytics.v1.PageView' } });
  const extraPages = random() < 0.35 ? 0 : Math.floor(random() * 5);
  for (let i = 0; i < extraPages; i++) {
    add(pick(PAGES), { case: 'pageView', value: { $typeName: 'handcheck.analytics.v1.PageView' } });
  }
  if (random() < 0.08) {
    add('/conditions/old-page', {
      case: 'brokenLink',
      value: {
        $typeName: 'handcheck.analytics.v1.BrokenLink',
        requestedPath: pick(['/conditions/old-page', '/hand', '/blog/wrist-pain']),
      },
    });
  }
  if (random() < 0.45) {
    const checker = (
      eventType: string,
      extra: {
        stepNumber?: number;
        topCondition?: string;
        diagnosisConfidence?: number;
        anySign?: boolean;
      } = {},
    ) =>
      add('/', {
        case: 'checkerEvent',
        value: {
          $typeName: 'handcheck.analytics.v1.CheckerEvent',
          eventType,
          eventDataJson: '',
          ...extra,
        },
      });
    checker('symptom_checker_started');
    // The emergency check comes first: a few leave before answering it; a few
    // choose a sign, and about half of those stop at the emergency card.
    const answered = random() >= 0.03;
    const anySign = answered && random() < 0.05;
    if (answered) checker('emergency_check_completed', { anySign });
    const goesOn = answered && (!anySign || random() < 0.5);
    const lastStep = !goesOn ? 0 : random() < 0.7 ? 6 : 1 + Math.floor(random() * 5);
    for (let step = 1; step <= lastStep; step++)
      checker('symptom_checker_step_completed', { stepNumber: step });
    if (lastStep === 6) {
      const answers = {
        ...emptyAnswers(),
        painLocation: [pick(PAIN_LOCATIONS), pick(PAIN_LOCATIONS)],
        painIntensity: pick(PAIN_INTENSITIES),
        duration: pick(DURATIONS),
        numbness: random() < 0.4,
        tingling: random() < 0.4,
        stiffness: random() < 0.4,
        swelling: random() < 0.3,
        triggerFinger: random() < 0.15,
        gripDifficulty: random() < 0.4,
        pinchDifficulty: random() < 0.3,
      };
      const result = analyzeSymptoms(answers);
      const top = result.topConditions[0];
      checker('symptom_checker_completed');
      if (top) {
        checker('diagnosis_received', {
          topCondition: top.condition,
          diagnosisConfidence: top.confidence,
        });
        add('/', {
          case: 'checkerCompletion',
          value: {
            $typeName: 'handcheck.analytics.v1.CheckerCompletion',
            topCondition: top.condition,
            conditionConfidence: top.confidence,
            totalSymptomsReported: result.totalSymptoms,
            painIntensity: Number(/\d+/.exec(answers.painIntensity)?.[0]) || undefined,
            symptomDuration: answers.duration,
            functionalImpact:
              [answers.gripDifficulty && 'grip', answers.pinchDifficulty && 'pinch']
                .filter(Boolean)
                .join(',') || undefined,
          },
        });
        if (random() < 0.1) checker('referral_requested');
      }
    }
  }
  add(landing, {
    case: 'sessionDuration',
    value: {
      $typeName: 'handcheck.analytics.v1.SessionDuration',
      durationSeconds: Math.round((clock - startMs) / 1000),
    },
  });
  return events;
}
