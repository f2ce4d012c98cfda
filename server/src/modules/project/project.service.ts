import type { Database } from '../../db/client';
import { getProjectSetting } from './project.repository';

export class ProjectService {
  constructor(private readonly db: Database) {}

  setting() {
    return getProjectSetting(this.db);
  }
}
