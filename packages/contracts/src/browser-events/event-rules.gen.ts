// Generated from the class-validator classes in event-classes.ts by compile-event-rules.ts:
// do not edit. Regenerate with
//   npx tsx -e "process.stdout.write(require('./packages/contracts/src/browser-events/compile-event-rules').eventRulesModule())" > packages/contracts/src/browser-events/event-rules.gen.ts && npx prettier --write packages/contracts/src/browser-events/event-rules.gen.ts
// (event-classes.spec.ts fails while this differs from what the classes compile to).
import { type EventRules } from './event-rules';

const LIST_0: readonly string[] = [
  'Carpal Tunnel Syndrome',
  'Cubital Tunnel Syndrome',
  'Trigger Finger',
  "De Quervain's Tenosynovitis",
  'Tennis Elbow (Lateral Epicondylitis)',
  "Golfer's Elbow (Medial Epicondylitis)",
  "Dupuytren's Contracture",
  'Ganglion Cyst',
  'Hand and Wrist Arthritis',
  'Thumb Arthritis',
  'Elbow Arthritis',
  'Mallet Finger',
  'Jersey Finger',
  'Scaphoid Fracture',
  'Broken Bone or Tendon/Ligament Injury',
  'Mucous Cyst',
  'Glomus Tumour',
  'Skin Lesion/Lump',
  '',
];

const LIST_1: readonly string[] = [
  'Less than 1 week',
  '1-4 weeks',
  '1-3 months',
  '3-6 months',
  'More than 6 months',
  '',
];

const LIST_2: readonly string[] = [
  'Carpal Tunnel Syndrome',
  'Cubital Tunnel Syndrome',
  'Trigger Finger',
  "De Quervain's Tenosynovitis",
  'Tennis Elbow (Lateral Epicondylitis)',
  "Golfer's Elbow (Medial Epicondylitis)",
  "Dupuytren's Contracture",
  'Ganglion Cyst',
  'Hand and Wrist Arthritis',
  'Thumb Arthritis',
  'Elbow Arthritis',
  'Mallet Finger',
  'Jersey Finger',
  'Scaphoid Fracture',
  'Broken Bone or Tendon/Ligament Injury',
  'Mucous Cyst',
  'Glomus Tumour',
  'Skin Lesion/Lump',
];

export const EVENT_RULES: EventRules = {
  session_start: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['session_start'],
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
  page_view: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['page_view'],
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
  site_visit: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['site_visit'],
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
  broken_link: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['broken_link'],
    },
    requestedPath: {
      optional: false,
      kind: 'text',
      maxLength: 2048,
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
  session_duration: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['session_duration'],
    },
    durationSeconds: {
      optional: false,
      max: 604800,
      min: 0,
      kind: 'whole',
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
  checker_completion: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['checker_completion'],
    },
    topCondition: {
      optional: false,
      kind: 'text',
      oneOf: LIST_0,
    },
    conditionConfidence: {
      optional: false,
      max: 100,
      min: 0,
      kind: 'whole',
    },
    totalSymptomsReported: {
      optional: false,
      max: 100,
      min: 0,
      kind: 'whole',
    },
    painIntensity: {
      optional: true,
      max: 10,
      min: 0,
      kind: 'whole',
    },
    symptomDuration: {
      optional: false,
      kind: 'text',
      oneOf: LIST_1,
    },
    functionalImpact: {
      optional: true,
      kind: 'text',
      pattern: {
        source: '^(?:grip|pinch|writing|keyboard)(?:, ?(?:grip|pinch|writing|keyboard)){0,3}$',
        flags: '',
      },
      expected: 'grip, pinch, writing and/or keyboard, separated by commas',
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
  symptom_checker_started: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['symptom_checker_started'],
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
  emergency_check_completed: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['emergency_check_completed'],
    },
    anySign: {
      optional: false,
      kind: 'boolean',
      expected: 'true or false',
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
  symptom_checker_step_completed: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['symptom_checker_step_completed'],
    },
    stepNumber: {
      optional: false,
      max: 6,
      min: 1,
      kind: 'whole',
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
  symptom_checker_completed: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['symptom_checker_completed'],
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
  diagnosis_received: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['diagnosis_received'],
    },
    topCondition: {
      optional: false,
      kind: 'text',
      oneOf: LIST_2,
    },
    diagnosisConfidence: {
      optional: false,
      max: 100,
      min: 0,
      kind: 'whole',
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
  referral_requested: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['referral_requested'],
    },
    topCondition: {
      optional: true,
      kind: 'text',
      oneOf: LIST_2,
    },
    diagnosisConfidence: {
      optional: true,
      max: 100,
      min: 0,
      kind: 'whole',
    },
    eventData: {
      optional: true,
      fields: {
        conditions: {
          optional: true,
          max: 3,
          min: 0,
          kind: 'whole',
        },
      },
      kind: 'object',
      expected: 'nested property $property must be either object or array',
    },
    id: {
      optional: false,
      kind: 'text',
      pattern: {
        source:
          '^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$',
        flags: 'i',
      },
      expected: 'a UUID, e.g. 3f2b8c1e-9d4a-4c7b-8e2f-1a6b5c4d3e2f',
    },
    sessionId: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^[A-Za-z0-9-]{8,64}$',
        flags: '',
      },
      expected: '8 to 64 letters, digits or dashes',
    },
    at: {
      optional: false,
      min: 0,
      kind: 'whole',
      expected: 'a time in milliseconds since 1970 (a whole number, 0 or more)',
    },
    path: {
      optional: false,
      kind: 'text',
      pattern: {
        source: '^\\/[^\\s]*$',
        flags: '',
      },
      maxLength: 2048,
      expected: 'a path that starts with / and has no spaces, at most 2048 characters',
    },
    referrer: {
      optional: true,
      kind: 'text',
      maxLength: 2048,
    },
  },
};
