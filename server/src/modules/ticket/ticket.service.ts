import * as stats from './admission-stats.repository';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AudienceModel } from '../application/application.models';
import type { ApplicationService } from '../application/application.service';
import type { TicketModel } from './ticket.models';
import * as repository from './ticket.repository';
import type { TicketSigner } from './ticket-token';

/** The VIP ticket of an approved visitor (a signed token of who and which days) and its admissions. */
export class TicketService {
  constructor(
    private readonly db: Database,
    private readonly signer: TicketSigner,
    private readonly applications: ApplicationService,
    private readonly clock: Clock,
  ) {}

  async ticketOf(audience: AudienceModel): Promise<TicketModel> {
    const days = (await this.applications.visitDatesOf(audience.id)).map((row) => row.day);
    const token = this.signer.sign({ v: 1, k: 'A', id: audience.id, d: days, iat: Math.floor(this.clock.now() / 1000) });
    return { audience, token };
  }

  /** An approved staff badge's QR token (kind B): the badge id only, no personal data. */
  badgeToken(badgeId: string): string {
    return this.signer.sign({ v: 1, k: 'B', id: badgeId, d: [], iat: Math.floor(this.clock.now() / 1000) });
  }

  /** What a gate reads from a scanned QR: the payload when the signature is ours, else undefined. */
  verify(token: string) {
    return this.signer.verify(token);
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
}
