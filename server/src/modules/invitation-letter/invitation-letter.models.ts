import type { invitationLetters, letterTemplates } from './invitation-letter.tables';

export type InvitationLetterRow = typeof invitationLetters.$inferSelect;
export type LetterTemplateRow = typeof letterTemplates.$inferSelect;

/** A letter as GraphQL answers it (`InvitationLetter`): the passport masked, the PDF's address while issued. */
export type InvitationLetterModel = InvitationLetterRow & { passportMasked: string | null; pdfUrl: string | null; own: boolean };

/** The requester's page (`LetterHolder`): who a letter would name and whether they may ask. */
export interface LetterHolderModel {
  eligible: boolean;
  holderName: string | null;
  passportMasked: string | null;
  birthDateKnown: boolean;
  visitFrom: string | null;
  visitTo: string | null;
  letters: InvitationLetterModel[];
}

/** The template as the project section edits it (`LetterTemplate`); `updatedAt` null: never saved. */
export interface LetterTemplateModel {
  issuerName: string;
  issuerTitle: string;
  bodyZh: string;
  bodyEn: string;
  letterheadPhotoId: string | null;
  signaturePhotoId: string | null;
  updatedAt: Date | null;
}
