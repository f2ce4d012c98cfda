import type { FastifyInstance } from 'fastify';
import { showNameIn } from '@portal/shared/show/show-name';
import { translate } from '../../lib/i18n';
import { localeOfRequest } from '../../lib/request-locale';

export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';
/** Where the installed app opens: the visitor's ticket, the one page that works with no network. */
const START_PATH = '/wa/visitor/ticket';

/**
 * GET /manifest.webmanifest: the web app manifest that makes the visitor's ticket installable
 * (docs/decisions/0920-the-ticket-opens-with-no-network.md), named by the show's name in the request's language.
 */
export function registerWebAppManifestRoute(app: FastifyInstance) {
  app.get(WEB_APP_MANIFEST_PATH, async (request, reply) => {
    const locale = localeOfRequest(request);
    const name = showNameIn(await app.services.show.setting(), locale) ?? translate(locale, 'showNameUnset', {}, 'messages');
    reply.header('cache-control', 'no-cache').header('vary', 'accept-language, cookie').type('application/manifest+json; charset=utf-8');
    return JSON.stringify({
      name,
      short_name: translate(locale, 'webAppShortName', {}, 'messages'),
      description: translate(locale, 'webAppDescription', { show: name }, 'messages'),
      lang: locale,
      start_url: START_PATH,
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#c8102e',
      icons: [
        { src: '/icons/portal-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/portal-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/portal-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
  });
}
