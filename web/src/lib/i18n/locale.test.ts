import { describe, expect, it } from 'vitest';
import { detectLocale, localeCookie, readCookie } from './locale';

describe('detectLocale', () => {
  it('the lang query value wins and is saved', () => {
    expect(detectLocale({ search: '?lang=zh-CN', cookie: '_lang_=en-US', navigatorLanguages: ['en-US'] })).toEqual({ locale: 'zh-CN', persist: true });
    expect(detectLocale({ search: '?x=1&lang=en_US', cookie: '_lang_=zh-CN', navigatorLanguages: [] })).toEqual({ locale: 'en-US', persist: true });
  });
  it('then the cookie', () => {
    expect(detectLocale({ search: '?lang=fr', cookie: 'a=b; _lang_=zh-CN', navigatorLanguages: ['en-US'] })).toEqual({ locale: 'zh-CN', persist: false });
  });
  it('then navigator.language', () => {
    expect(detectLocale({ search: '', cookie: '', navigatorLanguages: ['fr-FR', 'zh-TW'] })).toEqual({ locale: 'zh-CN', persist: false });
    expect(detectLocale({ search: '', cookie: '_lang_=xx', navigatorLanguages: ['en-GB'] })).toEqual({ locale: 'en-US', persist: false });
  });
  it('falls back to en-US', () => {
    expect(detectLocale({ search: '', cookie: '', navigatorLanguages: ['fr-FR'] })).toEqual({ locale: 'en-US', persist: false });
  });
});

describe('locale cookie', () => {
  it('lasts 30 days on path / with SameSite Lax', () => {
    expect(localeCookie('zh-CN')).toBe('_lang_=zh-CN; Max-Age=2592000; Path=/; SameSite=Lax');
    expect(localeCookie('en-US', true)).toContain('; Secure');
  });
  it('is read back', () => {
    expect(readCookie('sid=1; _lang_=en-US', '_lang_')).toBe('en-US');
    expect(readCookie('sid=1', '_lang_')).toBeUndefined();
  });
});
