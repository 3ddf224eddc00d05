// Each day's visit figures, kept between reports. A day's visits depend only
// on the visits delivered that day and the REPEAT_DAYS before it
// (weekly-sql.ts), and ingestion counts every delivery per hour as it is
// inserted (visit_deliveries_by_hour). So a kept day is still right while the
// deliveries of the days it depends on are the same, and a report computes
// only the days whose deliveries changed: a weekly report over settled days
// reads a few hundred rows, however many visits the weeks held.
//
// A delivery is counted before its visit can be read (ClickHouse writes a
// view's rows one view after the other, and a replica may lag), so a day
// computed just then may miss a visit whose delivery it already counts. A
// kept day is therefore provisional until it has been computed again with
// the same deliveries at least `settleMs` after the first time; provisional
// figures are used meanwhile, as a report started a moment earlier would
// have been.
import { addDays } from './report-days';
import { REPEAT_DAYS, deliveriesByDaySql, visitsByDaySql } from './weekly-sql';
import { type WeeklyRows } from './weekly-stats-from-rows';

/** One day's visits, and how they split by page and by referrer (as shown). */
export interface DayFigures {
  visits: number;
  pages: Map<string, number>;
  referrers: Map<string, number>;
}

/** A day as kept: its figures, the deliveries they were computed from, and when. */
export interface KeptDay {
  figures: DayFigures;
  deliveries: number;
  computedAtMs: number;
  settled: boolean;
}

type Count = number | string;

/** The rows that visit figures are computed from (weekly-sql.ts: visitsByDaySql). */
export type VisitDayRows = { day: string; page: string; referrer: string; visits: Count }[];

/** Where the figures come from: the analytics database, read over whole days in a zone. */
export interface VisitDaySource {
  /** Visit rows delivered per day (by the hour they fall in) over the `days` days before `endDay`. */
  deliveriesByDay(
    timeZone: string,
    endDay: string,
    days: number,
  ): Promise<{ day: string; deliveries: Count }[]>;
  /** The per-day rows over the `days` days before `endDay`. */
  visitDayRows(timeZone: string, endDay: string, days: number): Promise<VisitDayRows>;
}

/** A source reading the analytics database `database` with `read`. */
export function sqlVisitDaySource(
  database: string,
  read: <T>(sql: string) => Promise<T[]>,
): VisitDaySource {
  const window = (timeZone: string, endDay: string) => ({ database, timeZone, endDay });
  return {
    deliveriesByDay: (timeZone, endDay, days) =>
      read(deliveriesByDaySql(window(timeZone, endDay), days)),
    visitDayRows: (timeZone, endDay, days) =>
      read<VisitDayRows[number]>(visitsByDaySql(window(timeZone, endDay), days)),
  };
}

/**
 * The days whose deliveries a day's figures depend on, before it: REPEAT_DAYS,
 * and one more, because an hour counted on the day it starts in may end in the next
 * (in a zone whose offset is not whole hours).
 */
export const DEPENDS_ON_DAYS_BEFORE = REPEAT_DAYS + 1;

/** For each of `days`, the deliveries of itself and the days it depends on. */
export function dependencyDeliveries(
  days: readonly string[],
  rows: readonly { day: string; deliveries: Count }[],
): Map<string, number> {
  const perDay = new Map(rows.map((row) => [row.day, Number(row.deliveries)]));
  return new Map(
    days.map((day) => {
      let sum = 0;
      for (let back = 0; back <= DEPENDS_ON_DAYS_BEFORE; back++)
        sum += perDay.get(addDays(day, -back)) ?? 0;
      return [day, sum];
    }),
  );
}

/**
 * Where a kept day stands against the deliveries read now: `changed` (or never
 * computed), `provisional` (computed under `settleMs` ago), `due` (provisional
 * long enough that every visit its deliveries count can be read now: computing
 * it again settles it) or `settled`. Used as it is when provisional or settled.
 */
export function standing(
  kept: KeptDay | undefined,
  deliveries: number,
  nowMs: number,
  settleMs: number,
): 'changed' | 'provisional' | 'due' | 'settled' {
  if (!kept || kept.deliveries !== deliveries) return 'changed';
  if (kept.settled) return 'settled';
  return nowMs - kept.computedAtMs < settleMs ? 'provisional' : 'due';
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The figures of each of `days` from the per-day rows; a day without rows had no visits. */
export function figuresFromRows(
  days: readonly string[],
  rows: VisitDayRows,
): Map<string, DayFigures> {
  const figures = new Map<string, DayFigures>(
    days.map((day) => [day, { visits: 0, pages: new Map(), referrers: new Map() }]),
  );
  const add = (counts: Map<string, number>, name: string, visits: number) =>
    counts.set(name, (counts.get(name) ?? 0) + visits);
  for (const row of rows) {
    const day = figures.get(row.day);
    if (!day) continue;
    const visits = Number(row.visits);
    day.visits += visits;
    add(day.pages, row.page, visits);
    add(day.referrers, row.referrer, visits);
  }
  return figures;
}

/** ClickHouse orders strings by their bytes; JavaScript by UTF-16 units. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The 3 largest of the sums of `counts`, ties by name, as docs/analytics 03 and 04 order them. */
export function topThree(counts: Iterable<Map<string, number>>): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const day of counts)
    for (const [name, visits] of day) sums.set(name, (sums.get(name) ?? 0) + visits);
  return [...sums]
    .filter(([, visits]) => visits > 0)
    .sort(([a, x], [b, y]) => y - x || byBytes(a, b))
    .slice(0, 3);
}

/** The weekly report's rows from the figures of its 14 days: the last 7 (`days`) are the week reported. */
export function weeklyRowsFrom(
  days: readonly string[],
  figures: ReadonlyMap<string, DayFigures>,
): WeeklyRows {
  const week = days.map((day) => figures.get(day)).filter((day) => day !== undefined);
  return {
    daily: [...figures]
      .filter(([, day]) => day.visits > 0)
      .map(([day, { visits }]) => ({ day, visits })),
    pages: topThree(week.map((day) => day.pages)).map(([page, visits]) => ({ page, visits })),
    referrers: topThree(week.map((day) => day.referrers)).map(([referrer, visits]) => ({
      referrer,
      visits,
    })),
  };
}

export interface VisitDaysOptions {
  /** How long after a day is computed its figures count as provisional. */
  settleMs: number;
  /** Called with the number of days each computation covered. */
  onComputed?: (days: number) => void;
  now?: () => number;
  /** How many days are kept (oldest forgotten first). */
  maxKept?: number;
}

/** The figures of whole days, computed when their deliveries change and kept otherwise. */
export class VisitDays {
  private readonly kept = new Map<string, KeptDay>();

  constructor(
    private readonly source: VisitDaySource,
    private readonly options: VisitDaysOptions,
  ) {}

  /** The figures of `days` (consecutive, oldest first) counted in `timeZone`. */
  async figures(timeZone: string, days: readonly string[]): Promise<Map<string, DayFigures>> {
    if (days.length === 0) return new Map();
    const last = days[days.length - 1]!;
    const now = (this.options.now ?? Date.now)();
    const { settleMs } = this.options;
    // Read before the visits: a delivery counted here is either in the visits read
    // after, or makes the day provisional (see above).
    const deliveries = dependencyDeliveries(
      days,
      await this.source.deliveriesByDay(
        timeZone,
        addDays(last, 1),
        days.length + DEPENDS_ON_DAYS_BEFORE,
      ),
    );
    const key = (day: string) => `${timeZone} ${day}`;
    const stand = (day: string) =>
      standing(this.kept.get(key(day)), deliveries.get(day)!, now, settleMs);
    const stale = days.filter((day) => ['changed', 'due'].includes(stand(day)));
    if (stale.length > 0) {
      // One computation from the first stale day to the last: one read of that range.
      const range = daysFrom(stale[0]!, stale[stale.length - 1]!);
      const rows = await this.source.visitDayRows(
        timeZone,
        addDays(range[range.length - 1]!, 1),
        range.length,
      );
      const computed = figuresFromRows(range, rows);
      for (const day of range) {
        const settled = ['due', 'settled'].includes(stand(day));
        this.kept.delete(key(day));
        this.kept.set(key(day), {
          figures: computed.get(day)!,
          deliveries: deliveries.get(day)!,
          computedAtMs: now,
          settled,
        });
      }
      this.options.onComputed?.(range.length);
      this.forgetOldest(new Set(days.map(key)));
    }
    return new Map(days.map((day) => [day, this.kept.get(key(day))!.figures]));
  }

  /** Forgets the days kept longest, but not the ones asked for now. */
  private forgetOldest(asked: ReadonlySet<string>): void {
    const max = this.options.maxKept ?? 400;
    for (const day of this.kept.keys()) {
      if (this.kept.size <= max) return;
      if (!asked.has(day)) this.kept.delete(day);
    }
  }
}
