import { createHash, randomBytes } from 'node:crypto';
import type { AuditAction } from '@portal/shared/audit/audit-log';
import { shanghaiDate } from '@portal/shared/dates';
import { DEVICE_OFFLINE_AFTER_SECONDS, type TDeviceInput } from '@portal/shared/entrance/entrance.schema';
import type { Database, Executor } from '../../db/client';
import { AnnouncedCache } from '../../lib/announced-cache';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/database-errors';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import type { AuditService } from '../audit/audit.service';
import type { RequestOrigin } from '../audit/audit.models';
import type { PhotoService } from '../media/photo.service';
import type { TicketFeed } from '../ticket/ticket.models';
import type { TicketService } from '../ticket/ticket.service';
import type { AuthenticatedDevice, DeviceRow, DeviceScanInput, EntranceDeviceModel, HourlyScansModel, IssuedDeviceTokenModel, ScanAnswerJson } from './entrance.models';
import * as repository from './entrance.repository';
import { requireHardwareManager } from './entrance.policy';
import type { Viewer } from '../../lib/viewer';

/** What the entrance asks of the ticket module: the decision, the feed and the holder's photo. */
export type GateTickets = Pick<TicketService, 'admitScanLogged' | 'feed' | 'holderPhotoId'>;

const TOKEN_BYTES = 32;
/** The scans the hardware page's log shows per device. */
const SCAN_LOG_LENGTH = 50;
/** 32 bytes in base64url, no padding. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 3600_000;
const MAX_OFFSET_MS = 2 ** 31 - 1;
/** How long a token's device is trusted without the database: the bound for a change nobody announced. */
const DEVICE_CACHE_TTL_MS = 5_000;

function hashOfToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

/** What the audit log keeps of a device before and after a change (never the token's hash). */
function auditView({ name, location, kind, direction, days, ticketKinds, tokenIssuedAt }: DeviceRow) {
  return { name, location, kind, direction, days, ticketKinds, hasToken: tokenIssuedAt !== null };
}

/**
 * Entrance devices: registration and tokens for /wo/hardware/list, and the device API's
 * side of every call — which device a token names (cached in the process; every change of a device is
 * announced on the invalidation bus after it commits, so a revocation holds at once on every instance),
 * each scan answered once and logged with its answer (the same scan id gets the stored answer), the
 * heartbeat's clock offset, and the photo rule.
 */
export class EntranceService {
  private readonly devicesByTokenHash: AnnouncedCache<AuthenticatedDevice>;
  /** Told after each scan's answer is committed (the entrance room's live figures). */
  private readonly scanListeners: (() => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly tickets: GateTickets,
    private readonly photos: PhotoService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly bus: InvalidationBus,
  ) {
    this.devicesByTokenHash = new AnnouncedCache(bus, {
      ttlMs: DEVICE_CACHE_TTL_MS,
      maxEntries: 10_000,
      concerns: (change, _tokenHash, device) => change.kind === 'device' && change.key === device.id,
    });
  }

  /** Every device, by name, with today's figures (the hardware page). */
  async devices(viewer: Viewer | undefined): Promise<EntranceDeviceModel[]> {
    requireHardwareManager(viewer);
    return this.list();
  }

  /** A device's latest scans with their reasons, newest first (the hardware page's scan log). */
  async scans(viewer: Viewer | undefined, deviceId: string) {
    requireHardwareManager(viewer);
    return repository.recentScans(this.db, deviceId, SCAN_LOG_LENGTH);
  }

  /** Every device, by name, with today's figures. */
  async list(): Promise<EntranceDeviceModel[]> {
    return this.withFigures(await repository.listDevices(this.db));
  }

  isOnline(device: Pick<DeviceRow, 'lastHeartbeatAt'>) {
    return device.lastHeartbeatAt !== null && this.clock.now() - device.lastHeartbeatAt.getTime() <= DEVICE_OFFLINE_AFTER_SECONDS * 1000;
  }

  async register(viewer: Viewer | undefined, input: TDeviceInput, origin: RequestOrigin): Promise<EntranceDeviceModel> {
    const actorId = requireHardwareManager(viewer).id;
    const device = await this.withUniqueName(() =>
      this.db.transaction(async (tx) => {
        const row = await repository.insertDevice(tx, input);
        await this.audit.record(origin, { actorId, action: 'device.register', subjectType: 'device', subjectId: row.id, detail: { after: auditView(row) } }, tx);
        return row;
      }),
    );
    return this.withFigure(device);
  }

  async update(viewer: Viewer | undefined, id: string, input: TDeviceInput, origin: RequestOrigin): Promise<EntranceDeviceModel> {
    const actorId = requireHardwareManager(viewer).id;
    return this.withFigure(await this.withUniqueName(() => this.change(actorId, id, 'device.update', origin, (tx) => repository.updateDevice(tx, id, input))));
  }

  /** A new token (returned once); the previous one is refused from the next call on. */
  async issueToken(viewer: Viewer | undefined, id: string, origin: RequestOrigin): Promise<IssuedDeviceTokenModel> {
    const actorId = requireHardwareManager(viewer).id;
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const device = await this.change(actorId, id, 'device.token_issue', origin, (tx) =>
      repository.updateDevice(tx, id, { tokenHash: hashOfToken(token), tokenIssuedAt: new Date(this.clock.now()) }),
    );
    return { device: await this.withFigure(device), token };
  }

  async revokeToken(viewer: Viewer | undefined, id: string, origin: RequestOrigin): Promise<EntranceDeviceModel> {
    const actorId = requireHardwareManager(viewer).id;
    return this.withFigure(await this.change(actorId, id, 'device.token_revoke', origin, (tx) => repository.updateDevice(tx, id, { tokenHash: null, tokenIssuedAt: null })));
  }

  /** The device an `Authorization: Bearer <token>` header names, or DEVICE_TOKEN_INVALID. */
  async authenticate(authorization: string | undefined): Promise<AuthenticatedDevice> {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token || !TOKEN_SHAPE.test(token)) throw new AppError('DEVICE_TOKEN_INVALID');
    const tokenHash = hashOfToken(token);
    const device = await this.devicesByTokenHash.through(tokenHash, Date.now(), () => repository.findDeviceByTokenHash(this.db, tokenHash));
    if (!device) throw new AppError('DEVICE_TOKEN_INVALID');
    return device;
  }

  /**
   * Answers a scan once: a new scan id is decided by the ticket module and logged with its answer's
   * JSON text in the same transaction (an admission and its log row in one statement); a scan id this
   * device sent before (a retry, or two requests racing) meets the unique index, the transaction rolls
   * back, and the stored text is returned as it was sent. Retries are rare, so the common scan pays no
   * look-up first.
   */
  async scan(device: AuthenticatedDevice, scan: DeviceScanInput): Promise<ScanAnswerJson> {
    const logged = { deviceId: device.id, scanId: scan.scanId, offline: scan.offline };
    try {
      const answer = await this.db.transaction(async (tx) => {
        const { answer, json } = await this.tickets.admitScanLogged(tx, { device, ...scan }, (recorded) => repository.scanLogOfAdmission(logged, recorded));
        if (json !== null) return json;
        const text = JSON.stringify(answer);
        await repository.insertScan(tx, {
          ...logged,
          ticketId: answer.ticket?.id ?? null,
          admitted: answer.admit,
          reason: answer.reason,
          conflict: answer.conflict,
          scannedAt: new Date(answer.at),
          answer: text,
        });
        return text;
      });
      for (const listener of this.scanListeners) listener();
      return answer;
    } catch (error) {
      const stored = isUniqueViolation(error) ? await repository.findScanAnswer(this.db, device.id, scan.scanId) : undefined;
      if (stored === undefined) throw error;
      return stored;
    }
  }

  /**
   * An offline queue: each scan answered once, in the order sent (each its own transaction, so one cannot
   * lose the others). Each scan time is the device's corrected by the clock offset of its last heartbeat.
   */
  async uploadScans(device: AuthenticatedDevice, scans: readonly DeviceScanInput[]): Promise<ScanAnswerJson[]> {
    const offsetMs = (await repository.clockOffsetOf(this.db, device.id)) ?? 0;
    const answers: ScanAnswerJson[] = [];
    for (const scan of scans) answers.push(await this.scan(device, { ...scan, at: new Date(scan.at.getTime() - offsetMs) }));
    return answers;
  }

  /** `listener` is called after every scan that was decided and logged (not for a repeated scan id). */
  onScanned(listener: () => void) {
    this.scanListeners.push(listener);
  }

  /** Every device with its scans of `[from, to)` summed, and its scans and refusals since `recentFrom` (the entrance room). */
  devicesWithScans(from: Date, to: Date, recentFrom: Date) {
    return repository.devicesWithScansBetween(this.db, from, to, recentFrom);
  }

  /** The ticket module's feed for this device, with the device's own rights. */
  async feed(device: AuthenticatedDevice, since: number): Promise<TicketFeed & { device: AuthenticatedDevice }> {
    const feed = await this.tickets.feed(device, since);
    return { ...feed, device: { id: device.id, name: device.name, days: device.days, ticketKinds: device.ticketKinds, direction: device.direction } };
  }

  async heartbeat(device: AuthenticatedDevice, beat: { clock: Date; feedVersion?: number; queuedScans?: number }) {
    const now = new Date(this.clock.now());
    // A gate whose battery died may say 1970: kept within the column (and GraphQL Int), still shown as far off.
    const clockOffsetMs = Math.max(-MAX_OFFSET_MS, Math.min(MAX_OFFSET_MS, beat.clock.getTime() - now.getTime()));
    await repository.recordHeartbeat(this.db, device.id, { at: now, clockOffsetMs, feedVersion: beat.feedVersion, queuedScans: beat.queuedScans });
    return { serverTime: now.toISOString(), clockOffsetMs };
  }

  /** The holder's entry-card photo of a ticket this device has scanned; anything else is refused alike. */
  async holderPhoto(device: AuthenticatedDevice, ticketId: string) {
    if (!(await repository.hasScannedTicket(this.db, device.id, ticketId))) throw new AppError('DEVICE_PHOTO_NOT_ALLOWED');
    const photoId = await this.tickets.holderPhotoId(ticketId);
    const [photo] = photoId ? await this.photos.findByIds([photoId]) : [];
    const file = photo ? await this.photos.open(photo) : undefined;
    if (!file) throw new AppError('NOT_FOUND');
    return file;
  }

  /**
   * Locks the device, applies the change and audits before and after, in one transaction; then tells
   * every instance to forget the device (after the commit, so that none reloads the old row).
   */
  private async change(actorId: string, id: string, action: AuditAction, origin: RequestOrigin, apply: (tx: Executor) => Promise<DeviceRow | undefined>) {
    const changed = await this.db.transaction(async (tx) => {
      const before = await repository.lockDevice(tx, id);
      if (!before) throw new AppError('DEVICE_NOT_FOUND');
      const after = await apply(tx);
      if (!after) throw new AppError('DEVICE_NOT_FOUND');
      await this.audit.record(origin, { actorId, action, subjectType: 'device', subjectId: id, detail: { before: auditView(before), after: auditView(after) } }, tx);
      return after;
    });
    await this.bus.publish({ kind: 'device', key: id });
    return changed;
  }

  private async withUniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('DEVICE_NAME_TAKEN');
      throw error;
    }
  }

  private async withFigure(device: DeviceRow): Promise<EntranceDeviceModel> {
    const [withFigures] = await this.withFigures([device]);
    if (!withFigures) throw new AppError('DEVICE_NOT_FOUND');
    return withFigures;
  }

  /** Today's (Beijing day) scans per hour and conflicts, for all the devices in one query. */
  private async withFigures(rows: DeviceRow[]): Promise<EntranceDeviceModel[]> {
    const from = new Date(`${shanghaiDate(new Date(this.clock.now()))}T00:00:00+08:00`);
    const counts = rows.length ? await repository.scansByHour(this.db, rows.map((row) => row.id), from, new Date(from.getTime() + DAY_MS)) : [];
    return rows.map((row) => {
      const own = counts.filter((count) => count.deviceId === row.id);
      const scansToday: HourlyScansModel[] = own.map(({ hour, admitted, denied }) => ({ hour, admitted, denied }));
      return { ...row, scansToday, conflictsToday: own.reduce((sum, count) => sum + count.conflicts, 0) };
    });
  }
}
