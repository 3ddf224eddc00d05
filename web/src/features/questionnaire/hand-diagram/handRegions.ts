import { PAIN_LOCATIONS, type PainLocation } from '@handcheck/diagnosis';
import {
  AXIS_X as X,
  ELBOW_Y as E,
  FINGERS,
  H,
  THUMB,
  VIEW_BOX,
  WRIST_Y as W,
  along,
  closedPath,
  curve,
  fmt,
  halfWidth,
  palmOutline,
  pointOf,
  run,
  type Digit,
  type Point,
} from './handDrawing';

export { VIEW_BOX };

/** A target's invisible extension: a turned rectangle, so thin fingers still get 24 × 24 px. */
export interface Pad {
  cx: number;
  cy: number;
  w: number;
  h: number;
  angle: number;
}

/** One visible part of a region (the fingertip region has five), and its pad if it needs one. */
export interface Piece {
  d: string;
  /** The digit a finger or fingertip piece belongs to (checked by the browser test). */
  digit?: Digit['name'];
  pad?: Pad;
}

export interface HandRegion {
  /** The pain-location option this region answers, word for word. */
  location: PainLocation;
  pieces: readonly Piece[];
  /** Where the check mark of a chosen region sits. */
  mark: Point;
}

/** Smallest side of a target (pad or region) in viewBox units: 24 CSS px at 222 px wide. */
export const MIN_TARGET = 26;

const P = palmOutline();
const at = (id: string) => pointOf(P, id);
const [LITTLE, RING, MIDDLE, INDEX] = FINGERS;
/** Where the thenar crease meets the wrist crease. */
const T0: Point = [X + 4, W + 1];
const THENAR_BOW = 17;
const line = (from: string, to: string) => curve(at(from), at(to));

/** The fingertip crease of a digit, left to right (a region edge and a drawn crease). */
const tipCut = (digit: Digit, reverse = false) =>
  reverse
    ? line(`${digit.name}:tip1`, `${digit.name}:tip-1`)
    : line(`${digit.name}:tip-1`, `${digit.name}:tip1`);

function fingerPad(digit: Digit, shift: number): Pad {
  const end = digit.tipFrom * digit.length;
  const [cx, cy] = along(digit, end - MIN_TARGET / 2 - 0.5, shift);
  return { cx, cy, w: MIN_TARGET, h: MIN_TARGET, angle: digit.angle };
}

function tipPad(digit: Digit): Pad {
  const [cx, cy] = along(digit, digit.tipFrom * digit.length + MIN_TARGET / 2 + 0.5, 0);
  return { cx, cy, w: MIN_TARGET, h: MIN_TARGET, angle: digit.angle };
}

/** A finger up to its fingertip crease, from the base crease (the webs between belong to the palm). */
function fingerPiece(digit: Digit, shift: number): Piece {
  const n = digit.name;
  const left = n === 'little' ? 'little:edge' : `${n}:base-1`;
  const right = n === 'index' ? 'index:edge' : `${n}:base1`;
  return {
    d: `M${fmt(at(left))}${run(P, left, `${n}:tip-1`)}${tipCut(digit)}${run(P, `${n}:tip1`, right)}${line(right, left)}Z`,
    digit: n,
    pad: fingerPad(digit, shift),
  };
}

function tipPiece(digit: Digit): Piece {
  const n = digit.name;
  return {
    d: `M${fmt(at(`${n}:tip-1`))}${run(P, `${n}:tip-1`, `${n}:tip1`)}${tipCut(digit, true)}Z`,
    digit: n,
    pad: tipPad(digit),
  };
}

const outward = (digit: Digit, side: -1 | 1) => side * (MIN_TARGET / 2 - halfWidth(digit, 0));

/** Middle of a digit's finger part, for its check mark. */
const fingerMark = (digit: Digit): Point => along(digit, digit.tipFrom * digit.length * 0.5, 0);

/**
 * Back of the same hand, smaller, beside the forearm: the palm view's outline from the wrist
 * up, mirrored (the thumb is on the left seen from the back) and scaled by BACK_SCALE.
 */
export const BACK_SCALE = 0.55;
const BACK_ORIGIN: Point = [195, 345];
export const toBack = ([x, y]: Point): Point => [
  BACK_ORIGIN[0] - BACK_SCALE * (x - X),
  BACK_ORIGIN[1] + BACK_SCALE * (y - W),
];
const handFrom = P.findIndex((point) => point.id === 'wrist:L1');
const handTo = P.findIndex((point) => point.id === 'wrist:R1');
const BACK_OUTLINE = [
  { p: [X - 34, W + 70] as Point, corner: true },
  ...P.slice(handFrom, handTo + 1),
  { p: [X + 36, W + 70] as Point, corner: true },
].map((point) => ({ ...point, p: toBack(point.p) }));

/** The anatomical snuffbox: thumb side of the wrist, just short of the thumb's metacarpal base. */
const HOLLOW_CENTRE = toBack([X + 16, W - 6]);
const HOLLOW_ANGLE = -40;
const hollowPath = (() => {
  const [cx, cy] = HOLLOW_CENTRE;
  const rx = 7;
  const ry = 11.5;
  const a = (HOLLOW_ANGLE * Math.PI) / 180;
  const pt = (u: number, v: number): Point => [
    cx + u * Math.cos(a) - v * Math.sin(a),
    cy + u * Math.sin(a) + v * Math.cos(a),
  ];
  return `M${fmt(pt(0, -ry))}A${rx} ${ry} ${HOLLOW_ANGLE} 1 1 ${fmt(pt(0, ry))}A${rx} ${ry} ${HOLLOW_ANGLE} 1 1 ${fmt(pt(0, -ry))}Z`;
})();

const REGIONS: Readonly<Record<PainLocation, Omit<HandRegion, 'location'>>> = {
  Thumb: {
    pieces: [
      {
        d: `M${fmt(at('thenar:top'))}${run(P, 'thenar:top', 'thumb:tip-1')}${tipCut(THUMB)}${run(P, 'thumb:tip1', 'wrist:R0')}${curve(at('wrist:R0'), T0)}${curve(T0, at('thenar:top'), -THENAR_BOW)}Z`,
        digit: 'thumb',
      },
    ],
    mark: along(THUMB, -0.12 * H, 0),
  },
  'Index finger': {
    pieces: [fingerPiece(INDEX, outward(INDEX, 1))],
    mark: fingerMark(INDEX),
  },
  'Middle finger': {
    pieces: [fingerPiece(MIDDLE, 0)],
    mark: fingerMark(MIDDLE),
  },
  'Ring finger': {
    pieces: [fingerPiece(RING, 0)],
    mark: fingerMark(RING),
  },
  'Little finger': {
    pieces: [fingerPiece(LITTLE, outward(LITTLE, -1))],
    mark: fingerMark(LITTLE),
  },
  Palm: {
    pieces: [
      {
        d: `M${fmt(at('wrist:L0'))}${run(P, 'wrist:L0', 'little:edge')}${line('little:edge', 'little:base1')}${run(P, 'little:base1', 'ring:base-1')}${line('ring:base-1', 'ring:base1')}${run(P, 'ring:base1', 'middle:base-1')}${line('middle:base-1', 'middle:base1')}${run(P, 'middle:base1', 'index:base-1')}${line('index:base-1', 'index:edge')}${run(P, 'index:edge', 'thenar:top')}${curve(at('thenar:top'), T0, THENAR_BOW)}${curve(T0, at('wrist:L0'))}Z`,
      },
    ],
    mark: [X - 14, W - 0.3 * H],
  },
  Wrist: {
    pieces: [
      {
        d: `M${fmt(at('wrist:L1'))}${run(P, 'wrist:L1', 'wrist:L0')}${curve(at('wrist:L0'), T0)}${curve(T0, at('wrist:R0'))}${run(P, 'wrist:R0', 'wrist:R1')}${line('wrist:R1', 'wrist:L1')}Z`,
      },
    ],
    mark: [X, W + 15],
  },
  Forearm: {
    pieces: [
      {
        d: `M${fmt(at('elbow:L1'))}${run(P, 'elbow:L1', 'wrist:L1')}${line('wrist:L1', 'wrist:R1')}${run(P, 'wrist:R1', 'elbow:R1')}${line('elbow:R1', 'elbow:L1')}Z`,
      },
    ],
    mark: [X, (W + E) / 2],
  },
  Elbow: {
    pieces: [
      {
        d: `M${fmt(at('elbow:L2'))}${run(P, 'elbow:L2', 'elbow:L1')}${line('elbow:L1', 'elbow:R1')}${run(P, 'elbow:R1', 'elbow:R2')}${line('elbow:R2', 'elbow:L2')}Z`,
      },
    ],
    mark: [X, E - 5],
  },
  'Hollow/indent at base of thumb (where thumb meets wrist)': {
    pieces: [
      {
        d: hollowPath,
        pad: {
          cx: HOLLOW_CENTRE[0],
          cy: HOLLOW_CENTRE[1],
          w: MIN_TARGET,
          h: MIN_TARGET + 4,
          angle: HOLLOW_ANGLE,
        },
      },
    ],
    mark: HOLLOW_CENTRE,
  },
  Fingertip: {
    pieces: [LITTLE, RING, MIDDLE, INDEX, THUMB].map(tipPiece),
    mark: along(MIDDLE, MIDDLE.length - 12, 0),
  },
};

/** One region per pain location, in the order of the options (also the focus order). */
export const HAND_REGIONS: readonly HandRegion[] = PAIN_LOCATIONS.map((location) => ({
  location,
  ...REGIONS[location],
}));

const crease = (digit: Digit, s: number, reach = 0.75, bow = 1.2) =>
  `M${fmt(along(digit, s, -halfWidth(digit, s) * reach))}${curve(along(digit, s, -halfWidth(digit, s) * reach), along(digit, s, halfWidth(digit, s) * reach), -bow)}`;

/** The drawn lines that are not the outline: skin creases, and the two region edges with none. */
export const DRAWING = {
  palmOutline: closedPath(P),
  backOutline: closedPath(BACK_OUTLINE),
  creases: [
    ...FINGERS.flatMap((digit) => {
      const { length, midCrease = 0.36, tipFrom } = digit;
      return [
        crease(digit, 1.5),
        crease(digit, midCrease * length - 1.5),
        crease(digit, midCrease * length + 1.5),
        crease(digit, tipFrom * length),
      ];
    }),
    crease(THUMB, 0, 0.7),
    crease(THUMB, 3, 0.6),
    crease(THUMB, THUMB.tipFrom * THUMB.length),
    // Thenar ("life") crease, the palm's edge with the thumb region.
    `M${fmt(at('thenar:top'))}${curve(at('thenar:top'), T0, THENAR_BOW)}`,
    // Proximal and distal transverse creases.
    `M${fmt(at('thenar:top'))}${curve(at('thenar:top'), [X - 40, W - 0.33 * H], 6)}`,
    `M${fmt([X - 47, W - 0.38 * H])}${curve([X - 47, W - 0.38 * H], [X + 12, W - 0.5 * H], 9)}`,
    // Wrist creases and the elbow crease.
    `M${fmt([X - 28, W + 1])}${curve([X - 28, W + 1], [X + 30, W + 1], -2)}`,
    `M${fmt([X - 26, W + 10])}${curve([X - 26, W + 10], [X + 27, W + 10], -2)}`,
    `M${fmt([X - 34, E - 2])}${curve([X - 34, E - 2], [X + 34, E - 4], -5)}`,
    `M${fmt([X - 22, E + 6])}${curve([X - 22, E + 6], [X + 22, E + 5], -3)}`,
    // The hollow in front of the elbow, between the forearm's two muscle masses.
    `M${fmt([X - 27, E - 6])}${curve([X - 27, E - 6], [X - 6, E - 22], -4)}`,
    `M${fmt([X + 29, E - 7])}${curve([X + 29, E - 7], [X + 7, E - 22], 4)}`,
  ],
  edges: [
    `M${fmt(at('wrist:L1'))}${line('wrist:L1', 'wrist:R1')}`,
    `M${fmt(at('elbow:L1'))}${line('elbow:L1', 'elbow:R1')}`,
  ],
  /** Where the arm's end (beyond the elbow) and the back view's wrist fade out, as fractions of their height. */
  fades: { arm: (E + 18 - 10) / (E + 40 - 10), back: (W + 35 - 10) / (W + 70 - 10) },
  back: {
    hollow: hollowPath,
    label: toBack([X, W + 96]),
    nails: FINGERS.concat(THUMB).map((digit) => {
      const tip = digit.length;
      const hw = halfWidth(digit, tip) * 0.62;
      const a = toBack(along(digit, tip - 3, -hw));
      const b = toBack(along(digit, tip - 3, hw));
      const c = toBack(along(digit, tip - 15, hw));
      const d = toBack(along(digit, tip - 15, -hw));
      return `M${fmt(a)}${curve(a, b, -2.5)}L${fmt(c)}${curve(c, d, 3)}Z`;
    }),
    knuckles: FINGERS.map((digit) => {
      const s = digit.midCrease! * digit.length;
      const a = toBack(along(digit, s, -halfWidth(digit, s) * 0.5));
      const b = toBack(along(digit, s, halfWidth(digit, s) * 0.5));
      return `M${fmt(a)}${curve(a, b, 1.5)}`;
    }),
    // The long thumb tendon, the hollow's edge on the back of the wrist.
    tendon: `M${fmt(toBack([X + 20, W - 53]))}${curve(toBack([X + 20, W - 53]), toBack([X - 14, W + 13]), 3)}`,
  },
};

/** A chosen region's accessible description for the printed summary. */
export function chosenRegionsLabel(chosen: readonly string[]): string {
  const known = HAND_REGIONS.filter((region) => chosen.includes(region.location)).map(
    (region) => region.location,
  );
  return known.length > 0
    ? `Hand diagram with the chosen areas marked: ${known.join(', ')}`
    : 'Hand diagram: no area chosen';
}
