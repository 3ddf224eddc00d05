/*
 * The admin dashboard's visits chart at desktop and phone widths, in a real Chromium on the
 * test profile's gateway: every axis label is drawn whole inside the chart and its card, at a
 * readable size. The admin is made as ops make one (`npm run admin:create`); the dashboard's
 * figures are a fixed answer (page.route) with the widest labels there are: five-digit
 * values and a month whose short name is "Sept".
 */
import { uniqueName } from '@handcheck/server-kit/testing';
import { E2E_TIMEOUT_MS, axeViolations, openPage, type TestPage } from '../../tests/support/browser/browser';
import { adminAndBrowserForTests, signInAsAdmin } from '../../tests/support/browser/admin';

jest.setTimeout(E2E_TIMEOUT_MS);

const EMAIL = `${uniqueName('e2e-charts')}@example.com`;
const PASSWORD = 'e2e charts password';
/** What a reader can read: WCAG sets no minimum, but 12 px is the usual floor for chart text. */
const MIN_FONT_PX = 12;

/** 28 days to 30 September 2026, up to 12,150 visits a day (an axis to 20,000). */
const DASHBOARD = {
  dailyVisits: Array.from({ length: 28 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 8, 3 + i)).toISOString().slice(0, 10),
    visits: i * 450,
  })),
  funnel: {
    started: 40,
    emergencyCheckCompleted: 39,
    stepsCompleted: [38, 35, 33, 30, 28, 26],
    completed: 25,
  },
  topConditions: [{ condition: 'Carpal Tunnel Syndrome', completions: 9 }],
};

interface LabelBox {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The size it is drawn at on screen, in CSS px (font size times the SVG's scale). */
  fontPx: number;
}

const browser = adminAndBrowserForTests(EMAIL, PASSWORD);

describe("the dashboard's visits chart", () => {
  let tab: TestPage;
  beforeAll(async () => {
    tab = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await tab.page.route('**/api/admin/dashboard', (route) =>
      route.fulfill({ status: 200, json: DASHBOARD }),
    );
    await signInAsAdmin(tab.page, EMAIL, PASSWORD);
  });
  afterAll(async () => {
    expect(tab.errors).toEqual([]);
    await tab.close();
  });

  it.each([
    [1280, 900],
    [390, 844],
    [320, 640],
  ])(
    'at %i px wide, shows every axis label whole, inside its card, at 12 px or more',
    async (width, height) => {
      const { page } = tab;
      await page.setViewportSize({ width, height });
      const card = page.getByRole('region', { name: 'Visits per day, last 28 days' });
      const chart = card.getByRole('img');
      await chart.waitFor();
      // Drawn again for the new width once the card's size is known, then at a scale of 1
      // (given up after 120 frames: a chart that never settles fails the checks below).
      await chart.evaluate(
        (svg) =>
          new Promise<void>((resolve) => {
            let frames = 0;
            const settled = () =>
              Math.abs(((svg as SVGSVGElement).getScreenCTM()?.a ?? 0) - 1) < 0.01 ||
              (frames += 1) > 120
                ? resolve()
                : requestAnimationFrame(settled);
            settled();
          }),
      );
      const measured = await chart.evaluate((svg) => {
        const box = (element: Element) => {
          const rect = element.getBoundingClientRect();
          return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
        };
        const scale = (svg as SVGSVGElement).getScreenCTM()?.a ?? 0;
        const section = svg.closest('section');
        return {
          svg: box(svg),
          card: section ? box(section) : null,
          labels: [...svg.querySelectorAll('text')].map((text) => ({
            text: text.textContent ?? '',
            ...box(text),
            fontPx: Math.round(parseFloat(getComputedStyle(text).fontSize) * scale * 10) / 10,
          })),
        };
      });

      const outside = (
        label: LabelBox,
        frame: { left: number; right: number; top: number; bottom: number },
      ) =>
        label.left < frame.left ||
        label.right > frame.right ||
        label.top < frame.top ||
        label.bottom > frame.bottom;
      const { svg, card: cardBox, labels } = measured;
      expect(cardBox).not.toBeNull();
      expect({
        width,
        clippedBySvg: labels.filter((label) => outside(label, svg)),
        outsideCard: labels.filter((label) => outside(label, cardBox!)),
        tooSmall: labels.filter((label) => label.fontPx < MIN_FONT_PX),
        svgInCard: svg.left >= cardBox!.left && svg.right <= cardBox!.right,
        cardInWindow: cardBox!.left >= 0 && cardBox!.right <= width,
      }).toEqual({
        width,
        clippedBySvg: [],
        outsideCard: [],
        tooSmall: [],
        svgInCard: true,
        cardInWindow: true,
      });

      // The three values of the axis, the first and last days, and no two dates on each other.
      const texts = labels.map((label) => label.text);
      expect(texts.slice(0, 3)).toEqual(['0', '10000', '20000']);
      const dates = labels.filter((label) => /[A-Z]/.test(label.text));
      expect(dates[0].text).toMatch(/^3 Sep/);
      expect(dates[dates.length - 1].text).toMatch(/^30 Sep/);
      for (let i = 1; i < dates.length; i += 1)
        expect(dates[i].left).toBeGreaterThan(dates[i - 1].right);
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});
