import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repository from './activation-code.repository';

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
  valueOf(id: string) {
    return repository.findActivationCodeValue(this.db, id);
  }

  /** Unused codes, for the development route that hands demo codes out (never in production). */
  unused(limit: number) {
    return repository.listUnusedActivationCodes(this.db, limit);
  }

  /** Adds codes (the seed; the show-office issue adds batches and imports); duplicates are skipped. */
  insert(codes: readonly string[], batch: string | null, tx: Executor = this.db) {
    return repository.insertActivationCodes(tx, codes, batch);
  }
}
