import { describe, expect, it } from 'vitest';
import enUS from '../../../locales/en-US/audit-log.json';
import zhCN from '../../../locales/zh-CN/audit-log.json';
import { detailLines } from './audit-detail';
import { auditSubjectHref, type AuditSubjectPaths } from './audit-subject';

describe('an audit entry read as lines', () => {
  it('lists only the fields a change touched, before → after', () => {
    const detail = { before: { nameZh: '演示摩托', bootNumber: 'A-101', credentialLimit: 10 }, after: { nameZh: '演示摩托', bootNumber: 'B-202', credentialLimit: 12 } };
    expect(detailLines(JSON.stringify(detail))).toEqual([
      { field: 'bootNumber', kind: 'change', before: 'A-101', after: 'B-202' },
      { field: 'credentialLimit', kind: 'change', before: 10, after: 12 },
    ]);
  });

  it('lists what a creation was given, a state change and the facts beside it', () => {
    expect(detailLines(JSON.stringify({ after: { name: 'Gate 1', hasToken: false } }))).toEqual([
      { field: 'name', kind: 'fact', value: 'Gate 1' },
      { field: 'hasToken', kind: 'fact', value: false },
    ]);
    expect(detailLines(JSON.stringify({ from: 'WAIT', to: 'REFUSE', reason: '照片不清晰' }))).toEqual([
      { field: 'status', kind: 'change', before: 'WAIT', after: 'REFUSE' },
      { field: 'reason', kind: 'fact', value: '照片不清晰' },
    ]);
    expect(detailLines(JSON.stringify({ reason: 'lost', before: 'VALID', after: 'REVOKED' }))).toEqual([
      { field: 'state', kind: 'change', before: 'VALID', after: 'REVOKED' },
      { field: 'reason', kind: 'fact', value: 'lost' },
    ]);
    expect(detailLines(null)).toEqual([]);
  });

  it('labels every field in both languages alike (the wire name bootNumber reads as the booth number)', () => {
    expect(Object.keys(zhCN.fields).sort()).toEqual(Object.keys(enUS.fields).sort());
    expect(Object.keys(zhCN.values).sort()).toEqual(Object.keys(enUS.values).sort());
    expect([enUS.fields.bootNumber, zhCN.fields.bootNumber]).toEqual(['Booth number', '展位号']);
    for (const field of ['identity', 'status', 'state', 'reason', 'credentialLimit', 'audienceUpdateDeadline', 'ticketKinds', 'rows', 'filter']) expect(enUS.fields).toHaveProperty(field);
  });
});

describe('where an entry links its subject', () => {
  const paths: AuditSubjectPaths = {
    audience: (id) => `/wo/audience/list?detail=${id}`,
    exhibitorList: '/wo/exhibitor/list',
    badgeList: '/wo/exhibitor/application/list',
    ticketList: '/wo/ticket/list',
    staffList: '/wo/system/staff',
    activationCodes: '/wo/project/cdk',
    hardwareList: '/wo/hardware/list',
    projectInfo: '/wo/project/info',
    catalogList: '/wo/exhibitor/catalog/list',
    bannerList: '/wo/exhibitor/banner/list',
    product: (id) => `/wo/exhibitor/product/${id}`,
  };
  const entry = (subjectType: string, subjectName: string | null, action = 'x.y') => ({ subjectType, subjectId: 'f1e2', subjectName, action });

  it('opens the record itself, or the list that finds it by name', () => {
    expect(auditSubjectHref(entry('audience', '王伟'), paths)).toBe('/wo/audience/list?detail=f1e2');
    expect(auditSubjectHref(entry('product', null), paths)).toBe('/wo/exhibitor/product/f1e2');
    expect(auditSubjectHref(entry('exhibitor', '演示摩托'), paths)).toBe(`/wo/exhibitor/list?keyword=${encodeURIComponent('演示摩托')}`);
    expect(auditSubjectHref(entry('account', 'Ann Lee', 'staff.update'), paths)).toBe('/wo/system/staff?keyword=Ann+Lee');
  });

  it('links nothing that cannot be opened: an erased application, a visitor account, a photo', () => {
    expect(auditSubjectHref(entry('audience', null), paths)).toBeNull();
    expect(auditSubjectHref(entry('account', 'Visitor', 'auth.login'), paths)).toBeNull();
    expect(auditSubjectHref(entry('photo', null), paths)).toBeNull();
  });
});
