import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

// The mail's chart of visits per day, drawn on the server: a vega-lite spec,
// rendered to SVG by a headless vega View, then to PNG by resvg (a native
// addon installed from the npm registry; nothing is downloaded). vega and
// vega-lite are pinned to 5: version 6 is ESM with top-level await, which
// neither this CommonJS build nor Jest can require.

/** A font family every machine we run on has (Debian's fonts-dejavu); resvg loads the system fonts. */
export const CHART_FONT = 'DejaVu Sans';

export function dailyVisitsSpec(days: readonly { date: string; visits: number }[]): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    width: 520,
    height: 220,
    background: '#ffffff',
    padding: 12,
    config: { font: CHART_FONT, axis: { labelFontSize: 12, titleFontSize: 12 } },
    data: { values: days.map((day) => ({ date: day.date, visits: day.visits })) },
    mark: { type: 'bar', color: '#1d4ed8' },
    encoding: {
      x: { field: 'date', type: 'ordinal', title: 'Day', axis: { labelAngle: 0 } },
      y: { field: 'visits', type: 'quantitative', title: 'Visits', axis: { tickMinStep: 1 } },
    },
  };
}

export async function chartSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    background: '#ffffff',
    fitTo: { mode: 'zoom', value: 2 },
    font: { loadSystemFonts: true, defaultFontFamily: CHART_FONT },
  });
  return Buffer.from(resvg.render().asPng());
}

/** The PNG of the daily visits bar chart. */
export async function dailyVisitsPng(
  days: readonly { date: string; visits: number }[],
): Promise<Buffer> {
  return svgToPng(await chartSvg(dailyVisitsSpec(days)));
}
