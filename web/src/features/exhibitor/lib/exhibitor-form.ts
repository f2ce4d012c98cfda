import type { ErrorCode } from '@portal/shared/errors/error-codes';
import type { TCreateExhibitorInput, TUpdateExhibitorInput } from '@portal/shared/exhibitor/exhibitor.schema';
import type { PhotoValue } from '../../../components/photo-upload';
import type { ExhibitorFieldsFragment } from '../../../graphql/operations.generated';
import { serverFieldCodes } from '../../../lib/server-field-errors';

/** The organizer's company form: the create input with the logo as the picture shown. */
export type ExhibitorFormValues = Omit<TCreateExhibitorInput, 'logoId'> & { logo: PhotoValue | null };
export type ExhibitorFormField = keyof ExhibitorFormValues & string;

const FIELDS = ['nameZh', 'nameEn', 'contactName', 'contactMobile', 'contactEmail', 'bootNumber', 'boothArea', 'boothType', 'limitOverride', 'limitOverrideReason', 'logo'] as const satisfies readonly ExhibitorFormField[];
/** Refusals that name no field, shown at the field they are about: an identity at the email (the first one). */
const FIELD_OF_CODE: Partial<Record<ErrorCode, ExhibitorFormField>> = {
  ACCOUNT_IDENTITY_TAKEN: 'contactEmail',
  // The booth gives fewer badges than the company holds: the override is where the organizer keeps them.
  EXHIBITOR_LIMIT_BELOW_USED: 'limitOverride',
  EXHIBITOR_IDENTITY_REQUIRED: 'contactEmail',
  EXHIBITOR_LOGO_INVALID: 'logo',
};

/** The form field a server problem's input path names: the logo's id is the logo field. */
function fieldOfPath(path: string): ExhibitorFormField | undefined {
  const top = path.split('.')[0];
  return top === 'logoId' ? 'logo' : FIELDS.find((field) => field === top);
}

/** A server refusal of the form, field by field. */
export const exhibitorFormProblems = (error: unknown): Partial<Record<ExhibitorFormField, ErrorCode>> => serverFieldCodes(error, fieldOfPath, FIELD_OF_CODE);

/** A company opens on its own fields (no contact channels: they are sign-in identities); a new one without a booth, following the quota rule. */
export function exhibitorFormInitialValues(exhibitor: ExhibitorFieldsFragment | undefined): Partial<ExhibitorFormValues> {
  if (!exhibitor) return { boothArea: null, boothType: null, limitOverride: null, limitOverrideReason: null, logo: null };
  return {
    nameZh: exhibitor.nameZh,
    nameEn: exhibitor.nameEn,
    contactName: exhibitor.contactName ?? '',
    bootNumber: exhibitor.bootNumber,
    boothArea: exhibitor.boothArea ?? null,
    boothType: exhibitor.boothType ?? null,
    limitOverride: exhibitor.limitOverride ?? null,
    limitOverrideReason: exhibitor.limitOverrideReason ?? null,
    logo: exhibitor.logoId && exhibitor.logo ? { id: exhibitor.logoId, url: exhibitor.logo } : null,
  };
}

/** What creating sends: every field, the logo by its id (none when left empty). */
export function exhibitorCreateInput({ logo, ...values }: ExhibitorFormValues): TCreateExhibitorInput {
  return { ...values, logoId: logo?.id ?? null };
}

/** What an edit sends: the fields the organizer edits, never the contact channels; an emptied logo is removed. */
export function exhibitorUpdateInput(id: string, { logo, ...values }: ExhibitorFormValues): TUpdateExhibitorInput {
  const { nameZh, nameEn, contactName, bootNumber, boothArea, boothType, limitOverride, limitOverrideReason } = values;
  return { id, nameZh, nameEn, contactName, bootNumber, boothArea, boothType, limitOverride, limitOverrideReason: limitOverride === null ? null : limitOverrideReason, logoId: logo?.id ?? null };
}
