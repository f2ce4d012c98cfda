import DataLoader from 'dataloader';
import { manyByKey } from '../../lib/loaders';
import type { Services } from '../../services';

export function applicationLoaders(services: Services) {
  return {
    visitDates: manyByKey((ids: string[]) => services.applications.visitDatesOfMany(ids), (row) => row.audienceId),
    /** Pending and approved applications holding a seat, per show day. */
    seatHolders: new DataLoader<string, number>(async (days) => {
      const holders = await services.applications.holdersByDay(days);
      return days.map((day) => holders.get(day) ?? 0);
    }),
    /** How many wait on each day's waitlist, and how many hold a seat offered from it. */
    waitlistLengths: new DataLoader<string, { waiting: number; offered: number }>(async (days) => {
      const lengths = await services.waitlist.lengthsByDay(days);
      return days.map((day) => lengths.get(day) ?? { waiting: 0, offered: 0 });
    }),
  };
}
