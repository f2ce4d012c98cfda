import { describe, expect, it } from 'vitest';
import { fieldOfPath, isInstantAccepted } from './settings-form';

describe('the show settings form', () => {
  it('shows a server problem at the field its path names, and elsewhere when no field shows it', () => {
    for (const path of ['nameZh', 'showWebsiteUrl', 'audienceUpdateDeadline', 'retentionDays', 'days.0.day', 'days.12.capacity', 'days.3.deadline', 'channels.2.nameEn']) {
      expect(fieldOfPath(path), path).toBe(path);
    }
    for (const path of ['days', 'days.0', 'days.x.day', 'channels.0.enabled', 'audienceRegOpen', 'nameZh.extra', '']) {
      expect(fieldOfPath(path), path).toBeUndefined();
    }
  });

  it('accepts an instant written as Beijing time, and an empty one only where it may be empty', () => {
    expect(isInstantAccepted('2027-04-10 09:00', true)).toBe(true);
    expect(isInstantAccepted(' 2027-04-10T23:59 ', true)).toBe(true);
    expect(isInstantAccepted('', false)).toBe(true);
    expect(isInstantAccepted(undefined, false)).toBe(true);
    expect(isInstantAccepted('   ', true)).toBe(false);
    expect(isInstantAccepted(undefined, true)).toBe(false);
    expect(isInstantAccepted('2027-04-10', false)).toBe(false);
    expect(isInstantAccepted('2027-13-40 09:00', false)).toBe(false);
    expect(isInstantAccepted('10/04/2027 09:00', false)).toBe(false);
  });
});
