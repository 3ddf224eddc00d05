import { PAIN_LOCATIONS } from '@handcheck/diagnosis';
import {
  HAND_REGIONS,
  MIN_REGION_SIDE,
  VIEW_BOX,
  chosenRegionsLabel,
  rotatePoint,
  shapeSize,
  shapeTransform,
  type Shape,
} from './handRegions';

/** Corners (or extreme points) of a shape after its rotation, for the in-the-picture check. */
function extremePoints(shape: Shape): (readonly [number, number])[] {
  switch (shape.kind) {
    case 'rect': {
      const corners = [
        [shape.x, shape.y],
        [shape.x + shape.w, shape.y],
        [shape.x, shape.y + shape.h],
        [shape.x + shape.w, shape.y + shape.h],
      ] as const;
      return corners.map((corner) =>
        shape.rotate ? rotatePoint(corner, shape.rotate, [175, 266]) : corner,
      );
    }
    case 'ellipse':
      return [
        [shape.cx - shape.rx, shape.cy - shape.ry],
        [shape.cx + shape.rx, shape.cy + shape.ry],
      ];
    case 'polygon':
      return [...shape.points];
  }
}

describe('hand diagram regions', () => {
  it('has exactly one region per pain location of the spec, in the options order', () => {
    expect(HAND_REGIONS.map((region) => region.location)).toEqual([...PAIN_LOCATIONS]);
  });

  it('makes every shape at least MIN_REGION_SIDE units across (24 CSS px at 206 px wide)', () => {
    const tooSmall = HAND_REGIONS.flatMap((region) =>
      region.shapes
        .map(shapeSize)
        .filter(({ width, height }) => Math.min(width, height) < MIN_REGION_SIDE)
        .map((size) => ({ location: region.location, ...size })),
    );
    expect(tooSmall).toEqual([]);
    expect((24 / MIN_REGION_SIDE) * VIEW_BOX.width).toBeLessThanOrEqual(206);
  });

  it('keeps every shape and check mark inside the picture', () => {
    for (const region of HAND_REGIONS) {
      const points = [...region.shapes.flatMap(extremePoints), region.mark];
      for (const [x, y] of points) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(VIEW_BOX.width);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(VIEW_BOX.height);
      }
    }
  });

  it('turns only the thumb and its tip', () => {
    const turned = HAND_REGIONS.flatMap((region) =>
      region.shapes.filter((shape) => shapeTransform(shape)).map(() => region.location),
    );
    expect(turned).toEqual(['Thumb', 'Fingertip']);
    expect(shapeTransform({ kind: 'ellipse', cx: 1, cy: 1, rx: 1, ry: 1 })).toBeUndefined();
  });

  it('rotates points about a pivot', () => {
    const [x, y] = rotatePoint([10, 0], 90, [0, 0]);
    expect(x).toBeCloseTo(0);
    expect(y).toBeCloseTo(10);
  });

  it('names the chosen areas for the printed diagram, in the options order', () => {
    expect(chosenRegionsLabel(['Wrist', 'Thumb', 'not a location'])).toBe(
      'Hand diagram with the chosen areas marked: Thumb, Wrist',
    );
    expect(chosenRegionsLabel([])).toBe('Hand diagram: no area chosen');
  });
});
