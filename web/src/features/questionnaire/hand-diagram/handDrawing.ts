/**
 * Our drawing of a right hand, wrist, forearm and elbow, palm up (fingers up, thumb on the
 * viewer's right), plus a small view of the back of the same hand. Computed, not traced: every
 * length comes from published adult hand measurements, as fractions of the hand length H
 * (distal wrist crease to the tip of the middle finger), so the proportions can be checked here.
 *
 * - Palm length (wrist crease to the middle finger's base crease) 0.57 H and middle finger
 *   0.43 H: Pheasant, Bodyspace (British adults, hand length 189 mm, palm length 107 mm).
 * - Fingertip levels above the wrist crease, fingers together: index 0.934 H, middle 1, ring
 *   0.943 H, little 0.789 H, and the thumb (held against the hand) 0.59 H: the male means of the
 *   clinical finger-length survey in Med J Islam Repub Iran 2009;23(1) (107.9, 170.6, 182.6,
 *   172.2 and 144.1 mm from the crease).
 * - Finger lengths (palm side, base crease to tip) relative to the middle finger: index 0.904,
 *   ring 0.926, little 0.754, free thumb 0.70: Chatzioglou et al., Anat Cell Biol 2024 (63.9,
 *   70.7, 65.5, 53.3 and 49.5 mm). Base crease level = tip level − finger length, so the creases
 *   arc like a real hand's (little finger's clearly lowest).
 * - Breadths: fingers at the base 0.09–0.11 H (Pheasant: index 21 mm), palm 0.46 H (87 mm),
 *   wrist 0.33 H, the forearm widening to about 0.49 H below the elbow; forearm, wrist crease to
 *   elbow crease, 1.4 H (forearm length, epicondyle to radial styloid, about 26 cm in men).
 * - Creases on the palm side split a finger into near thirds (base to middle-joint crease 0.36,
 *   to end-joint crease 0.68); the last third is the fingertip. The thumb's crease lies at 0.48
 *   of its free length.
 * - The thumb's metacarpal (0.24 H; Buchholz et al., Ergonomics 1992: 0.25 of hand length)
 *   starts at the base of the palm, about a finger-breadth (0.08 H, our estimate) above the wrist
 *   crease at the wrist's radial edge; with the free thumb it would reach 0.62 H held against
 *   the hand (0.59 H measured, above). It lies 40° from the hand's axis at rest (less than
 *   the 53° of full spread between thumb and index measured by Chatzioglou et al.); its two
 *   phalanges curve back to 33°. Fingers rest slightly apart, turned about the knuckle (0.1 H
 *   below the base crease): index 8°, middle 1°, ring −7°, little −14°, less than half of the
 *   largest spreads between neighbours measured there (17°, 14° and 32°).
 * Lengths were checked by the unit test against these fractions, not by eye alone.
 */

export type Point = readonly [number, number];

/** Hand length in viewBox units: one unit is about 0.95 mm of a 189 mm hand. */
export const H = 200;
const TOP = 10;
/** Distal wrist crease, and the middle finger's axis (also the forearm's). */
export const WRIST_Y = TOP + H;
export const AXIS_X = 86;
/** Elbow crease: the forearm is 1.4 H long. */
export const ELBOW_Y = WRIST_Y + 1.4 * H;
export const VIEW_BOX = { width: 240, height: ELBOW_Y + 40 } as const;

const rad = (degrees: number) => (degrees * Math.PI) / 180;
const round = (value: number) => Math.round(value * 10) / 10;

/** A digit's geometry: its base crease centre, lean (degrees, + toward the thumb) and length. */
export interface Digit {
  name: 'thumb' | 'index' | 'middle' | 'ring' | 'little';
  base: Point;
  angle: number;
  length: number;
  /** Breadth at the base crease; it narrows toward the tip. */
  width: number;
  /** Fraction of the length where the fingertip starts (the end-joint crease). */
  tipFrom: number;
  /** Fraction of the length of the middle-joint crease (none for the thumb). */
  midCrease?: number;
}

/** Point at distance s along a digit's axis and t across it (+ toward the thumb). */
export function along(digit: Digit, s: number, t: number): Point {
  const a = rad(digit.angle);
  const [bx, by] = digit.base;
  return [bx + s * Math.sin(a) + t * Math.cos(a), by - s * Math.cos(a) + t * Math.sin(a)];
}

/** Half-breadth of a digit at s: full at the base, 0.86 at the end joint, slight waist between. */
function halfWidth(digit: Digit, s: number): number {
  const f = s / digit.length;
  const taper = 1 - 0.2 * Math.min(f / digit.tipFrom, 1) + 0.03 * Math.sin(Math.PI * f);
  return (digit.width / 2) * taper;
}

/** Knuckle turned about: the finger's base moves with it when the finger spreads. */
function spread(
  name: Digit['name'],
  base: Point,
  angle: number,
  rest: Omit<Digit, 'name' | 'base' | 'angle'>,
): Digit {
  const knuckle: Point = [base[0], base[1] + 0.1 * H];
  const a = rad(angle);
  const moved: Point = [knuckle[0] + 0.1 * H * Math.sin(a), knuckle[1] - 0.1 * H * Math.cos(a)];
  return { name, base: moved, angle, ...rest };
}

const finger = (
  name: Digit['name'],
  offset: number,
  tipLevel: number,
  lengthOfMiddle: number,
  width: number,
  angle: number,
) => {
  const length = 0.43 * H * lengthOfMiddle;
  const baseY = WRIST_Y - tipLevel * H + length;
  return spread(name, [AXIS_X + offset, baseY], angle, {
    length,
    width,
    tipFrom: 0.68,
    midCrease: 0.36,
  });
};

/** Fingers left to right in the palm view: little, ring, middle, index. */
export const FINGERS: readonly Digit[] = [
  finger('little', -41.5, 0.789, 0.754, 18.5, -14),
  finger('ring', -21.75, 0.943, 0.926, 21, -7),
  finger('middle', 0, 1, 1, 22.5, 1),
  finger('index', 22.25, 0.934, 0.904, 22, 8),
];

/** Thumb's metacarpal base (CMC joint) and its knuckle (MCP), 0.24 H further at 40°. */
const CMC: Point = [AXIS_X + 0.12 * H, WRIST_Y - 0.08 * H];
const METACARPAL = 0.24 * H;
const MCP: Point = [
  CMC[0] + METACARPAL * Math.sin(rad(40)),
  CMC[1] - METACARPAL * Math.cos(rad(40)),
];
export const THUMB: Digit = {
  name: 'thumb',
  base: MCP,
  angle: 33,
  length: 0.7 * 0.43 * H,
  width: 25,
  tipFrom: 0.48,
};

interface OutlinePoint {
  p: Point;
  id?: string;
  corner?: boolean;
}

/** One side of a digit, base to tip (left side) or tip to base (right side), with ids at creases. */
function digitSide(digit: Digit, side: -1 | 1): OutlinePoint[] {
  const { length, tipFrom, midCrease } = digit;
  const r = halfWidth(digit, length) * 0.98;
  const stations = [0, (midCrease ?? tipFrom / 2) * length, tipFrom * length, length - r];
  const points = stations.map((s, index) => ({
    p: along(digit, s, side * halfWidth(digit, s)),
    id:
      index === 2
        ? `${digit.name}:tip${side}`
        : index === 0
          ? `${digit.name}:base${side}`
          : undefined,
  }));
  return side === -1 ? points : points.reverse();
}

function digitTip(digit: Digit): OutlinePoint[] {
  const r = halfWidth(digit, digit.length) * 0.98;
  const centre = digit.length - r;
  return [-0.7, 0, 0.7].map((t) => ({
    p: along(digit, centre + r * Math.cos(Math.asin(t)), t * r),
  }));
}

const web = (left: Digit, right: Digit): OutlinePoint => {
  const a = along(left, 0, halfWidth(left, 0));
  const b = along(right, 0, -halfWidth(right, 0));
  return { p: [(a[0] + b[0]) / 2, Math.max(a[1], b[1]) + 2.5] };
};

const [LITTLE, RING, MIDDLE, INDEX] = FINGERS;
const W = WRIST_Y;
const E = ELBOW_Y;
const X = AXIS_X;

/** The whole outline, clockwise from the end of the upper arm, with ids where regions meet. */
export function palmOutline(): OutlinePoint[] {
  return [
    { p: [X - 44, E + 40], id: 'end:L', corner: true },
    { p: [X - 45, E + 16], id: 'elbow:L2' },
    { p: [X - 52, E - 3] },
    { p: [X - 49, E - 26], id: 'elbow:L1' },
    { p: [X - 48, E - 70] },
    { p: [X - 44, W + 150] },
    { p: [X - 37, W + 70] },
    { p: [X - 33, W + 30], id: 'wrist:L1' },
    { p: [X - 33, W], id: 'wrist:L0' },
    { p: [X - 39, W - 26] },
    { p: [X - 47, W - 56] },
    ...digitSide(LITTLE, -1).map((point, index) =>
      index === 0 ? { ...point, id: 'little:edge' } : point,
    ),
    ...digitTip(LITTLE),
    ...digitSide(LITTLE, 1),
    { ...web(LITTLE, RING), id: 'web:little' },
    ...digitSide(RING, -1),
    ...digitTip(RING),
    ...digitSide(RING, 1),
    { ...web(RING, MIDDLE), id: 'web:ring' },
    ...digitSide(MIDDLE, -1),
    ...digitTip(MIDDLE),
    ...digitSide(MIDDLE, 1),
    { ...web(MIDDLE, INDEX), id: 'web:middle' },
    ...digitSide(INDEX, -1),
    ...digitTip(INDEX),
    ...digitSide(INDEX, 1).map((point, index, all) =>
      index === all.length - 1 ? { ...point, id: 'index:edge' } : point,
    ),
    { p: along(INDEX, -14, 14), id: 'thenar:top' },
    { p: along(THUMB, 4, -halfWidth(THUMB, 4)), id: 'thumb:web' },
    ...digitSide(THUMB, -1).slice(1),
    ...digitTip(THUMB),
    ...digitSide(THUMB, 1),
    { p: along(THUMB, -10, halfWidth(THUMB, 0) + 1.5) },
    { p: [X + 52, W - 24] },
    { p: [X + 41, W - 7] },
    { p: [X + 36, W], id: 'wrist:R0' },
    { p: [X + 34, W + 30], id: 'wrist:R1' },
    { p: [X + 40, W + 75] },
    { p: [X + 49, W + 170] },
    { p: [X + 50, E - 26], id: 'elbow:R1' },
    { p: [X + 47, E - 2] },
    { p: [X + 45, E + 16], id: 'elbow:R2' },
    { p: [X + 44, E + 40], id: 'end:R', corner: true },
  ];
}

const fmt = (p: Point) => `${round(p[0])} ${round(p[1])}`;

/** Catmull–Rom spline through the outline as cubic Béziers: smooth, and exactly repeatable. */
function segment(points: readonly OutlinePoint[], i: number): string {
  const n = points.length;
  const at = (k: number) => points[(k + n) % n];
  const p0 = at(i - 1).p;
  const p1 = at(i);
  const p2 = at(i + 1);
  const p3 = at(i + 2).p;
  const c1: Point = p1.corner
    ? p1.p
    : [p1.p[0] + (p2.p[0] - p0[0]) / 6, p1.p[1] + (p2.p[1] - p0[1]) / 6];
  const c2: Point = p2.corner
    ? p2.p
    : [p2.p[0] - (p3[0] - p1.p[0]) / 6, p2.p[1] - (p3[1] - p1.p[1]) / 6];
  return `C${fmt(c1)} ${fmt(c2)} ${fmt(p2.p)}`;
}

/** Path commands along the outline from one id to another (forward, wrapping). */
export function run(points: readonly OutlinePoint[], from: string, to: string): string {
  let i = points.findIndex((point) => point.id === from);
  const end = points.findIndex((point) => point.id === to);
  if (i < 0 || end < 0) throw new Error(`outline has no ${i < 0 ? from : to}`);
  const parts: string[] = [];
  while (i !== end) {
    parts.push(segment(points, i));
    i = (i + 1) % points.length;
  }
  return parts.join('');
}

export const pointOf = (points: readonly OutlinePoint[], id: string): Point => {
  const found = points.find((point) => point.id === id);
  if (!found) throw new Error(`outline has no ${id}`);
  return found.p;
};

/** Closed outline path (the whole silhouette). */
export function closedPath(points: readonly OutlinePoint[]): string {
  return `M${fmt(points[0].p)}${points.map((_, i) => segment(points, i)).join('')}Z`;
}

/** A gently curved line (crease or region edge) from a to b, bowed by `bow` to its right. */
export function curve(a: Point, b: Point, bow = 0): string {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const c: Point = [(a[0] + b[0]) / 2 - (dy / len) * bow, (a[1] + b[1]) / 2 + (dx / len) * bow];
  return `Q${fmt(c)} ${fmt(b)}`;
}

export { fmt, halfWidth };
