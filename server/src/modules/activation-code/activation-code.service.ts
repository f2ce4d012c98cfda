import { randomInt } from 'node:crypto';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pageWithTotal } from '../../lib/keyset';
import { CODE_ALPHABET, CODE_GROUP_LENGTH, CODE_GROUPS } from '@portal/shared/activation-code/activation-code.schema';
import * as repository from './activation-code.repository';
import type { ActivationCodeConditions } from './activation-code.models';

/** Codes per INSERT and per look-up (one text array parameter each): what one statement holds at a time. */
export const CODE_CHUNK = 5_000;

/** A change of this many codes refreshes the table's statistics (afterBulkChange). */
const BULK_CHANGE_ROWS = 1_000;

/** How many summed count changes make a list read fold them (see activationCodeCountDeltas). */
const COUNT_CHANGES_TO_FOLD = 200;

/** A new code: three groups of four from the look-alike-free alphabet, each character from the CSPRNG. */
export function randomActivationCode(): string {
  const group = () => Array.from({ length: CODE_GROUP_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return Array.from({ length: CODE_GROUPS }, group).join('-');
}

/**
 * Activation codes (CDK) printed on physical VIP tickets (DESIGN §6): unused → bound to one application
 * → released when that application changes its code or is withdrawn; void codes bind nothing.
 * Binding runs inside the caller's transaction with the code row locked, so one code binds once.
 */
export class ActivationCodeService {
  constructor(private readonly db: Database) {}

  /**
   * Binds `code` to an application that currently holds `heldCodeId` (or none) and returns its id; a
   * different code than the one held releases the old one. ACTIVATION_CODE_INVALID for an unknown,
   * void or elsewhere-bound code.
   */
  async bind(tx: Executor, code: string, heldCodeId: string | null): Promise<string> {
    const row = await repository.lockActivationCode(tx, code);
    const alreadyHeld = row !== undefined && row.id === heldCodeId;
    if (!row || row.status === 'VOID' || (row.status === 'BOUND' && !alreadyHeld)) throw new AppError('ACTIVATION_CODE_INVALID');
    if (alreadyHeld) return row.id;
    if (heldCodeId) await repository.setActivationCodeStatus(tx, [heldCodeId], 'UNUSED');
    await repository.setActivationCodeStatus(tx, [row.id], 'BOUND');
    return row.id;
  }

  /** Frees codes whose application is gone (withdrawal), inside the caller's transaction. */
  release(tx: Executor, ids: readonly string[]) {
    return repository.setActivationCodeStatus(tx, ids, 'UNUSED');
  }

  /** The printed value of a code (the visitor's own application, or a reviewer's view). */
  valueOf(id: string, tx: Executor = this.db) {
    return repository.findActivationCodeValue(tx, id);
  }

  /** Unused codes, for the development route that hands demo codes out (never in production). */
  unused(limit: number) {
    return repository.listUnusedActivationCodes(this.db, limit);
  }

  /** Adds codes in chunks (the caller's transaction makes them one); existing ones are skipped. Returns how many were added. */
  async insert(codes: readonly string[], batch: string | null, tx: Executor = this.db) {
    let inserted = 0;
    for (let start = 0; start < codes.length; start += CODE_CHUNK) inserted += await repository.insertActivationCodes(tx, codes.slice(start, start + CODE_CHUNK), batch);
    return inserted;
  }

  /**
   * `count` new random codes in the batch, inside the caller's transaction. A collision with an existing
   * code (about one in 10^12 per code at a million codes) is simply drawn again.
   */
  async generate(tx: Executor, batch: string, count: number) {
    let missing = count;
    while (missing > 0) {
      const fresh = new Set<string>();
      while (fresh.size < missing) fresh.add(randomActivationCode());
      missing -= await this.insert([...fresh], batch, tx);
    }
    return count;
  }

  /** `count` new random codes in the batch, inside the caller's transaction, with their ids (a group's members, one each). */
  async issue(tx: Executor, batch: string, count: number): Promise<Array<{ id: string; code: string }>> {
    const issued: Array<{ id: string; code: string }> = [];
    while (issued.length < count) {
      const fresh = new Set<string>();
      while (fresh.size < Math.min(count - issued.length, CODE_CHUNK)) fresh.add(randomActivationCode());
      issued.push(...(await repository.insertActivationCodesReturning(tx, [...fresh], batch)));
    }
    return issued;
  }

  /** Which of the codes exist already, looked up in chunks. */
  async existing(codes: readonly string[], tx: Executor = this.db) {
    const found = new Set<string>();
    for (let start = 0; start < codes.length; start += CODE_CHUNK) for (const code of await repository.existingActivationCodes(tx, codes.slice(start, start + CODE_CHUNK))) found.add(code);
    return found;
  }

  /**
   * A page of the organizers' list and the exact total of its filter: for a state, a batch and a
   * one-character keyword from the maintained counts (then a page in the second half is read from the end),
   * for a longer keyword by reading its matches in the page's own statement.
   */
  list(filter: ActivationCodeConditions, page: number, pageSize: number) {
    const countKey = repository.countKeyOf(filter);
    return pageWithTotal(page, pageSize, {
      count: () => (countKey ? this.countOf(countKey) : repository.countActivationCodes(this.db, filter)),
      countIsKept: countKey !== null,
      readPage: (total) => repository.listActivationCodes(this.db, filter, page, pageSize, total),
      countedPage: countKey ? undefined : () => repository.countedActivationCodePage(this.db, filter, page, pageSize),
    });
  }

  private async countOf(countKey: NonNullable<ReturnType<typeof repository.countKeyOf>>) {
    const { total, changes } = await repository.countFromDeltas(this.db, countKey);
    // The reader that finds many changes folds them (a few milliseconds), so that a sum stays short.
    if (changes > COUNT_CHANGES_TO_FOLD) await repository.compactActivationCodeCountDeltas(this.db);
    return total;
  }

  /** Every batch with its counts per state, newest first (from the maintained counts). */
  async batches() {
    const { batches, changes } = await repository.activationCodeBatches(this.db);
    if (changes > COUNT_CHANGES_TO_FOLD) await repository.compactActivationCodeCountDeltas(this.db);
    return batches;
  }

  /**
   * After a change of many codes (a generated or imported batch; outside its transaction): the planner's
   * statistics and the visibility map, as autovacuum would later (PGlite never autovacuums). Without them
   * the planner takes a new batch for one row, and a filtered count cannot read its index alone.
   */
  async afterBulkChange(rows: number) {
    if (rows >= BULK_CHANGE_ROWS) await repository.vacuumActivationCodes(this.db);
  }

  iterate(filter: ActivationCodeConditions, size: number) {
    return repository.iterateActivationCodes(this.db, filter, size);
  }

  byIds(ids: readonly string[], tx: Executor = this.db) {
    return repository.findActivationCodesByIds(tx, ids);
  }

  /**
   * Voids a code inside the caller's transaction, the row locked: binding locks it too, so a code is
   * either bound or void, never both. Returns the code before and after.
   */
  async void(tx: Executor, id: string) {
    const row = await repository.lockActivationCodeById(tx, id);
    if (!row) throw new AppError('CDK_NOT_FOUND');
    if (row.status === 'BOUND') throw new AppError('CDK_BOUND_CANNOT_VOID');
    if (row.status === 'VOID') throw new AppError('CDK_ALREADY_VOID');
    await repository.setActivationCodeStatus(tx, [row.id], 'VOID');
    return { before: row, after: { ...row, status: 'VOID' as const } };
  }
}
