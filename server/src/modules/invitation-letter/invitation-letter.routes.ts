import type { FastifyInstance } from 'fastify';
import { LETTER_PATHS, ZLetterId, ZVerifyLetterQuery } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { localeOfRequest } from '../../lib/request-locale';
import { parseInput } from '../../lib/validation';
import { sendExport } from '../../lib/xlsx-stream';

/**
 * GET letter.pdf?letterId=… the issued letter (its holder or the section's organizers; audited), drawn on
 * the heavy-work pool and streamed; GET verify/:id?s=… the public verification answer (no sign-in, no
 * personal data beyond the masked name and passport number; never cached).
 */
export function registerInvitationLetterRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, string | undefined> }>(LETTER_PATHS.pdf, async (request, reply) => {
    const { invitationLetters, exportSlots } = app.services;
    const download = await invitationLetters.startDownload(await viewerOfRequest(app.services, request), parseInput(ZLetterId, request.query.letterId));
    const portalOrigin = `${request.protocol}://${request.host}`;
    return sendExport(request, reply, exportSlots, { owner: download.actorId, names: invitationLetters.fileName(localeOfRequest(request), download.letter), totalRows: 1, contentType: 'application/pdf' }, (output) =>
      invitationLetters.writePdf(output, download, portalOrigin, originOfRequest(request)),
    );
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(`${LETTER_PATHS.verify}/:id`, async (request, reply) => {
    const answer = await app.services.invitationLetters.verify(parseInput(ZVerifyLetterQuery, { letterId: request.params.id, signature: request.query.s }));
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
