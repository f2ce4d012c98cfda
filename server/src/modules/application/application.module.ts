import type { PortalModule } from '../portal-module';
import { applicationLoaders } from './application.loaders';
import { isReviewer } from './application.policy';
import { applicationResolvers } from './application.resolvers';
import { waitlistResolvers } from './waitlist.resolvers';

export const applicationModule = {
  name: 'application',
  // The waitlist's resolvers live in their own file; they add fields to the same types.
  resolvers: {
    ...applicationResolvers,
    Mutation: { ...applicationResolvers.Mutation, ...waitlistResolvers.Mutation },
    Audience: { ...applicationResolvers.Audience, ...waitlistResolvers.Audience },
    OfficeShowDay: waitlistResolvers.OfficeShowDay,
  },
  createLoaders: applicationLoaders,
  connect: ({ photos, tickets, applications, auditLog }) => {
    // Reviewers may open the photos an application references; each view is audited (PIPL).
    photos.allowReading(async (viewer, photo) => (isReviewer(viewer) && (await applications.referencesPhoto(photo.id)) ? { audited: true } : null));
    // An admitted visit day can no longer be dropped: the ticket module records admissions, this module its days.
    tickets.recordVisitsWith((tx, audienceId, day, at) => applications.markDayAdmitted(tx, audienceId, day, at));
    auditLog.nameSubjects('audience', (ids) => applications.namesByIds(ids));
  },
} satisfies PortalModule;
