import * as stats from './admission-stats.repository';
import type { Database, Executor, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { shanghaiDate } from '@portal/shared/dates';
import { gateRulesOf, type TicketGateRule } from '@portal/shared/ticket/gate-rules.schema';
import { rotatingCodeMatches, splitQrText } from '@portal/shared/ticket/rotating-code';
import { SCAN_TIME_TOLERANCE_MS, TICKET_KIND_LETTERS, ZTicketId, type ScanReason, type TicketKind } from '@portal/shared/ticket/ticket.schema';
import type { AudienceModel } from '../application/application.models';
import type { ShowService } from '../show/show.service';
import type { FeedTicket, GateDevice, HolderKind, ScanAnswer, ScanAnswerParts, ScanLogInsert, TicketFeed, TicketHolder, TicketModel, TicketRow, VisitorAdmittedHook, HoldersErasedHook } from './ticket.models';
import * as repository from './ticket.repository';
import type { TicketPayload, TicketSigner } from './ticket-token';

/** The kind a token's letter names. */
export const KIND_OF_LETTER = new Map<string, TicketKind>(Object.entries(TICKET_KIND_LETTERS).map(([kind, letter]) => [letter, kind as TicketKind]));
// An imported ticket is approved by its import; the office's revocation is its only way out.
const NOT_APPROVED: Record<TicketKind, ScanReason> = { VISITOR: 'APPLICATION_NOT_APPROVED', BADGE: 'BADGE_NOT_APPROVED', IMPORTED: 'TICKET_REVOKED' };
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** A scan as the gate sent it (`at`: the scan time, the device's for an offline scan). */
type ScanInput = { device: GateDevice; scanId: string; qr: string; at: Date; offline: boolean; deviceAdmitted?: boolean };

/** What a decision reads of a ticket. */
type TicketState = Pick<TicketRow, 'kind' | 'days' | 'holderApproved' | 'erasedAt' | 'revokedAt'>;

/**
 * The gate's ledger and its decisions. One row per holder, kept in step by the
 * application and badge modules inside their transactions (`syncHolder`, `eraseHolders`); a scan
 * locks its ticket's row, decides and records the admission in the caller's transaction; devices
 * read a versioned feed to decide offline. It asks no other module at scan time but whether the day is a
 * show day (the show module's condition, inside the statement that locks the ticket).
 */
export class TicketService {
  private visitorAdmitted: VisitorAdmittedHook | undefined;
  private readonly holdersErased: HoldersErasedHook[] = [];

  constructor(
    private readonly db: Database,
    private readonly signer: TicketSigner,
    private readonly show: Pick<ShowService, 'showDaySet' | 'isShowDayCondition' | 'gateRuleCondition' | 'gateSettings'>,
    private readonly clock: Clock,
  ) {}

  /** The holder's name of each ticket id (the audit log names its subjects); erased holders have none. */
  async holderNamesByIds(ids: readonly string[]): Promise<Map<string, string>> {
    return new Map((await repository.holderNamesByIds(this.db, ids)).flatMap((row) => (row.holderName ? [[row.id, row.holderName] as const] : [])));
  }

  /** The application module marks a visit day admitted (its "cannot be dropped" rule), wired in services.ts. */
  recordVisitsWith(hook: VisitorAdmittedHook) {
    this.visitorAdmitted = hook;
  }

  /** Another module erases its records of a holder with the holder's personal data (the invitation letters). */
  whenHoldersErased(hook: HoldersErasedHook) {
    this.holdersErased.push(hook);
  }

  /**
   * The approved visitor's ticket: a token signed over the days the ledger holds; when visitor tickets rotate,
   * signed with the period, and given with the ticket's secret (the holder's page draws each window's code).
   */
  async ticketOf(audience: AudienceModel): Promise<TicketModel | null> {
    const ticket = await repository.findTicket(this.db, 'VISITOR', audience.id);
    if (!ticket) return null;
    const { qrPeriodSeconds, rules } = await this.show.gateSettings();
    const rotating = rules.VISITOR.rotating;
    const payload = { v: 1, k: 'A', id: audience.id, d: ticket.days, iat: this.nowSeconds() } as const;
    return {
      audience,
      token: this.signer.sign(rotating ? { ...payload, r: qrPeriodSeconds } : payload),
      qrSecret: rotating ? ticket.qrSecret : null,
      qrPeriodSeconds: rotating ? qrPeriodSeconds : null,
    };
  }

  /**
   * A static token marked printed (`p: 1`) for a ticket of any kind, by the ticket's id: paper cannot
   * rotate, so the gates accept it as static even for a kind whose QR rotates (the counter's printed badge,
   * the office's reprint). TICKET_NOT_FOUND for an unknown id.
   */
  async printedToken(ticketId: string): Promise<string> {
    const ticket = ZTicketId.safeParse(ticketId).success ? await repository.findTicketById(this.db, ticketId) : undefined;
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    return this.signer.sign({ v: 1, k: TICKET_KIND_LETTERS[ticket.kind], id: ticket.subjectId, d: ticket.days, iat: this.nowSeconds(), p: 1 });
  }

  /**
   * The project settings' save tells the ledger which kinds started or stopped rotating, in its transaction:
   * their tickets move into every device's next feed, which then carries (or drops) their secrets.
   */
  rotationChanged(tx: Executor, kinds: readonly TicketKind[]) {
    return repository.touchKinds(tx, kinds);
  }

  /** An approved staff badge's QR token (kind B): the badge id only, no personal data. */
  badgeToken(badgeId: string): string {
    return this.signer.sign({ v: 1, k: 'B', id: badgeId, d: [], iat: this.nowSeconds() });
  }

  /** What a gate reads from a scanned QR: the payload when the signature is ours, else undefined. */
  verify(token: string) {
    return this.signer.verify(token);
  }

  publicKeyPem() {
    return this.signer.publicKeyPem();
  }

  /**
   * Keeps a visitor's or a badge's ticket in step, in the caller's transaction: created the first time
   * the holder is approved, then updated (holder_approved false while not approved); a call that
   * changes nothing writes nothing.
   */
  syncHolder(tx: Executor, holder: TicketHolder) {
    return this.syncHolders(tx, [holder]);
  }

  /**
   * `syncHolder` for many holders at once (a review of many, the demo's bulk fills): the approved ones in
   * multi-row upserts, in the order of their ids so that concurrent callers lock rows in one order.
   */
  async syncHolders(tx: Executor, holders: readonly TicketHolder[]) {
    const distinct = [...new Map(holders.map((holder) => [`${holder.kind}:${holder.subjectId}`, holder])).values()].sort((a, b) => (a.subjectId < b.subjectId ? -1 : 1));
    await repository.upsertHolders(tx, distinct.filter((holder) => holder.approved));
    for (const holder of distinct.filter((candidate) => !candidate.approved)) await repository.updateHolder(tx, holder);
  }

  /** The holders' personal data is gone: their tickets keep only anonymous admissions and never admit again. */
  async eraseHolders(tx: Executor, kind: HolderKind, subjectIds: readonly string[]) {
    await repository.eraseHolders(tx, kind, subjectIds);
    for (const hook of this.holdersErased) await hook(tx, kind, subjectIds);
  }

  /**
   * Decides a scan and records it in the caller's transaction (the entrance module stores its answer
   * with it). Online: the ticket's state now. Offline (`at` is the scan time the device reported,
   * corrected by its measured clock offset): a scan the device admitted is always recorded — the person
   * is inside — with a conflict when the record disagrees; a scan it denied records nothing. A scan time
   * more than SCAN_TIME_TOLERANCE_MS after the server's clock cannot be true: the scan is judged and
   * recorded at its arrival, as a conflict, so that no day that has not come counts an entry. The ticket
   * row stays locked until the transaction ends, so concurrent scans of one ticket count one entry and
   * re-entries.
   */
  async admitScan(tx: Transaction, input: ScanInput): Promise<ScanAnswer> {
    return (await this.decideScan(tx, input)).answer;
  }

  /**
   * `admitScan`, and when the scan admits, the caller's log row of it written by `log` in the very statement
   * that records the admission (one round trip for both): `json` is then the answer's text as logged. Null
   * `json`: nothing was logged (a refusal, or a scan id recorded before), the caller logs the answer itself.
   */
  admitScanLogged(tx: Transaction, input: ScanInput, log: ScanLogInsert): Promise<{ answer: ScanAnswer; json: string | null }> {
    return this.decideScan(tx, input, log);
  }

  private async decideScan(tx: Transaction, input: ScanInput, log?: ScanLogInsert): Promise<{ answer: ScanAnswer; json: string | null }> {
    const now = this.clock.now();
    const inFuture = input.offline && input.at.getTime() > now + SCAN_TIME_TOLERANCE_MS;
    const at = inFuture ? new Date(now) : input.at;
    const day = shanghaiDate(at);
    const answer = (decision: Pick<ScanAnswer, 'admit' | 'reason' | 'ticket' | 'entriesToday' | 'conflict'>) => ({ answer: scanAnswer(input, at, decision), json: null });
    const qr = splitQrText(input.qr);
    const payload = qr ? this.signer.verify(qr.token) : undefined;
    const kind = payload && qr && hasItsCode(payload, qr.code) ? KIND_OF_LETTER.get(payload.k) : undefined;
    const ticket =
      payload && kind && ZTicketId.safeParse(payload.id).success
        ? await repository.lockTicket(tx, kind, payload.id, this.show.isShowDayCondition(day), (kindSql) => this.show.gateRuleCondition(kindSql))
        : undefined;
    if (!payload || !qr || !ticket) return answer({ admit: false, reason: kind ? 'UNKNOWN_TICKET' : 'BAD_SIGNATURE', ticket: null, entriesToday: 0, conflict: null });

    const holder = {
      id: ticket.id,
      kind: ticket.kind,
      holderName: ticket.holderName,
      organization: ticket.organization,
      // The counter check (decision 0209): no photo for a face comparison; staff compare the ID document in person.
      photoUrl: ticket.entryPhotoId && !ticket.counterCheck ? `/apis/hardware/v1/photos/${ticket.id}` : null,
      counterCheck: ticket.counterCheck,
    };
    // A rotating QR's code is checked at the scan's time: online the server's, offline the device's corrected by its offset.
    const expired = payload.r !== undefined && payload.p !== 1 && !rotatingCodeMatches(ticket.qrSecret, qr.code ?? '', at.getTime(), payload.r);
    if (input.device.direction === 'EXIT') return this.decideExit(tx, input, at, holder, expired);
    const denial = expired ? 'QR_EXPIRED' : denialOf(input.offline ? stateAt(ticket, at) : ticket, day, ticket.showDay, input.device);
    const passBack = denial === null && (await this.breaksReentryPolicy(tx, ticket.id, gateRulesOf({ [ticket.kind]: ticket.gateRule ?? undefined })[ticket.kind], at));
    const admitted = input.offline ? input.deviceAdmitted === true : denial === null && !passBack;
    if (!admitted) {
      // Online, a refusal always has its reason; offline, none means the device turned away a valid ticket.
      const reason = denial ?? (passBack ? 'PASS_BACK' : 'VALID_BUT_DENIED_OFFLINE');
      return answer({ admit: false, reason, ticket: holder, entriesToday: await repository.countAdmissions(tx, ticket.id, day), conflict: null });
    }
    const admission = { ticketId: ticket.id, day, at, deviceId: input.device.id, gate: input.device.name, scanId: input.scanId, offline: input.offline };
    const conflict = inFuture ? 'SCAN_TIME_IN_FUTURE' : input.offline && denial ? 'NOT_VALID_AT_SCAN' : passBack ? 'PASS_BACK' : null;
    const logged = log ? await repository.recordAdmissionWith(tx, { ...admission, conflict }, scanAnswerParts(input, at, holder, denial), log) : undefined;
    // Neither inserted: the scan id was recorded before (the caller's log then meets its own unique index).
    const inserted = log ? logged : await repository.recordAdmission(tx, { ...admission, conflict });
    const recorded = inserted ?? (await repository.findAdmissionByScan(tx, input.device.id, input.scanId));
    if (!recorded) throw new Error(`admission ${input.scanId} neither recorded nor found`);
    // The day of a scan from the future is unknown: the organizer resolves it, the visit day is not marked.
    if (recorded.sequence === 1 && ticket.kind === 'VISITOR' && recorded.conflict !== 'SCAN_TIME_IN_FUTURE') await this.visitorAdmitted?.(tx, ticket.subjectId, day, at);
    const decided = scanAnswer(input, at, {
      admit: true,
      reason: denial ?? (recorded.sequence > 1 ? 'RE_ENTRY' : 'ENTRY'),
      ticket: holder,
      entriesToday: recorded.sequence,
      conflict: recorded.conflict,
    });
    return { answer: decided, json: logged?.answer ?? null };
  }

  /**
   * An exit device's scan: whatever the ticket's state (the holder is inside either way), its exit is kept for
   * the exit-first policy, unless the QR's code expired. Offline, what the device decided stands.
   */
  private async decideExit(tx: Transaction, input: ScanInput, at: Date, holder: NonNullable<ScanAnswer['ticket']>, expired: boolean) {
    const day = shanghaiDate(at);
    const letOut = input.offline ? input.deviceAdmitted === true : !expired;
    if (letOut) await repository.recordExit(tx, holder.id, at);
    const reason: ScanReason = letOut ? 'EXIT' : expired ? 'QR_EXPIRED' : 'VALID_BUT_DENIED_OFFLINE';
    const entriesToday = await repository.countAdmissions(tx, holder.id, day);
    return { answer: scanAnswer(input, at, { admit: letOut, reason, ticket: holder, entriesToday, conflict: null }), json: null };
  }

  /**
   * Whether an entry at `at` breaks the kind's re-entry policy: COOLDOWN, an admission within its minutes
   * either side (an offline scan may arrive after later ones); EXIT_FIRST, an admission earlier the same day
   * with no exit since. Read after the ticket's row lock: concurrent scans of one ticket see each other.
   */
  private async breaksReentryPolicy(tx: Transaction, ticketId: string, rule: TicketGateRule, at: Date): Promise<boolean> {
    if (rule.reentry === 'UNLIMITED') return false;
    const { lastAdmittedAt, lastExitAt } = await repository.lastMovements(tx, ticketId);
    if (!lastAdmittedAt) return false;
    if (rule.reentry === 'COOLDOWN') return Math.abs(at.getTime() - lastAdmittedAt.getTime()) < (rule.cooldownMinutes ?? 0) * 60_000;
    return lastAdmittedAt <= at && shanghaiDate(lastAdmittedAt) === shanghaiDate(at) && !(lastExitAt && lastExitAt >= lastAdmittedAt);
  }

  /**
   * What a device needs to decide offline (docs/api.md § Device API): `since` 0 gives the day's
   * admitting tickets of the device's kinds; a later `since` every one of them changed since, with its
   * state for the day. One query either way, whatever the number of tickets.
   */
  async feed(device: GateDevice, since: number, day?: string): Promise<TicketFeed> {
    const today = day ?? shanghaiDate(new Date(this.clock.now()));
    const version = await repository.feedWatermark(this.db);
    const showDays = await this.show.showDaySet();
    const { rules } = await this.show.gateSettings();
    // A secret goes only with a ticket whose QR rotates: a static ticket's would serve no gate.
    const secretOf = (ticket: { kind: TicketKind; qrSecret: string }) => (rules[ticket.kind].rotating ? ticket.qrSecret : null);
    const full = since <= 0 || since > version;
    const kinds = device.ticketKinds;
    let rows: FeedTicket[] = [];
    if (!full) {
      rows = (await repository.changedTickets(this.db, { kinds, since, upTo: version })).map((ticket) => {
        const denial = denialOf(ticket, today, showDays.has(today), device);
        return [TICKET_KIND_LETTERS[ticket.kind], ticket.subjectId, ticket.id, denial ? 0 : 1, denial, secretOf(ticket), ticket.counterCheck ? 1 : 0];
      });
    } else if (showDays.has(today) && (device.days.length === 0 || device.days.includes(today))) {
      rows = (await repository.admittingTickets(this.db, { kinds, day: today, upTo: version })).map((ticket) => [
        TICKET_KIND_LETTERS[ticket.kind],
        ticket.subjectId,
        ticket.id,
        1,
        null,
        secretOf(ticket),
        ticket.counterCheck ? 1 : 0,
      ]);
    }
    const reentry = Object.fromEntries(kinds.map((kind) => [kind, { policy: rules[kind].reentry, cooldownMinutes: rules[kind].cooldownMinutes }]));
    return { version, full, day: today, publicKey: this.signer.publicKeyPem(), reentry, tickets: rows };
  }

  /** The entry-card photo of the ticket's holder, for a gate's face comparison (none once erased, none for the counter check). */
  holderPhotoId(ticketId: string): Promise<string | null> {
    return ZTicketId.safeParse(ticketId).success ? repository.entryPhotoIdOf(this.db, ticketId) : Promise.resolve(null);
  }

  /** Entries at the gate, newest first. */
  admissionsOf(audienceId: string) {
    return repository.admissionsOf(this.db, audienceId);
  }

  /** The dashboard's figures for one show day: admissions per Beijing hour and per gate. */
  async admissionStatistics(day: string) {
    const [byHour, byGate] = await Promise.all([stats.admissionsByHour(this.db, day), stats.admissionsByGate(this.db, day)]);
    return { byHour, byGate };
  }

  /** The entrance room's admissions of a show day: per device, gate and bucket of `minutes`. */
  roomAdmissions(day: string, minutes: number) {
    return stats.admissionsByGateAndSlot(this.db, day, minutes);
  }

  /** The entrance room's split of a show day's unique visitors by the holders' region. */
  roomRegions(day: string) {
    return stats.visitorsByRegion(this.db, day);
  }

  private nowSeconds() {
    return Math.floor(this.clock.now() / 1000);
  }
}

/** A rotating token's QR carries a code, any other's none (the code itself is checked against the ticket's secret). */
function hasItsCode(payload: TicketPayload, code: string | null) {
  const rotating = payload.r !== undefined && payload.p !== 1;
  return rotating ? code !== null && Number.isInteger(payload.r) && (payload.r ?? 0) > 0 : code === null;
}

/**
 * Why a ticket does not admit on a day at a device, or null: first the ticket's own state (the
 * holder's problem), then the day, then the device's rights (another gate may admit it).
 */
function denialOf(ticket: TicketState, day: string, isShowDay: boolean, device: GateDevice): ScanReason | null {
  if (ticket.erasedAt) return 'HOLDER_ERASED';
  if (ticket.revokedAt) return 'TICKET_REVOKED';
  if (!ticket.holderApproved) return NOT_APPROVED[ticket.kind];
  if (!isShowDay) return 'NOT_SHOW_DAY';
  if (ticket.days.length > 0 && !ticket.days.includes(day)) return 'DAY_NOT_SELECTED';
  if (!device.ticketKinds.includes(ticket.kind)) return 'DEVICE_KIND_NOT_ALLOWED';
  if (device.days.length > 0 && !device.days.includes(day)) return 'DEVICE_DAY_NOT_ALLOWED';
  return null;
}

/**
 * The ticket as it stood at `at` (an offline scan's time), as far as the ledger knows: a revocation or
 * erasure after `at` did not yet apply; a holder not approved now was not approved then either unless
 * the row changed after `at` (the ledger keeps no approval history: the device's feed said it admitted).
 */
function stateAt(ticket: TicketState & Pick<TicketRow, 'updatedAt'>, at: Date): TicketState {
  return {
    kind: ticket.kind,
    days: ticket.days,
    erasedAt: ticket.erasedAt && ticket.erasedAt <= at ? ticket.erasedAt : null,
    revokedAt: ticket.revokedAt && ticket.revokedAt <= at ? ticket.revokedAt : null,
    holderApproved: ticket.holderApproved || ticket.updatedAt > at,
  };
}

/** A scan answer with its keys in the documented order (docs/api.md § Device API). */
function scanAnswer(scan: { scanId: string; offline: boolean }, at: Date, decision: Pick<ScanAnswer, 'admit' | 'reason' | 'ticket' | 'entriesToday' | 'conflict'>): ScanAnswer {
  return {
    scanId: scan.scanId,
    offline: scan.offline,
    admit: decision.admit,
    reason: decision.reason,
    day: shanghaiDate(at),
    at: beijingIso(at),
    ticket: decision.ticket,
    entriesToday: decision.entriesToday,
    conflict: decision.conflict,
  };
}

/**
 * An admitting answer's text around the parts only the admission's insert knows, so that the database can
 * assemble the very bytes `JSON.stringify(scanAnswer(…))` gives (the same keys in the same order).
 */
function scanAnswerParts(scan: { scanId: string; offline: boolean }, at: Date, ticket: ScanAnswer['ticket'], fixedReason: ScanReason | null): ScanAnswerParts {
  const head = JSON.stringify({ scanId: scan.scanId, offline: scan.offline, admit: true });
  const middle = JSON.stringify({ day: shanghaiDate(at), at: beijingIso(at), ticket });
  return {
    beforeReason: `${head.slice(0, -1)},"reason":`,
    fixedReason,
    beforeEntries: `,${middle.slice(1, -1)},"entriesToday":`,
    beforeConflict: ',"conflict":',
    end: '}',
  };
}

/** `2027-03-20T08:31:02.114+08:00`: the instant as the gate's staff read it. */
function beijingIso(at: Date) {
  return new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().replace('Z', '+08:00');
}
