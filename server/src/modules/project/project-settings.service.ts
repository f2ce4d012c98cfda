import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validation';
import type { Viewer } from '../../lib/viewer';
import { projectSettingsDayRules, type TSaveProjectSettingsInput } from '@portal/shared/show/project-settings.schema';
import { shanghaiDate } from '@portal/shared/dates';
import { systemClock, type Clock } from '../../lib/clock';
import type { ApplicationService } from '../application/application.service';
import type { WaitlistService } from '../application/waitlist.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { AuditService } from '../audit/audit.service';
import type { ShowService } from '../show/show.service';
import type { TicketService } from '../ticket/ticket.service';
import { gateRulesOf, type TicketGateRules, type TSaveGateRulesInput } from '@portal/shared/ticket/gate-rules.schema';
import { TICKET_KINDS } from '@portal/shared/ticket/ticket.schema';
import type { OfficeShowDayModel, ProjectSettingsModel } from './project.models';
import { requireProjectOrganizer } from './project.policy';

/**
 * The organizers' project settings (/wo/project/info). A save runs in one transaction: the settings
 * row is locked and its version compared with the one the form was opened with (two organizers never
 * overwrite each other silently), every affected show day is locked before the seats held on it are
 * counted (a visitor cannot take a seat between the check and the change), and the audit row with the
 * before and after commits with it. Settings are read from the database on every request (nothing is
 * cached in a process), so every server instance sees a save at once.
 */
export class ProjectSettingsService {
  constructor(
    private readonly db: Database,
    private readonly show: ShowService,
    private readonly applications: ApplicationService,
    private readonly tickets: Pick<TicketService, 'rotationChanged'>,
    private readonly audit: AuditService,
    /** A raised capacity offers its new seats to the day's waitlist in the save's transaction. */
    private readonly waitlist: Pick<WaitlistService, 'promote'>,
    private readonly clock: Clock = systemClock,
  ) {}

  async settings(viewer: Viewer | undefined): Promise<ProjectSettingsModel> {
    requireProjectOrganizer(viewer);
    return this.snapshot(this.db);
  }

  async save(viewer: Viewer | undefined, input: TSaveProjectSettingsInput, origin: RequestOrigin): Promise<ProjectSettingsModel> {
    const actor = requireProjectOrganizer(viewer);
    // The day rules judge against today, which is the service's clock.
    parseInput(projectSettingsDayRules(shanghaiDate(new Date(this.clock.now()))), input);
    return this.db.transaction(async (tx) => {
      const setting = await this.show.lockSetting(tx);
      if (setting.version !== input.version) throw new AppError('PROJECT_SETTINGS_CHANGED');
      const before = await this.snapshot(tx);
      await this.saveDays(tx, before.days, input.days);
      await this.saveChannels(tx, input.channels);
      await this.show.updateSetting(
        {
          version: setting.version + 1,
          nameZh: input.nameZh,
          nameEn: input.nameEn,
          showWebsiteUrl: input.showWebsiteUrl,
          audienceRegOpen: input.audienceRegOpen,
          exhibitorRegOpen: input.exhibitorRegOpen,
          audienceUpdateDeadline: input.audienceUpdateDeadline,
          retentionDays: input.retentionDays,
          ...(input.waitlistOfferHours == null ? {} : { waitlistOfferHours: input.waitlistOfferHours }),
          qrPeriodSeconds: input.qrPeriodSeconds,
          ticketGateRules: input.ticketRules,
        },
        tx,
      );
      // A raised capacity offers its seats to the day's waitlist, with the window just saved. The days are still
      // locked: the rows read again carry the new capacities and deadlines.
      await this.waitlist.promote(tx, await this.show.lockDays(tx, input.days.map((row) => row.day).sort()));
      await this.rotationChanged(tx, before, input.ticketRules);
      return this.audited(tx, origin, actor.id, before);
    });
  }

  /**
   * The gate rules alone (the QR period, each kind's rotation and re-entry policy), at the version the page was
   * opened with, audited like every save: the day rules do not apply, since no day changes.
   */
  async saveGateRules(viewer: Viewer | undefined, input: TSaveGateRulesInput, origin: RequestOrigin): Promise<ProjectSettingsModel> {
    const actor = requireProjectOrganizer(viewer);
    return this.db.transaction(async (tx) => {
      const setting = await this.show.lockSetting(tx);
      if (setting.version !== input.version) throw new AppError('PROJECT_SETTINGS_CHANGED');
      const before = await this.snapshot(tx);
      await this.show.updateSetting({ version: setting.version + 1, qrPeriodSeconds: input.qrPeriodSeconds, ticketGateRules: input.ticketRules }, tx);
      await this.rotationChanged(tx, before, input.ticketRules);
      return this.audited(tx, origin, actor.id, before);
    });
  }

  /** The settings after a save, audited with those before it, in the save's transaction. */
  private async audited(tx: Executor, origin: RequestOrigin, actorId: string, before: ProjectSettingsModel) {
    const after = await this.snapshot(tx);
    await this.audit.record(
      origin,
      { actorId, action: 'project.settings.update', subjectType: 'project_settings', subjectId: '1', detail: { before: auditView(before), after: auditView(after) } },
      tx,
    );
    return after;
  }

  /** The kinds whose rotation a save changes: their tickets go into the devices' next feed (with or without secrets). */
  private rotationChanged(tx: Executor, before: ProjectSettingsModel, rules: TicketGateRules) {
    const rulesBefore = gateRulesOf(before.setting.ticketGateRules);
    return this.tickets.rotationChanged(
      tx,
      TICKET_KINDS.filter((kind) => rulesBefore[kind].rotating !== rules[kind].rotating),
    );
  }

  /**
   * Days are locked in date order (the order visitors' bookings lock them: no deadlock); a day is removed
   * only when nobody holds a seat on it, and no capacity goes below the seats held.
   */
  private async saveDays(tx: Executor, current: readonly OfficeShowDayModel[], wanted: TSaveProjectSettingsInput['days']) {
    const wantedDays = new Set(wanted.map((row) => row.day));
    const removed = current.filter((row) => !wantedDays.has(row.day)).map((row) => row.day);
    const touched = [...new Set([...current.map((row) => row.day), ...wantedDays])].sort();
    await this.show.lockDays(tx, touched);
    const held = await this.applications.holdersByDay(touched, tx);
    const booked = removed.find((day) => (held.get(day) ?? 0) > 0);
    if (booked) throw new AppError('PROJECT_DAY_HAS_BOOKINGS', { day: booked });
    // The form marks the row's capacity field; the message names the day and its seats held.
    const short = wanted.findIndex((row) => row.capacity < (held.get(row.day) ?? 0));
    const shortRow = wanted[short];
    if (shortRow) throw new AppError('PROJECT_CAPACITY_BELOW_HELD', { day: shortRow.day, held: held.get(shortRow.day) ?? 0 }, [{ path: `days.${short}.capacity`, code: 'PROJECT_CAPACITY_BELOW_HELD' }]);
    await this.show.removeShowDays(tx, removed);
    for (const row of wanted) await this.show.upsertShowDay(row, tx);
  }

  /** Channels keep their ids (applications name them); one left out of the list is disabled, never deleted. */
  private async saveChannels(tx: Executor, wanted: TSaveProjectSettingsInput['channels']) {
    const kept: string[] = [];
    const added: Array<{ nameZh: string; nameEn: string; enabled: boolean; sortOrder: number }> = [];
    for (const [index, channel] of wanted.entries()) {
      const values = { nameZh: channel.nameZh, nameEn: channel.nameEn, enabled: channel.enabled, sortOrder: index + 1 };
      if (!channel.id) {
        added.push(values);
        continue;
      }
      if (!(await this.show.updateChannel(tx, channel.id, values))) throw new AppError('NOT_FOUND');
      kept.push(channel.id);
    }
    await this.show.disableChannelsExcept(tx, kept);
    await this.show.insertChannels(added, tx);
  }

  private async snapshot(tx: Executor): Promise<ProjectSettingsModel> {
    // One after the other: a transaction runs on one connection.
    const setting = await this.show.setting(tx);
    const days = await this.show.showDays(tx);
    const channels = await this.show.channelsForOffice(tx);
    const held = await this.applications.holdersByDay(
      days.map((row) => row.day),
      tx,
    );
    return { setting, days: days.map((row) => ({ ...row, held: held.get(row.day) ?? 0 })), channels };
  }
}

/** What the audit row keeps of a version (no timestamps of the rows themselves). */
function auditView(model: ProjectSettingsModel) {
  const { updatedAt: _updatedAt, ...setting } = model.setting;
  return {
    ...setting,
    days: model.days.map((row) => ({ day: row.day, capacity: row.capacity, deadline: row.deadline.toISOString() })),
    channels: model.channels.map((row) => ({ id: row.id, nameZh: row.nameZh, nameEn: row.nameEn, enabled: row.enabled })),
  };
}
