import { PAIN_LOCATIONS } from '@handcheck/diagnosis';
import {
  AXIS_X,
  ELBOW_Y,
  FINGERS,
  H,
  THUMB,
  WRIST_Y,
  along,
  palmOutline,
  type Digit,
} from './handDrawing';
import { DRAWING, HAND_REGIONS, MIN_TARGET, VIEW_BOX, chosenRegionsLabel } from './handRegions';

const digit = (name: Digit['name']) =>
  name === 'thumb' ? THUMB : FINGERS.find((finger) => finger.name === name)!;
/** Height of a point above the wrist crease, as a fraction of the hand length. */
const level = (point: readonly [number, number]) => (WRIST_Y - point[1]) / H;

describe('hand drawing proportions (published adult hand measurements)', () => {
  it('puts each fingertip at its measured height above the wrist crease', () => {
    // Med J Islam Repub Iran 2009: 170.6, 182.6, 172.2, 144.1 mm over a 182.6 mm hand.
    const measured = { index: 0.934, middle: 1, ring: 0.943, little: 0.789 } as const;
    for (const [name, expected] of Object.entries(measured)) {
      const finger = digit(name as Digit['name']);
      // Spread apart, a finger reaches a little less high than when held together.
      const together =
        level(finger.base) +
        finger.length / H +
        0.1 * (1 - Math.cos((finger.angle * Math.PI) / 180));
      expect(together).toBeCloseTo(expected, 3);
      expect(level(along(finger, finger.length, 0))).toBeLessThanOrEqual(expected + 0.001);
    }
  });

  it('gives the palm 0.57 of the hand length and fingers their measured ratios to the middle one', () => {
    const middle = digit('middle');
    expect(level(middle.base)).toBeCloseTo(0.57, 2);
    expect(digit('index').length / middle.length).toBeCloseTo(0.904, 3);
    expect(digit('ring').length / middle.length).toBeCloseTo(0.926, 3);
    expect(digit('little').length / middle.length).toBeCloseTo(0.754, 3);
    expect(THUMB.length / middle.length).toBeCloseTo(0.7, 3);
  });

  it('springs the thumb from the base of the palm on the index side, leaning out at its resting angle', () => {
    // Its knuckle is below the index finger's base and on the index finger's side of the axis.
    expect(THUMB.base[1]).toBeGreaterThan(digit('index').base[1] + 0.2 * H);
    expect(THUMB.base[0]).toBeGreaterThan(AXIS_X);
    expect(THUMB.angle).toBeGreaterThan(25);
    expect(THUMB.angle).toBeLessThan(53);
    // The tip of the thumb stays below the index finger's base crease, as on a relaxed hand.
    expect(along(THUMB, THUMB.length, 0)[1]).toBeGreaterThan(digit('index').base[1]);
  });

  it('makes the forearm 1.4 hand lengths long, and the drawing fit its view box', () => {
    expect((ELBOW_Y - WRIST_Y) / H).toBeCloseTo(1.4, 5);
    for (const { p } of palmOutline()) {
      expect(p[0]).toBeGreaterThanOrEqual(0);
      expect(p[0]).toBeLessThanOrEqual(VIEW_BOX.width);
      expect(p[1]).toBeGreaterThanOrEqual(0);
      expect(p[1]).toBeLessThanOrEqual(VIEW_BOX.height);
    }
  });
});

describe('hand diagram regions', () => {
  it('has exactly one region per pain location of the spec, in the options order', () => {
    expect(HAND_REGIONS.map((region) => region.location)).toEqual([...PAIN_LOCATIONS]);
  });

  it('draws the fingertip region as the last segment of all five digits', () => {
    const tips = HAND_REGIONS.find((region) => region.location === 'Fingertip')!;
    expect(tips.pieces.map((piece) => piece.digit)).toEqual([
      'little',
      'ring',
      'middle',
      'index',
      'thumb',
    ]);
  });

  it('gives every thin piece a target of at least MIN_TARGET units (24 CSS px at 222 px wide)', () => {
    const pads = HAND_REGIONS.flatMap((region) =>
      region.pieces.flatMap((piece) => piece.pad ?? []),
    );
    expect(pads.length).toBeGreaterThanOrEqual(10);
    for (const pad of pads) expect(Math.min(pad.w, pad.h)).toBeGreaterThanOrEqual(MIN_TARGET);
    expect((24 / MIN_TARGET) * VIEW_BOX.width).toBeLessThanOrEqual(222);
  });

  it('writes only finite numbers into the paths', () => {
    const paths = [
      ...HAND_REGIONS.flatMap((region) => region.pieces.map((piece) => piece.d)),
      DRAWING.palmOutline,
      DRAWING.backOutline,
      ...DRAWING.creases,
    ];
    for (const d of paths) expect(d).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('names the chosen areas for the printed diagram, in the options order', () => {
    expect(chosenRegionsLabel(['Wrist', 'Thumb', 'not a location'])).toBe(
      'Hand diagram with the chosen areas marked: Thumb, Wrist',
    );
    expect(chosenRegionsLabel([])).toBe('Hand diagram: no area chosen');
  });
});
