import { SECTION_RULES } from '@portal/shared/auth/scopes';
import { shanghaiDate } from '@portal/shared/dates';
import { hasOrganizerRoles, requireScope } from '../../lib/authorize';
import type { Clock } from '../../lib/clock';
import { RecentFigures } from '../../lib/recent-figures';
import type { Viewer } from '../../lib/viewer';
import type { ApplicationService } from '../application/application.service';
import type { BadgeService } from '../badge/badge.service';
import type { ExhibitorService } from '../exhibitor/exhibitor.service';
import type { ShowService } from '../show/show.service';
import type { TicketService } from '../ticket/ticket.service';
import type { DashboardModel } from './dashboard.models';

const ACTIVITY_DAYS = 30;
const DAY_MS = 86_400_000;
const SHOW_DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * How long a set of figures is served again. They hold no personal data and are the same for every
 * organizer allowed to see them, so a home page open on many desks (each refreshing every 30 s) costs
 * one run of the aggregates per part and interval — at 1,000,000 admissions one run takes seconds on
 * PGlite, and concurrent runs queue behind each other. Simultaneous asks share one run.
 */
const FIGURES_FRESH_MS = 10_000;

/**
 * The organizer's home: figures from the modules that own them, each part only for the roles that open
 * its section (SPEC 2/6), so one query serves every organizer. Read-only aggregates, no personal data.
 */
export class DashboardService {
  private readonly applicationFigures: RecentFigures<Awaited<ReturnType<DashboardService['computeApplications']>>>;
  private readonly exhibitorFigures: RecentFigures<Awaited<ReturnType<DashboardService['computeExhibitors']>>>;
  private readonly admissionFigures: RecentFigures<Awaited<ReturnType<DashboardService['computeAdmissions']>>>;

  constructor(
    private readonly applications: Pick<ApplicationService, 'statistics'>,
    private readonly show: Pick<ShowService, 'showDays'>,
    private readonly exhibitors: Pick<ExhibitorService, 'countByStatus'>,
    private readonly badges: Pick<BadgeService, 'countByStatus'>,
    private readonly tickets: Pick<TicketService, 'admissionStatistics'>,
    private readonly clock: Clock,
  ) {
    this.applicationFigures = new RecentFigures(clock, FIGURES_FRESH_MS);
    this.exhibitorFigures = new RecentFigures(clock, FIGURES_FRESH_MS);
    this.admissionFigures = new RecentFigures(clock, FIGURES_FRESH_MS);
  }

  open(viewer: Viewer | undefined): DashboardModel {
    requireScope(viewer, 'organizer');
    return { generatedAt: new Date(this.clock.now()) };
  }

  applicationsFor(viewer: Viewer | undefined) {
    if (!hasOrganizerRoles(viewer, SECTION_RULES.audience)) return null;
    return this.applicationFigures.get('all', () => this.computeApplications());
  }

  private async computeApplications() {
    const now = this.clock.now();
    const first = shanghaiDate(new Date(now - (ACTIVITY_DAYS - 1) * DAY_MS));
    const [{ statuses, counterCheck, transitions, bookings }, showDays] = await Promise.all([this.applications.statistics(new Date(`${first}T00:00:00+08:00`)), this.show.showDays()]);
    const activity = Array.from({ length: ACTIVITY_DAYS }, (_, index) => ({ day: shanghaiDate(new Date(now - (ACTIVITY_DAYS - 1 - index) * DAY_MS)), submitted: 0, approved: 0, refused: 0 }));
    const byDay = new Map(activity.map((row) => [row.day, row]));
    for (const { day, status, count } of transitions) {
      const row = byDay.get(day);
      if (!row) continue;
      if (status === 'WAIT') row.submitted += count;
      else if (status === 'DONE') row.approved += count;
      else if (status === 'REFUSE') row.refused += count;
    }
    const held = new Map(bookings.map((row) => [row.day, row]));
    return {
      statuses,
      counterCheck,
      activity,
      bookings: showDays.map((showDay) => ({ day: showDay.day, capacity: showDay.capacity, held: held.get(showDay.day)?.held ?? 0, approved: held.get(showDay.day)?.approved ?? 0 })),
    };
  }

  exhibitorsFor(viewer: Viewer | undefined) {
    if (!hasOrganizerRoles(viewer, SECTION_RULES.exhibitor)) return null;
    return this.exhibitorFigures.get('all', () => this.computeExhibitors());
  }

  private async computeExhibitors() {
    const [exhibitors, badges] = await Promise.all([this.exhibitors.countByStatus(), this.badges.countByStatus()]);
    return { exhibitors, badges };
  }

  /** A show day's admissions per hour and gate; `day` defaults to today when it is a show day, else the nearest one. */
  async admissionsFor(viewer: Viewer | undefined, day: string | null | undefined) {
    if (!hasOrganizerRoles(viewer, SECTION_RULES.ticket)) return null;
    const showDays = (await this.show.showDays()).map((row) => row.day);
    const chosen = day && SHOW_DAY.test(day) ? day : nearestDay(showDays, shanghaiDate(new Date(this.clock.now())));
    if (!chosen) return null;
    return this.admissionFigures.get(chosen, () => this.computeAdmissions(chosen));
  }

  private async computeAdmissions(day: string) {
    const { byHour, byGate } = await this.tickets.admissionStatistics(day);
    return { day, byHour, byGate, total: byHour.reduce((sum, row) => sum + row.entries + row.reEntries, 0) };
  }
}

/** Today when it is a show day; else the next show day; else the last one (after the show). */
function nearestDay(days: readonly string[], today: string): string | undefined {
  return days.find((day) => day >= today) ?? days.at(-1);
}
