import type { PortalModule } from '../portal-module';
import { invitationLetterResolvers } from './invitation-letter.resolvers';
import { registerInvitationLetterRoutes } from './invitation-letter.routes';

export const invitationLetterModule = {
  name: 'invitation-letter',
  resolvers: invitationLetterResolvers,
  registerRoutes: async (app) => {
    registerInvitationLetterRoutes(app);
  },
  connect: ({ photos, tickets, invitationLetters, auditLog }) => {
    // The letterhead and signature open for the project section (no personal data: not audited).
    photos.allowReading((viewer, photo) => invitationLetters.pictureAccess(viewer, photo.id));
    // A holder's personal data erased (the application withdrawn or erased, the badge deleted): so are their letters.
    tickets.whenHoldersErased((tx, kind, subjectIds) => invitationLetters.eraseHolders(tx, kind === 'VISITOR' ? 'VISITOR' : 'STAFF', subjectIds));
    auditLog.nameSubjects('invitation_letter', (ids) => invitationLetters.namesByIds(ids));
  },
} satisfies PortalModule;
