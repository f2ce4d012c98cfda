import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { WEB_APP_MANIFEST_PATH } from './web-app-manifest.routes';

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe('the web app manifest (the installable ticket)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const manifestIn = async (language: string) => {
    const response = await fetch(`${app.baseUrl}${WEB_APP_MANIFEST_PATH}`, { headers: { 'accept-language': language } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    return (await response.json()) as Manifest;
  };

  it('names the app by the show in the request’s language and opens the ticket', async () => {
    await app.portal.app.services.show.updateSetting({ nameZh: '2026 中国摩托车博览会', nameEn: 'China Motorcycle Expo 2026' });
    const chinese = await manifestIn('zh-CN,zh;q=0.9');
    expect(chinese).toMatchObject({ name: '2026 中国摩托车博览会', short_name: '我的门票', lang: 'zh-CN', start_url: '/wa/visitor/ticket', scope: '/', display: 'standalone' });
    const english = await manifestIn('en-US,en;q=0.9');
    expect(english).toMatchObject({ name: 'China Motorcycle Expo 2026', short_name: 'My ticket', lang: 'en-US' });
    expect(english.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('uses the other language’s name while one is empty, and a neutral word while both are', async () => {
    await app.portal.app.services.show.updateSetting({ nameZh: '摩博会', nameEn: '' });
    expect((await manifestIn('en-US')).name).toBe('摩博会');
    await app.portal.app.services.show.updateSetting({ nameZh: '', nameEn: '' });
    expect((await manifestIn('zh-CN')).name).toBe('展会');
  });
});
