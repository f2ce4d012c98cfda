import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { actionLabelKey, canEditApplication, infoStatusView, updateDeadlinePassed } from './application-status';

const NOW = Date.parse('2024-11-01T00:00:00+08:00');
const DEADLINE = '2024-11-13T23:59:59+08:00';
const PASSED = '2024-10-01T00:00:00+08:00';

function lookup(locale: string, key: string): unknown {
  const resource = JSON.parse(readFileSync(join(import.meta.dirname, '../../../locales', locale, 'visitor.json'), 'utf8')) as Record<string, unknown>;
  return key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), resource);
}

describe('my registration: status view per approveStatus (SPEC 4)', () => {
  it('WAIT: pending text, edit before the deadline', () => {
    expect(infoStatusView('WAIT', DEADLINE, NOW, true)).toMatchObject({ tone: 'warning', titleKey: 'info.status.WAIT.title', showReason: false, actions: ['edit'] });
    expect(infoStatusView('WAIT', PASSED, NOW, true).actions).toEqual([]);
  });

  it('REFUSE: the reason and edit-and-resubmit, which disappears after the deadline', () => {
    expect(infoStatusView('REFUSE', DEADLINE, NOW, true)).toMatchObject({ tone: 'error', descriptionKey: 'info.status.REFUSE.description', showReason: true, actions: ['edit'] });
    expect(infoStatusView('REFUSE', PASSED, NOW, true)).toMatchObject({ descriptionKey: 'info.status.REFUSE.closed', showReason: true, actions: [] });
  });

  it('a pending application offers "Edit", a refused one "Edit and resubmit"', () => {
    expect(infoStatusView('WAIT', DEADLINE, NOW, true).actions).toEqual(['edit']);
    expect(actionLabelKey('WAIT', 'edit')).toBe('info.actions.edit');
    expect(actionLabelKey('REFUSE', 'edit')).toBe('info.actions.resubmit');
    expect(infoStatusView('WAIT', PASSED, NOW, true).actions).toEqual([]);
  });

  it('DONE: the activated-ticket text and links to ticket, visit dates and records, never edit', () => {
    expect(infoStatusView('DONE', DEADLINE, NOW, true)).toMatchObject({ tone: 'success', titleKey: 'info.status.DONE.title', actions: ['ticket', 'visitDate', 'record'] });
    expect(canEditApplication('DONE', null, NOW, true)).toBe(false);
  });

  it('CREATED: asks for the application while registration is open', () => {
    expect(infoStatusView('CREATED', null, NOW, true)).toMatchObject({ tone: 'info', actions: ['apply'] });
    expect(infoStatusView('CREATED', null, NOW, false).actions).toEqual([]);
  });

  it('follows the server’s submit rule: an edit needs the deadline, not open registration', () => {
    expect(canEditApplication('WAIT', DEADLINE, NOW, false)).toBe(true);
    expect(canEditApplication('REFUSE', PASSED, NOW, true)).toBe(false);
    expect(canEditApplication('DONE', DEADLINE, NOW, true)).toBe(false);
  });

  it('no deadline means always editable; the deadline instant itself still counts', () => {
    expect(updateDeadlinePassed(null, NOW)).toBe(false);
    expect(updateDeadlinePassed(DEADLINE, Date.parse(DEADLINE))).toBe(false);
    expect(updateDeadlinePassed(DEADLINE, Date.parse(DEADLINE) + 1)).toBe(true);
  });

  it('every status text exists in both languages; DONE says to bring the physical ticket and ID', () => {
    for (const status of ['CREATED', 'WAIT', 'REFUSE', 'DONE'] as const) {
      const view = infoStatusView(status, DEADLINE, NOW, true);
      for (const locale of ['zh-CN', 'en-US']) {
        expect(lookup(locale, view.titleKey)).toBeTypeOf('string');
        expect(lookup(locale, view.descriptionKey)).toBeTypeOf('string');
      }
    }
    expect(lookup('en-US', 'info.status.DONE.description')).toMatch(/physical VIP ticket and your ID/);
    expect(lookup('zh-CN', 'info.status.DONE.description')).toMatch(/实体 VIP 门票及身份证件/);
  });
});
