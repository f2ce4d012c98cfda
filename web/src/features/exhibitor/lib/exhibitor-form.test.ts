import { describe, expect, it } from 'vitest';
import type { ExhibitorFieldsFragment } from '../../../graphql/operations.generated';
import { ZCreateExhibitorInput } from '@portal/shared/exhibitor/exhibitor.schema';
import { toE164Mobile } from '@portal/shared/mobile/mobile-number';
import { GraphQLClientError } from '../../../lib/graphql-client';
import { exhibitorCreateInput, exhibitorFormInitialValues, exhibitorFormProblems, exhibitorUpdateInput, type ExhibitorFormValues } from './exhibitor-form';

const refusal = (code: string, fields?: Array<{ path: string; code: string }>) => new GraphQLClientError(200, [{ message: code, extensions: { code, classification: 'BAD_REQUEST', ...(fields ? { fields } : {}) } }], null);
const company: ExhibitorFieldsFragment = {
  id: 'x1',
  nameZh: '重庆宗申',
  nameEn: 'Zongshen',
  logo: '/files/logo1',
  logoId: 'logo1',
  status: 'ACTIVE',
  bootNumber: 'A-101',
  credentialLimit: 20,
  usedCredentials: 7,
  boothArea: 180,
  boothType: 'RAW_SPACE',
  limitOverride: 20,
  limitOverrideReason: '主赞助商',
  quota: { source: 'OVERRIDE', boothArea: 180, boothType: 'RAW_SPACE', rule: null, byArea: null, base: 20, paidExtra: 0, limit: 20 },
  contactName: null,
  contactMobile: '+8613800138000',
  contactEmail: 'expo@zongshen.example',
  createdAt: '2027-01-05T02:00:00.000Z',
  accounts: [],
};
const values: ExhibitorFormValues = {
  nameZh: '重庆宗申',
  nameEn: 'Zongshen',
  contactName: '李明',
  contactMobile: '+8613800138000',
  contactEmail: 'expo@zongshen.example',
  bootNumber: 'B-12',
  boothArea: 36,
  boothType: 'SHELL_SCHEME',
  limitOverride: null,
  limitOverrideReason: '旧原因',
  logo: { id: 'logo2', url: '/files/logo2' },
};

describe('the organizer’s company form', () => {
  it('opens a new company without a booth (the quota rule decides) and no logo', () => {
    expect(exhibitorFormInitialValues(undefined)).toEqual({ boothArea: null, boothType: null, limitOverride: null, limitOverrideReason: null, logo: null });
  });

  it('opens a company on its own fields, without the contact channels that are sign-in identities', () => {
    expect(exhibitorFormInitialValues(company)).toEqual({
      nameZh: '重庆宗申',
      nameEn: 'Zongshen',
      contactName: '',
      bootNumber: 'A-101',
      boothArea: 180,
      boothType: 'RAW_SPACE',
      limitOverride: 20,
      limitOverrideReason: '主赞助商',
      logo: { id: 'logo1', url: '/files/logo1' },
    });
    expect(exhibitorFormInitialValues({ ...company, logo: null }).logo).toBeNull();
    expect(exhibitorFormInitialValues({ ...company, logoId: null }).logo).toBeNull();
  });

  it('creates a company with every field and the logo by its id', () => {
    const { logo: _logo, ...fields } = values;
    expect(exhibitorCreateInput(values)).toStrictEqual({ ...fields, logoId: 'logo2' });
    expect(exhibitorCreateInput({ ...values, logo: null }).logoId).toBeNull();
  });

  it('sends the mobile as the mobile field holds it, which the shared schema stores as E.164', () => {
    const typed = { ...values, contactMobile: '+86 138 0013 8000', logo: null };
    const sent = exhibitorCreateInput(typed);
    expect(sent.contactMobile).toBe('+86 138 0013 8000');
    expect(ZCreateExhibitorInput.parse(sent).contactMobile).toBe('+8613800138000');
    expect(ZCreateExhibitorInput.parse(sent).contactMobile).toBe(toE164Mobile(typed.contactMobile ?? ''));
    expect(ZCreateExhibitorInput.parse(exhibitorCreateInput({ ...typed, contactMobile: '+852 9123 4567' })).contactMobile).toBe('+85291234567');
    expect(ZCreateExhibitorInput.safeParse(exhibitorCreateInput({ ...typed, contactMobile: '+86 12345' })).error?.issues[0]?.message).toBe('EXHIBITOR_MOBILE_INVALID');
  });

  it('edits the company’s fields but never its contact channels, and removes an emptied logo', () => {
    // No override: its old reason is not sent.
    expect(exhibitorUpdateInput('x1', values)).toEqual({ id: 'x1', nameZh: '重庆宗申', nameEn: 'Zongshen', contactName: '李明', bootNumber: 'B-12', boothArea: 36, boothType: 'SHELL_SCHEME', limitOverride: null, limitOverrideReason: null, logoId: 'logo2' });
    expect(exhibitorUpdateInput('x1', { ...values, limitOverride: 12 })).toMatchObject({ limitOverride: 12, limitOverrideReason: '旧原因' });
    expect(exhibitorUpdateInput('x1', { ...values, logo: null }).logoId).toBeNull();
  });

  it('shows a refusal at the field it is about, the logo’s id at the logo', () => {
    expect(exhibitorFormProblems(refusal('ACCOUNT_IDENTITY_TAKEN'))).toEqual({ contactEmail: 'ACCOUNT_IDENTITY_TAKEN' });
    expect(exhibitorFormProblems(refusal('EXHIBITOR_IDENTITY_REQUIRED'))).toEqual({ contactEmail: 'EXHIBITOR_IDENTITY_REQUIRED' });
    expect(exhibitorFormProblems(refusal('EXHIBITOR_LIMIT_BELOW_USED'))).toEqual({ limitOverride: 'EXHIBITOR_LIMIT_BELOW_USED' });
    expect(exhibitorFormProblems(refusal('VALIDATION_FAILED', [{ path: 'logoId', code: 'EXHIBITOR_LOGO_INVALID' }, { path: 'nameEn', code: 'EXHIBITOR_NAME_EN_INVALID' }]))).toEqual({
      logo: 'EXHIBITOR_LOGO_INVALID',
      nameEn: 'EXHIBITOR_NAME_EN_INVALID',
    });
    expect(exhibitorFormProblems(refusal('VALIDATION_FAILED', [{ path: 'id', code: 'NOT_FOUND' }]))).toEqual({});
    expect(exhibitorFormProblems(new TypeError('Failed to fetch'))).toEqual({});
  });
});
