import type { AudienceModel } from '../application/application.models';
import type { admissions } from './ticket.tables';

export type AdmissionModel = typeof admissions.$inferSelect;
/** The VIP ticket of an approved visitor: the application and the signed token its QR holds. */
export interface TicketModel {
  audience: AudienceModel;
  token: string;
}
