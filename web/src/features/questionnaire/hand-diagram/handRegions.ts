import { PAIN_LOCATIONS, type PainLocation } from '@handcheck/diagnosis';

/**
 * Geometry of our hand diagram: a right hand and forearm seen from the palm side, fingers up,
 * thumb on the viewer's right, in a 240 × 470 viewBox. Plain shapes keep the drawing small
 * and make every region's size checkable (each is at least MIN_REGION_SIDE units across).
 */
export const VIEW_BOX = { width: 240, height: 470 } as const;

/** Smallest side of any region's shape, in viewBox units (see handRegions.spec.ts). */
export const MIN_REGION_SIDE = 28;

export type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; r: number; rotate?: number }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number }
  | { kind: 'polygon'; points: readonly (readonly [number, number])[] };

export interface HandRegion {
  /** The pain-location option this region answers, word for word. */
  location: PainLocation;
  shapes: readonly Shape[];
  /** Where the check mark of a chosen region sits. */
  mark: readonly [number, number];
}

/** The thumb leans out from its base on the palm's edge. */
const THUMB_ANGLE = 28;
const THUMB_PIVOT = [175, 266] as const;
const THUMB = { x: 160, y: 170, w: 30, h: 96, r: 15 } as const;

const finger = (x: number, y: number): Shape => ({ kind: 'rect', x, y, w: 28, h: 170 - y, r: 14 });
const tip = (x: number, y: number): Shape => ({ kind: 'rect', x, y, w: 28, h: 30, r: 14 });

const FINGER_TOPS = {
  little: [48, 78],
  ring: [80, 46],
  middle: [112, 30],
  index: [144, 46],
} as const;

/** Point (x, y) turned by the thumb's lean around its pivot. */
export function rotatePoint(
  [x, y]: readonly [number, number],
  degrees: number,
  [px, py]: readonly [number, number],
) {
  const a = (degrees * Math.PI) / 180;
  const dx = x - px;
  const dy = y - py;
  return [
    px + dx * Math.cos(a) - dy * Math.sin(a),
    py + dx * Math.sin(a) + dy * Math.cos(a),
  ] as const;
}

const REGIONS: Readonly<Record<PainLocation, Omit<HandRegion, 'location'>>> = {
  Thumb: {
    shapes: [{ kind: 'rect', ...THUMB, rotate: THUMB_ANGLE }],
    mark: rotatePoint([175, 225], THUMB_ANGLE, THUMB_PIVOT),
  },
  'Index finger': { shapes: [finger(...FINGER_TOPS.index)], mark: [158, 110] },
  'Middle finger': { shapes: [finger(...FINGER_TOPS.middle)], mark: [126, 100] },
  'Ring finger': { shapes: [finger(...FINGER_TOPS.ring)], mark: [94, 110] },
  'Little finger': { shapes: [finger(...FINGER_TOPS.little)], mark: [62, 128] },
  Palm: { shapes: [{ kind: 'rect', x: 46, y: 146, w: 128, h: 130, r: 22 }], mark: [110, 211] },
  Wrist: { shapes: [{ kind: 'rect', x: 64, y: 268, w: 96, h: 40, r: 8 }], mark: [104, 288] },
  Forearm: {
    shapes: [
      {
        kind: 'polygon',
        points: [
          [64, 304],
          [160, 304],
          [152, 412],
          [72, 412],
        ],
      },
    ],
    mark: [112, 358],
  },
  Elbow: { shapes: [{ kind: 'rect', x: 68, y: 408, w: 88, h: 54, r: 26 }], mark: [112, 437] },
  'Hollow/indent at base of thumb (where thumb meets wrist)': {
    shapes: [{ kind: 'ellipse', cx: 170, cy: 280, rx: 16, ry: 16 }],
    mark: [170, 280],
  },
  Fingertip: {
    shapes: [
      tip(...FINGER_TOPS.little),
      tip(...FINGER_TOPS.ring),
      tip(...FINGER_TOPS.middle),
      tip(...FINGER_TOPS.index),
      { kind: 'rect', x: THUMB.x, y: THUMB.y, w: THUMB.w, h: 30, r: 15, rotate: THUMB_ANGLE },
    ],
    mark: [126, 45],
  },
};

/** One region per pain location, in the order of the options (also the focus order). */
export const HAND_REGIONS: readonly HandRegion[] = PAIN_LOCATIONS.map((location) => ({
  location,
  ...REGIONS[location],
}));

/** SVG transform of a shape turned about the thumb's pivot, if it is. */
export function shapeTransform(shape: Shape): string | undefined {
  if (shape.kind !== 'rect' || !shape.rotate) return undefined;
  return `rotate(${shape.rotate} ${THUMB_PIVOT[0]} ${THUMB_PIVOT[1]})`;
}

/** Width and height of a shape before any rotation (rotation does not shrink a target). */
export function shapeSize(shape: Shape): { width: number; height: number } {
  switch (shape.kind) {
    case 'rect':
      return { width: shape.w, height: shape.h };
    case 'ellipse':
      return { width: shape.rx * 2, height: shape.ry * 2 };
    case 'polygon': {
      const xs = shape.points.map(([x]) => x);
      const ys = shape.points.map(([, y]) => y);
      return {
        width: Math.max(...xs) - Math.min(...xs),
        height: Math.max(...ys) - Math.min(...ys),
      };
    }
  }
}

/** A chosen region's accessible description for the printed summary. */
export function chosenRegionsLabel(chosen: readonly string[]): string {
  const known = HAND_REGIONS.filter((region) => chosen.includes(region.location)).map(
    (region) => region.location,
  );
  return known.length > 0
    ? `Hand diagram with the chosen areas marked: ${known.join(', ')}`
    : 'Hand diagram: no area chosen';
}
