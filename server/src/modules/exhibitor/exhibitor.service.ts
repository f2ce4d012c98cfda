import { countExhibitorsByStatus } from './exhibitor-stats.repository';
import type { Database, Executor } from '../../db/client';
import type { AccountService, NewAccountInput } from '../account/account.service';
import type { NewExhibitor } from './exhibitor.models';
import * as repository from './exhibitor.repository';

/** Exhibiting companies (the exhibitor issue adds registration, approval and limits here). */
export class ExhibitorService {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
  ) {}

  findById(id: string) {
    return repository.findExhibitorById(this.db, id);
  }

  /** Id and names of every company (filter options of the organizers' queues). */
  listNames() {
    return repository.listExhibitorNames(this.db);
  }

  findByIds(ids: readonly string[]) {
    return repository.findExhibitorsByIds(this.db, ids);
  }

  /**
   * Locks the company's row in the caller's transaction and returns it: a rule that counts the
   * company's records (the badge limit) decides under this lock, so concurrent requests queue here.
   */
  lockForUpdate(tx: Executor, id: string) {
    return repository.lockExhibitor(tx, id);
  }

  /** Creates the company and its first account in one transaction (seed, tests, the organizer, registration). */
  createWithAccount(company: NewExhibitor, account: Omit<NewAccountInput, 'scope' | 'exhibitorId' | 'roles'>) {
    return this.db.transaction(async (tx) => {
      const created = await this.create(company, tx);
      return { exhibitor: created, account: await this.accounts.createAccount({ ...account, scope: 'exhibitor', exhibitorId: created.id }, tx) };
    });
  }

  /** Creates the company; `tx` joins the caller's transaction (an account is created with it). */
  create(company: NewExhibitor, tx: Executor = this.db) {
    return repository.insertExhibitor(tx, company);
  }

  /** The dashboard's figure: companies per state. */
  countByStatus() {
    return countExhibitorsByStatus(this.db);
  }
}
