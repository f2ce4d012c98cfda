import type { SQL } from 'drizzle-orm';
import { gateRulesOf, type TicketGateRules } from '@portal/shared/ticket/gate-rules.schema';
import type { Database, Executor } from '../../db/client';
import * as repository from './show.repository';

/**
 * The show: its settings (single row), exhibition days with capacity and deadline, and the channels
 * visitors heard of it through. Other modules read them here and lock days through `lockDays`.
 */
export class ShowService {
  constructor(private readonly db: Database) {}

  setting(tx: Executor = this.db) {
    return repository.getProjectSetting(tx);
  }

  updateSetting(values: Parameters<typeof repository.updateProjectSetting>[1], tx: Executor = this.db) {
    return repository.updateProjectSetting(tx, values);
  }

  showDays(tx: Executor = this.db) {
    return repository.listShowDays(tx);
  }

  /**
   * Whether `day` is a show day, as a condition for another module's statement: the gate's scan asks it
   * inside the statement that locks the ticket (no round trip of its own, and never stale: it reads the
   * table at that statement, whichever instance changed the days).
   */
  isShowDayCondition(day: string) {
    return repository.isShowDayCondition(day);
  }

  /** A ticket kind's gate rule (`kind`: the SQL of its kind), for the statement that locks a scanned ticket. */
  gateRuleCondition(kind: SQL) {
    return repository.gateRuleOf(kind);
  }

  /** The rotating QR's period and each kind's gate rule, the defaults filling what the row lacks. */
  async gateSettings(tx: Executor = this.db): Promise<{ qrPeriodSeconds: number; rules: TicketGateRules }> {
    const setting = await repository.getProjectSetting(tx);
    return { qrPeriodSeconds: setting.qrPeriodSeconds, rules: gateRulesOf(setting.ticketGateRules) };
  }

  /**
   * The show days as a set (the device feed asks). Not cached in the process: a change made on another
   * instance must count at the next feed, and the read is a handful of rows by primary key.
   */
  async showDaySet(tx: Executor = this.db): Promise<ReadonlySet<string>> {
    return new Set((await repository.listShowDays(tx)).map((row) => row.day));
  }

  /** The first exhibition day (the age rule applies on it), or undefined before days are set. */
  async firstShowDay(tx: Executor = this.db) {
    return (await repository.listShowDays(tx))[0]?.day;
  }

  /**
   * Locks the given days in a fixed order inside the caller's transaction: capacity checks made while
   * they are held cannot be overtaken by another transaction (no deadlocks: always the same order).
   */
  lockDays(tx: Executor, days: readonly string[]) {
    return repository.lockShowDays(tx, days);
  }

  upsertShowDay(row: Parameters<typeof repository.upsertShowDay>[1], tx: Executor = this.db) {
    return repository.upsertShowDay(tx, row);
  }

  /** The enabled channels, in the organizers' order (the application form lists them). */
  channels() {
    return repository.listChannels(this.db);
  }

  /** An enabled channel, or undefined. */
  findChannel(id: string, tx: Executor = this.db) {
    return repository.findChannel(tx, id);
  }

  channelsByIds(ids: readonly string[]) {
    return repository.findChannelsByIds(this.db, ids);
  }

  allChannels() {
    return repository.listAllChannels(this.db);
  }

  insertChannels(rows: Parameters<typeof repository.insertChannels>[1], tx: Executor = this.db) {
    return repository.insertChannels(tx, rows);
  }

  /** The settings row locked in the caller's transaction (one save at a time; the version check holds). */
  lockSetting(tx: Executor) {
    return repository.lockProjectSetting(tx);
  }

  removeShowDays(tx: Executor, days: readonly string[]) {
    return repository.deleteShowDays(tx, days);
  }

  /** Renames, reorders or disables a channel; false when it does not exist. */
  updateChannel(tx: Executor, id: string, values: Parameters<typeof repository.updateChannel>[2]) {
    return repository.updateChannel(tx, id, values);
  }

  disableChannelsExcept(tx: Executor, keptIds: readonly string[]) {
    return repository.disableChannelsExcept(tx, keptIds);
  }

  /** Every channel with its state, in the organizers' order. */
  channelsForOffice(tx: Executor = this.db) {
    return repository.listChannelsInOrder(tx);
  }
}
