import type { FastifyInstance } from 'fastify';
import { BADGE_PRINT_PATHS, ZBadgePreviewInput, ZPrintBadgeBatchQuery, ZPrintOneBadgeQuery } from '@portal/shared/badge-print/badge-print.schema';
import { ticketFilterFromQuery } from '@portal/shared/ticket/ticket-office.schema';
import { originOfRequest, viewerOfRequest } from '../../http/request-viewer';
import { localeOfRequest } from '../../lib/request-locale';
import { parseInput } from '../../lib/validation';
import { sendExport } from '../../lib/xlsx-stream';

const PDF = 'application/pdf';

/**
 * The badge PDFs (ROLE_SUPER_ADMIN or ROLE_TICKET), drawn on the heavy-work pool and streamed:
 * GET print.pdf?ticketId=…&layout=SINGLE|A4_SHEET one ticket's badge; GET batch.pdf?kind=…&status=…
 * (the ticket list's filter)&layout=… its valid tickets, their number in `X-Total-Count`; POST preview.pdf
 * a draft template with sample data. Each print is recorded and audited before the bytes leave.
 */
export function registerBadgePrintRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, string | undefined> }>(BADGE_PRINT_PATHS.one, async (request, reply) => {
    const { badgePrint, exportSlots } = app.services;
    const print = await badgePrint.startOne(await viewerOfRequest(app.services, request), parseInput(ZPrintOneBadgeQuery, { ticketId: request.query.ticketId, layout: request.query.layout }));
    const locale = localeOfRequest(request);
    return sendExport(request, reply, exportSlots, { owner: print.actorId, names: badgePrint.fileName(locale, print.ticket), totalRows: 1, contentType: PDF }, (output) =>
      badgePrint.writeOne(output, print, locale, originOfRequest(request)),
    );
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(BADGE_PRINT_PATHS.batch, async (request, reply) => {
    const { badgePrint, exportSlots } = app.services;
    const print = await badgePrint.startBatch(await viewerOfRequest(app.services, request), parseInput(ZPrintBadgeBatchQuery, { filter: ticketFilterFromQuery(request.query), layout: request.query.layout }));
    const locale = localeOfRequest(request);
    return sendExport(request, reply, exportSlots, { owner: print.actorId, names: badgePrint.fileName(locale), totalRows: print.total, contentType: PDF }, (output) =>
      badgePrint.writeBatch(output, print, locale, originOfRequest(request)),
    );
  });

  app.post(BADGE_PRINT_PATHS.preview, async (request, reply) => {
    const { badgePrint, exportSlots } = app.services;
    const preview = badgePrint.startPreview(await viewerOfRequest(app.services, request), parseInput(ZBadgePreviewInput, request.body));
    const locale = localeOfRequest(request);
    return sendExport(request, reply, exportSlots, { owner: preview.actorId, names: badgePrint.fileName(locale), contentType: PDF }, (output) => badgePrint.writePreview(output, preview, locale));
  });
}
