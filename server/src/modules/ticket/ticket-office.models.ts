import type { TicketStatus } from '@portal/shared/ticket/ticket.schema';
import type { PhotoModel } from '../media/media.models';
import type { tickets } from './ticket.tables';

export type TicketRow = typeof tickets.$inferSelect;

/** A ticket as the office lists it: the ledger row, its derived status, its admissions in figures and who acted. */
export interface OfficeTicketModel extends TicketRow {
  status: TicketStatus;
  admissionCount: number;
  lastAdmittedAt: Date | null;
  conflictCount: number;
  revokedBy: string | null;
  faceCheckedBy: string | null;
}

export interface TicketFaceCheckModel {
  ticket: OfficeTicketModel;
  entryPhoto: PhotoModel | null;
  idPhoto: PhotoModel | null;
  faceMatchScore: number | null;
}

/** A valid ticket's signed token for the office's dialog (its drawing is the resolver's). */
export interface OfficeTicketQrModel {
  ticketId: string;
  token: string;
}

/** One step of a ticket's history (GraphQL `TicketEvent`). */
export interface TicketEventModel {
  kind: 'ISSUED' | 'REVOKED' | 'REINSTATED' | 'FACE_CHECKED' | 'PRINTED' | 'ADMITTED';
  at: Date;
  actorName: string | null;
  reason: string | null;
  gate: string | null;
  reEntry: boolean | null;
}
