import type { Database, Executor } from '../../db/client';
import type { NewExhibitor } from './exhibitor.models';
import * as repository from './exhibitor.repository';

/** Exhibiting companies (the exhibitor issue adds registration, approval and limits here). */
export class ExhibitorService {
  constructor(private readonly db: Database) {}

  findById(id: string) {
    return repository.findExhibitorById(this.db, id);
  }

  /** Id and names of every company (filter options of the organizers' queues). */
  listNames() {
    return repository.listExhibitorNames(this.db);
  }

  /** Creates the company; `tx` joins the caller's transaction (an account is created with it). */
  create(company: NewExhibitor, tx: Executor = this.db) {
    return repository.insertExhibitor(tx, company);
  }
}
