import type { TBadgeTemplateInput } from '@portal/shared/badge-print/badge-print.schema';
import type { PhotoModel } from '../media/media.models';
import type { TicketRow } from '../ticket/ticket-office.models';

/** A kind's template as the design page reads it (GraphQL `BadgeTemplate`); `updatedAt` null: never saved, the default. */
export interface BadgeTemplateModel extends Omit<TBadgeTemplateInput, 'backgroundId' | 'logoId'> {
  background: PhotoModel | null;
  logo: PhotoModel | null;
  updatedAt: Date | null;
}

/** What a badge shows of a ticket. */
export type PrintableTicket = Pick<TicketRow, 'id' | 'kind' | 'holderName' | 'organization' | 'entryPhotoId'>;
