import { PAIN_LOCATIONS } from '@handcheck/diagnosis';
import type { Locator, Page } from 'playwright-core';
import { E2E_TIMEOUT_MS, axeViolations, openPage, type TestPage } from '../../tests/support/browser/browser';
import { browserForTests, tabForEachTest } from '../../tests/support/browser/hooks';
import { startChecker } from '../../tests/support/browser/checker';
import { focusInfo } from '../../tests/support/browser/keyboard';

jest.setTimeout(E2E_TIMEOUT_MS);

const HOLLOW = 'Hollow/indent at base of thumb (where thumb meets wrist)';
const FINGERS = {
  index: 'Index finger',
  middle: 'Middle finger',
  ring: 'Ring finger',
  little: 'Little finger',
};

const browser = browserForTests();

/** Step 1, with the whole diagram on screen (hit testing only sees what is in the viewport). */
async function openDiagram(page: Page): Promise<Locator> {
  await startChecker(page);
  const diagram = page.getByTestId('hand-diagram');
  await diagram.evaluate((svg) => window.scrollBy(0, svg.getBoundingClientRect().top - 4));
  return diagram;
}

type Pt = [number, number];
interface Geometry {
  svg: { left: number; top: number; right: number; bottom: number };
  /** Outline points (CSS px) of each visible piece, by region and digit. */
  pieces: { location: string; digit: string | null; points: Pt[] }[];
  /** Pieces whose outline leaves the drawn hand (checked point by point). */
  outside: string[];
  /** Targets (pieces and pads) reaching outside the picture. */
  offPicture: string[];
  /** Per region, its smallest piece's best target: min(width, height) in CSS px before turning. */
  targets: { location: string; smallest: number }[];
  /** Sample points that more than one region answers to. */
  overlaps: string[];
}

/** Reads the diagram's geometry as the browser laid it out (SVG geometry in CSS pixels). */
function measure(diagram: Locator): Promise<Geometry> {
  return diagram.evaluate((element) => {
    const svg = element as SVGSVGElement;
    const box = svg.getBoundingClientRect();
    const toScreen = (shape: SVGGraphicsElement, x: number, y: number): Pt => {
      const p = new DOMPoint(x, y).matrixTransform(shape.getScreenCTM()!);
      return [p.x, p.y];
    };
    const outline = (path: SVGPathElement, count = 120): Pt[] => {
      const length = path.getTotalLength();
      return Array.from({ length: count }, (_, i) => {
        const p = path.getPointAtLength((length * i) / count);
        return toScreen(path, p.x, p.y);
      });
    };
    const skins = [...svg.querySelectorAll<SVGPathElement>('.hc-skin')];
    const toUser = svg.getScreenCTM()!.inverse();
    const onHand = ([x, y]: Pt) => {
      const p = new DOMPoint(x, y).matrixTransform(toUser);
      return skins.some((skin) => skin.isPointInFill(p));
    };
    const regions = [...svg.querySelectorAll<SVGGElement>('[role="checkbox"]')];
    const pieces: Geometry['pieces'] = [];
    const outside: string[] = [];
    const offPicture: string[] = [];
    const targets: Geometry['targets'] = [];
    for (const region of regions) {
      const location = region.getAttribute('aria-label') ?? '';
      let smallest = Infinity;
      for (const piece of region.children) {
        let best = 0;
        for (const shape of piece.querySelectorAll<SVGGraphicsElement>('.hc-shape, .hc-pad')) {
          const local = shape.getBBox();
          const m = shape.getScreenCTM()!;
          const scale = Math.hypot(m.a, m.b);
          best = Math.max(best, Math.min(local.width, local.height) * scale);
          const r = shape.getBoundingClientRect();
          if (
            r.left < box.left - 0.5 ||
            r.right > box.right + 0.5 ||
            r.top < box.top - 0.5 ||
            r.bottom > box.bottom + 0.5
          )
            offPicture.push(location);
        }
        smallest = Math.min(smallest, best);
        const path = piece.querySelector<SVGPathElement>('.hc-shape')!;
        const points = outline(path);
        // A point 1.5 px in from the edge (across the outline, into the piece) must be on the skin.
        const toPath = path.getScreenCTM()!.inverse();
        const inPiece = ([x, y]: Pt) =>
          path.isPointInFill(new DOMPoint(x, y).matrixTransform(toPath));
        const inward = points.flatMap(([x, y], i): Pt[] => {
          const [ax, ay] = points[(i + points.length - 1) % points.length];
          const [bx, by] = points[(i + 1) % points.length];
          const d = Math.hypot(bx - ax, by - ay) || 1;
          const normal: Pt = [(ay - by) / d, (bx - ax) / d];
          const candidates = [1.5, -1.5].map((k): Pt => [x + normal[0] * k, y + normal[1] * k]);
          return candidates.filter(inPiece).slice(0, 1);
        });
        if (!inward.every(onHand)) outside.push(location);
        pieces.push({ location, digit: path.getAttribute('data-digit'), points });
      }
      targets.push({ location, smallest: Math.floor(smallest * 10) / 10 });
    }
    // Every 1.5 px: which regions would a tap there reach?
    const overlaps: string[] = [];
    for (let y = box.top + 0.25; y < box.bottom; y += 1.5)
      for (let x = box.left + 0.25; x < box.right; x += 1.5) {
        const hit = new Set(
          document
            .elementsFromPoint(x, y)
            .map((hitElement) =>
              hitElement.closest('[role="checkbox"]')?.getAttribute('aria-label'),
            )
            .filter(Boolean),
        );
        if (hit.size > 1)
          overlaps.push(`${[...hit].join(' + ')} at ${x.toFixed(1)},${y.toFixed(1)}`);
      }
    return {
      svg: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
      pieces,
      outside,
      offPicture,
      targets,
      overlaps: overlaps.slice(0, 10),
    };
  });
}

const centre = (points: Pt[]): Pt => [
  points.reduce((sum, p) => sum + p[0], 0) / points.length,
  points.reduce((sum, p) => sum + p[1], 0) / points.length,
];
const distance = (a: Pt, b: Pt) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const gap = (a: Pt[], b: Pt[]) => Math.min(...a.flatMap((p) => b.map((q) => distance(p, q))));

describe.each([320, 390, 1280])('hand diagram at %i px wide', (width) => {
  let tab: TestPage;
  let geometry: Geometry;
  const piece = (location: string, digit?: string) => {
    const found = geometry.pieces.find(
      (p) => p.location === location && (digit === undefined || p.digit === digit),
    );
    if (!found) throw new Error(`no piece ${location} ${digit ?? ''}`);
    return found.points;
  };

  beforeAll(async () => {
    tab = await openPage(browser(), { viewport: { width, height: 1100 } });
    geometry = await measure(await openDiagram(tab.page));
  });
  afterAll(async () => {
    await tab.close();
  });

  it('has the 11 regions of the spec, none overlapping another, all on the drawn hand and inside the picture', () => {
    expect(geometry.targets.map((target) => target.location)).toEqual([...PAIN_LOCATIONS]);
    expect(geometry.overlaps).toEqual([]);
    expect(geometry.outside).toEqual([]);
    expect(geometry.offPicture).toEqual([]);
  });

  it('springs the thumb from the base of the palm, on the index finger side and below it', () => {
    const thumb = piece('Thumb');
    const palm = piece('Palm');
    const index = piece(FINGERS.index);
    const palmCentre = centre(palm);
    const indexSide = Math.sign(centre(index)[0] - centre(piece(FINGERS.middle))[0]);
    expect(Math.sign(centre(thumb)[0] - palmCentre[0])).toBe(indexSide);
    const lowest = (points: Pt[]) => Math.max(...points.map((p) => p[1]));
    // Its base is lower than the index finger's, in the lower half of the palm.
    expect(lowest(thumb)).toBeGreaterThan(lowest(index));
    expect(lowest(thumb)).toBeGreaterThan(palmCentre[1]);
    // It meets the palm along an edge.
    expect(gap(thumb, palm)).toBeLessThan(1.5);
  });

  it('puts each fingertip beyond its own finger (the last segment), and the elbow beyond the forearm', () => {
    const from = centre(piece('Palm'));
    const farthest = (points: Pt[]) => Math.max(...points.map((p) => distance(from, p)));
    for (const [digit, location] of [...Object.entries(FINGERS), ['thumb', 'Thumb']]) {
      const finger = piece(location);
      const tip = piece('Fingertip', digit);
      expect({ digit, beyond: distance(from, centre(tip)) > farthest(finger) }).toEqual({
        digit,
        beyond: true,
      });
      expect({ digit, touching: gap(tip, finger) < 1.5 }).toEqual({ digit, touching: true });
    }
    const forearm = piece('Forearm');
    const elbow = piece('Elbow');
    expect(distance(from, centre(elbow))).toBeGreaterThan(farthest(forearm));
    expect(gap(elbow, forearm)).toBeLessThan(1.5);
    // The hollow is on the small view, at the thumb side of its wrist.
    expect(piece(HOLLOW).length).toBeGreaterThan(0);
  });

  it('gives every region (each fingertip too) a target of at least 24 × 24 CSS px', async () => {
    expect(geometry.targets.filter((target) => target.smallest < 24)).toEqual([]);
    expect(await tab.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  });

  it('passes axe', async () => {
    expect(await axeViolations(tab.page)).toEqual([]);
    expect(tab.errors).toEqual([]);
  });
});

describe('hand diagram controls', () => {
  const tab = tabForEachTest(browser);

  it('takes the focus region by region in the order of the checkboxes, each announcing its name and state', async () => {
    const { page } = tab;
    const diagram = await openDiagram(page);
    await diagram.getByRole('checkbox', { name: 'Thumb', exact: true }).focus();
    const order = [];
    for (let step = 0; step < PAIN_LOCATIONS.length; step += 1) {
      const focus = await focusInfo(page);
      order.push(focus.name);
      if (step < PAIN_LOCATIONS.length - 1) await page.keyboard.press('Tab');
    }
    expect(order).toEqual([...PAIN_LOCATIONS]);
    const fingertip = diagram.getByRole('checkbox', { name: 'Fingertip', exact: true });
    await page.keyboard.press('Space');
    expect(await fingertip.getAttribute('aria-checked')).toBe('true');
    // Keyboard focus draws the site's focus colour round the region's own shapes (all five tips).
    expect(await diagram.locator('.hc-marks .hc-focus').count()).toBe(5);
  });

  it('shows a chosen region by pattern, outline and tick, still visible with forced colours', async () => {
    const { page } = tab;
    await page.emulateMedia({ forcedColors: 'active' });
    const diagram = await openDiagram(page);
    const palm = diagram.getByRole('checkbox', { name: 'Palm', exact: true });
    const area = (await palm.boundingBox())!;
    const shot = () => page.screenshot({ clip: area }).then((png) => png.toString('base64'));
    const before = await shot();
    await palm.click();
    await page.mouse.move(0, 0);
    expect(await palm.getAttribute('aria-checked')).toBe('true');
    const after = await shot();
    // Decoded in the page: the share of pixels the choice changed.
    const changed = await page.evaluate(
      async ([a, b]) => {
        const pixels = async (png: string) => {
          const image = new Image();
          image.src = `data:image/png;base64,${png}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, image.width, image.height).data;
        };
        const [p, q] = [await pixels(a), await pixels(b)];
        let differing = 0;
        for (let i = 0; i < p.length; i += 4)
          if (
            Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) >
            60
          )
            differing += 1;
        return differing / (p.length / 4);
      },
      [before, after],
    );
    expect(changed).toBeGreaterThan(0.2);
    // The colours are the system's, not ours: the outline in CanvasText, the stripes in Highlight.
    const colours = await diagram.evaluate((svg) => {
      const probe = document.createElement('span');
      document.body.append(probe);
      const system = (name: string) => {
        probe.style.color = name;
        return getComputedStyle(probe).color;
      };
      const result = {
        outline:
          getComputedStyle(svg.querySelector('.hc-marks .hc-chosen')!).stroke ===
          system('CanvasText'),
        stripes:
          getComputedStyle(svg.querySelector('.hc-hatch-line')!).fill === system('Highlight'),
        tick: svg.querySelectorAll('.hc-marks circle').length,
      };
      probe.remove();
      return result;
    });
    expect(colours).toEqual({ outline: true, stripes: true, tick: 1 });
  });
});
