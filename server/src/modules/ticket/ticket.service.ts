import type { AudienceModel, TicketModel } from '../../graphql/models';
import type { Clock } from '../../lib/clock';
import type { AudienceService } from '../audience/audience.service';
import type { TicketSigner } from './ticket-token';

/** The VIP ticket of an approved visitor: a signed token of who and which days. */
export class TicketService {
  constructor(
    private readonly signer: TicketSigner,
    private readonly audience: AudienceService,
    private readonly clock: Clock,
  ) {}

  async ticketOf(audience: AudienceModel): Promise<TicketModel> {
    const days = (await this.audience.visitDatesOf(audience.id)).map((row) => row.day);
    const token = this.signer.sign({ v: 1, k: 'A', id: audience.id, d: days, iat: Math.floor(this.clock.now() / 1000) });
    return { audience, token };
  }

  /** What a gate reads from a scanned QR: the payload when the signature is ours, else undefined. */
  verify(token: string) {
    return this.signer.verify(token);
  }
}
