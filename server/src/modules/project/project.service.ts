import type { Database } from '../../db/client';
import * as repository from './project.repository';
import { countHoldersByDay } from '../audience/audience.repository';

export class ProjectService {
  constructor(private readonly db: Database) {}

  setting() {
    return repository.getProjectSetting(this.db);
  }

  /** The exhibition days with the seats still free (pending and approved applications hold seats). */
  async showDaysWithRemaining() {
    const days = await repository.listShowDays(this.db);
    const holders = await countHoldersByDay(this.db, days.map((day) => day.day), undefined);
    return days.map((day) => ({ ...day, remaining: Math.max(0, day.capacity - (holders.get(day.day) ?? 0)) }));
  }

  channels() {
    return repository.listChannels(this.db);
  }
}
