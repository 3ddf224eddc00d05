// Generated from the class-validator classes in event-classes.ts by compile-event-rules.ts:
// do not edit. Regenerate with
//   npx tsx -e "process.stdout.write(require('./packages/contracts/src/browser-events/compile-event-rules').eventRulesModule())" > packages/contracts/src/browser-events/event-rules.gen.ts
// (event-classes.spec.ts fails while this differs from what the classes compile to).
import { type EventRules } from './event-rules';

export const EVENT_RULES: EventRules = {
  session_start: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['session_start'],
      expected: '"session_start"',
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
      expected: 'text of at most 2048 characters',
    },
  },
  page_view: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['page_view'],
      expected: '"page_view"',
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
      expected: 'text of at most 2048 characters',
    },
  },
  site_visit: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['site_visit'],
      expected: '"site_visit"',
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
      expected: 'text of at most 2048 characters',
    },
  },
  broken_link: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['broken_link'],
      expected: '"broken_link"',
    },
    requestedPath: {
      optional: false,
      kind: 'text',
      maxLength: 2048,
      expected: 'text of at most 2048 characters',
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
      expected: 'text of at most 2048 characters',
    },
  },
  session_duration: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['session_duration'],
      expected: '"session_duration"',
    },
    durationSeconds: {
      optional: false,
      max: 604800,
      min: 0,
      kind: 'whole',
      expected: 'a whole number from 0 to 604800',
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
      expected: 'text of at most 2048 characters',
    },
  },
  checker_completion: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['checker_completion'],
      expected: '"checker_completion"',
    },
    topCondition: {
      optional: false,
      kind: 'text',
      oneOf: [
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
      ],
      expected:
        "one of: Carpal Tunnel Syndrome, Cubital Tunnel Syndrome, Trigger Finger, De Quervain's Tenosynovitis, Tennis Elbow (Lateral Epicondylitis), Golfer's Elbow (Medial Epicondylitis), Dupuytren's Contracture, Ganglion Cyst, Hand and Wrist Arthritis, Thumb Arthritis, Elbow Arthritis, Mallet Finger, Jersey Finger, Scaphoid Fracture, Broken Bone or Tendon/Ligament Injury, Mucous Cyst, Glomus Tumour, Skin Lesion/Lump, \"\" (empty)",
    },
    conditionConfidence: {
      optional: false,
      max: 100,
      min: 0,
      kind: 'whole',
      expected: 'a whole number from 0 to 100',
    },
    totalSymptomsReported: {
      optional: false,
      max: 100,
      min: 0,
      kind: 'whole',
      expected: 'a whole number from 0 to 100',
    },
    painIntensity: {
      optional: true,
      max: 10,
      min: 0,
      kind: 'whole',
      expected: 'a whole number from 0 to 10',
    },
    symptomDuration: {
      optional: false,
      kind: 'text',
      oneOf: [
        'Less than 1 week',
        '1-4 weeks',
        '1-3 months',
        '3-6 months',
        'More than 6 months',
        '',
      ],
      expected:
        'one of: Less than 1 week, 1-4 weeks, 1-3 months, 3-6 months, More than 6 months, "" (empty)',
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
      expected: 'text of at most 2048 characters',
    },
  },
  symptom_checker_started: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['symptom_checker_started'],
      expected: '"symptom_checker_started"',
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
      expected: 'text of at most 2048 characters',
    },
  },
  symptom_checker_step_completed: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['symptom_checker_step_completed'],
      expected: '"symptom_checker_step_completed"',
    },
    stepNumber: {
      optional: false,
      max: 6,
      min: 1,
      kind: 'whole',
      expected: 'a whole number from 1 to 6',
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
      expected: 'text of at most 2048 characters',
    },
  },
  symptom_checker_completed: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['symptom_checker_completed'],
      expected: '"symptom_checker_completed"',
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
      expected: 'text of at most 2048 characters',
    },
  },
  diagnosis_received: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['diagnosis_received'],
      expected: '"diagnosis_received"',
    },
    topCondition: {
      optional: false,
      kind: 'text',
      oneOf: [
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
      ],
      expected:
        "one of: Carpal Tunnel Syndrome, Cubital Tunnel Syndrome, Trigger Finger, De Quervain's Tenosynovitis, Tennis Elbow (Lateral Epicondylitis), Golfer's Elbow (Medial Epicondylitis), Dupuytren's Contracture, Ganglion Cyst, Hand and Wrist Arthritis, Thumb Arthritis, Elbow Arthritis, Mallet Finger, Jersey Finger, Scaphoid Fracture, Broken Bone or Tendon/Ligament Injury, Mucous Cyst, Glomus Tumour, Skin Lesion/Lump",
    },
    diagnosisConfidence: {
      optional: false,
      max: 100,
      min: 0,
      kind: 'whole',
      expected: 'a whole number from 0 to 100',
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
      expected: 'text of at most 2048 characters',
    },
  },
  referral_requested: {
    type: {
      optional: false,
      kind: 'text',
      oneOf: ['referral_requested'],
      expected: '"referral_requested"',
    },
    topCondition: {
      optional: true,
      kind: 'text',
      oneOf: [
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
      ],
      expected:
        "one of: Carpal Tunnel Syndrome, Cubital Tunnel Syndrome, Trigger Finger, De Quervain's Tenosynovitis, Tennis Elbow (Lateral Epicondylitis), Golfer's Elbow (Medial Epicondylitis), Dupuytren's Contracture, Ganglion Cyst, Hand and Wrist Arthritis, Thumb Arthritis, Elbow Arthritis, Mallet Finger, Jersey Finger, Scaphoid Fracture, Broken Bone or Tendon/Ligament Injury, Mucous Cyst, Glomus Tumour, Skin Lesion/Lump",
    },
    diagnosisConfidence: {
      optional: true,
      max: 100,
      min: 0,
      kind: 'whole',
      expected: 'a whole number from 0 to 100',
    },
    eventData: {
      optional: true,
      fields: {
        conditions: {
          optional: true,
          max: 3,
          min: 0,
          kind: 'whole',
          expected: 'a whole number from 0 to 3',
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
      expected: 'text of at most 2048 characters',
    },
  },
};
