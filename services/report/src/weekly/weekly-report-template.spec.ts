import { join } from 'node:path';
import { MailTemplates } from '@handcheck/server-kit';
import { dailyVisitsPng } from './daily-chart';
import { CHART_CID, WEEKLY_TEMPLATE, weeklyTemplateData } from './weekly-report-template';
import { type WeeklyStats } from './weekly-stats-from-rows';

const stats: WeeklyStats = {
  totalVisits: 150,
  previousWeekTotal: 100,
  weekOverWeekGrowth: 50,
  dailyBreakdown: [
    { date: '2026-11-16', visits: 10 },
    { date: '2026-11-17', visits: 0 },
    { date: '2026-11-18', visits: 20 },
    { date: '2026-11-19', visits: 30 },
    { date: '2026-11-20', visits: 40 },
    { date: '2026-11-21', visits: 25 },
    { date: '2026-11-22', visits: 25 },
  ],
  topPages: [
    { page: '/<script>', visits: 60 },
    { page: '/about', visits: 30 },
  ],
  topReferrers: [{ referrer: '(direct)', visits: 90 }],
  from: '2026-11-16',
  to: '2026-11-22',
  timeZone: 'Europe/London',
};

const templates = new MailTemplates(join(__dirname, '../../templates'));

describe('weekly report template data', () => {
  it('renders the figures, the chart reference and the table in HTML', () => {
    const mail = templates.render(WEEKLY_TEMPLATE, weeklyTemplateData(stats, { isTest: false }));
    expect(mail.subject).toBe('HandCheck weekly report: 150 visits, 2026-11-16 to 2026-11-22');
    expect(mail.html).toContain(`src="cid:${CHART_CID}"`);
    expect(mail.html).toContain('data-figure="totalVisits">150<');
    expect(mail.html).toContain('data-figure="weekOverWeekGrowth">+50.0%<');
    expect(mail.html).toContain(
      '<td style="padding: 4px 16px 4px 0;">2026-11-17 (Tue)</td><td style="text-align: right; padding: 4px 0;">0</td>',
    );
    expect(mail.html).toContain('<li>/&lt;script&gt;: 60</li>');
    expect(mail.text).toContain('Week-over-week growth: +50.0%');
    expect(mail.text).toContain('  2026-11-16 (Mon): 10');
    expect(mail.text).toContain('  1. /<script>: 60');
    expect(mail.text).toContain('  1. (direct): 90');
  });

  it('marks a test run and says when there is no growth figure', () => {
    const mail = templates.render(
      WEEKLY_TEMPLATE,
      weeklyTemplateData(
        {
          ...stats,
          previousWeekTotal: 0,
          weekOverWeekGrowth: null,
          topPages: [],
          topReferrers: [],
        },
        { isTest: true },
      ),
    );
    expect(mail.subject).toMatch(/^\[Test\] /);
    expect(mail.text).toContain('n/a (no visits the week before)');
    expect(mail.html).toContain('<p>No visits.</p>');
  });

  it('draws the chart as a PNG', async () => {
    const png = await dailyVisitsPng(stats.dailyBreakdown);
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(png.length).toBeGreaterThan(2000);
  });
});
