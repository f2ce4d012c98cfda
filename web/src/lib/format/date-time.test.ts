import { describe, expect, it } from 'vitest';
import { formatAxisDay, formatDate, formatDateTime, formatDay, formatDayRange, formatLocaleOf, formatTime, instantOfShanghaiWallClock, shanghaiWallClockOf } from './date-time';

describe('date and time formatting (Beijing time, one style per language)', () => {
  it('writes an instant as YYYY-MM-DD HH:mm in Asia/Shanghai, whatever its offset', () => {
    expect(formatDateTime('2026-12-24T07:55:00Z')).toBe('2026-12-24 15:55');
    expect(formatDateTime('2026-12-24T23:30:00+08:00')).toBe('2026-12-24 23:30');
    // 16:30 UTC is already the next day in Beijing
    expect(formatDateTime('2026-12-24T16:30:00Z')).toBe('2026-12-25 00:30');
    expect(formatDateTime(new Date('2026-01-02T03:04:00+08:00'))).toBe('2026-01-02 03:04');
  });

  it('date and time apart, on the Beijing calendar', () => {
    expect(formatDate('2026-12-24T16:30:00Z')).toBe('2026-12-25');
    expect(formatTime('2026-12-24T16:30:00Z')).toBe('00:30');
  });

  it('gives an empty text for a missing or unreadable instant', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatTime('')).toBe('');
  });

  it('writes a show day as 12月24日 周四 in Chinese and Thu, Dec 24 in English', () => {
    expect(formatDay('2026-12-24', 'zh-CN')).toBe('12月24日 周四');
    expect(formatDay('2026-12-24', 'en-US')).toBe('Thu, Dec 24');
    expect(formatDay('2026-01-05', 'zh-CN')).toBe('1月5日 周一');
    expect(formatDay('2026-01-05', 'en')).toBe('Mon, Jan 5');
    // On a chart axis the same day without its weekday, never as 01-05.
    expect(formatAxisDay('2026-01-05', 'zh-CN')).toBe('1月5日');
    expect(formatAxisDay('2026-12-24', 'en-US')).toBe('Dec 24');
    expect(formatAxisDay('soon', 'en-US')).toBe('soon');
    expect(formatDay('garbage', 'en-US')).toBe('garbage');
  });

  it('a day never shifts with the browser time zone', () => {
    const before = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(formatDay('2026-12-24', 'en-US')).toBe('Thu, Dec 24');
    } finally {
      process.env.TZ = before;
    }
  });

  it('maps any language to one of the two styles', () => {
    expect(formatLocaleOf('zh')).toBe('zh-CN');
    expect(formatLocaleOf('zh-CN')).toBe('zh-CN');
    expect(formatLocaleOf('en-GB')).toBe('en-US');
    expect(formatLocaleOf(undefined)).toBe('en-US');
  });

  it('writes the span of the show in each language (the footer)', () => {
    expect(formatDayRange('2026-12-23', '2026-12-26', 'zh-CN')).toBe('2026年12月23日–26日');
    expect(formatDayRange('2026-12-23', '2026-12-26', 'en-US')).toBe('Dec 23–26, 2026');
    expect(formatDayRange('2026-04-28', '2026-05-01', 'zh-CN')).toBe('2026年4月28日–5月1日');
    expect(formatDayRange('2026-04-28', '2026-05-01', 'en-US')).toBe('Apr 28 – May 1, 2026');
    expect(formatDayRange('2026-12-30', '2027-01-02', 'zh-CN')).toBe('2026年12月30日–2027年1月2日');
    expect(formatDayRange('2026-12-30', '2027-01-02', 'en-US')).toBe('Dec 30, 2026 – Jan 2, 2027');
    expect(formatDayRange('2026-12-24', '2026-12-24', 'en-US')).toBe('Dec 24, 2026');
    expect(formatDayRange('2026-12-24', '2026-12-24', 'zh-CN')).toBe('2026年12月24日');
    expect(formatDayRange('soon', '2026-12-24', 'zh-CN')).toBe('');
  });
});

describe('Beijing wall-clock times of the date-time pickers', () => {
  it('names the same instant whatever the browser zone, and back', () => {
    const instant = instantOfShanghaiWallClock({ year: 2026, month: 11, day: 24, hour: 0, minute: 30 });
    expect(instant.toISOString()).toBe('2026-12-23T16:30:00.000Z');
    expect(formatDateTime(instant)).toBe('2026-12-24 00:30');
    expect(shanghaiWallClockOf(instant)).toEqual({ year: 2026, month: 11, day: 24, hour: 0, minute: 30 });
  });
  it('a range end takes the whole minute', () => {
    expect(instantOfShanghaiWallClock({ year: 2026, month: 0, day: 1, hour: 23, minute: 59 }, true).toISOString()).toBe('2026-01-01T15:59:59.999Z');
  });
});
