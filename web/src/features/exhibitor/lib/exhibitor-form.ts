import type { ErrorCode } from '@portal/shared/errors/error-codes';
import type { TCreateExhibitorInput, TUpdateExhibitorInput } from '@portal/shared/exhibitor/exhibitor.schema';
import type { PhotoValue } from '../../../components/photo-upload';
import type { ExhibitorFieldsFragment } from '../../../graphql/operations.generated';
import { serverFieldCodes } from '../../../lib/server-field-errors';

/** The organizer's company form: the create input with the logo as the picture shown. */
export type ExhibitorFormValues = Omit<TCreateExhibitorInput, 'logoId'> & { logo: PhotoValue | null };
export type ExhibitorFormField = keyof ExhibitorFormValues & string;

/** A new company may hold ten badges until the organizer says otherwise. */
export const DEFAULT_CREDENTIAL_LIMIT = 10;

const FIELDS = ['nameZh', 'nameEn', 'contactName', 'contactMobile', 'contactEmail', 'bootNumber', 'credentialLimit', 'logo'] as const satisfies readonly ExhibitorFormField[];
/** Refusals that name no field, shown at the field they are about: an identity at the email (the first one). */
const FIELD_OF_CODE: Partial<Record<ErrorCode, ExhibitorFormField>> = {
  ACCOUNT_IDENTITY_TAKEN: 'contactEmail',
  EXHIBITOR_LIMIT_BELOW_USED: 'credentialLimit',
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

/** A company opens on its own fields (no contact channels: they are sign-in identities); a new one on the default badge limit. */
export function exhibitorFormInitialValues(exhibitor: ExhibitorFieldsFragment | undefined): Partial<ExhibitorFormValues> {
  if (!exhibitor) return { credentialLimit: DEFAULT_CREDENTIAL_LIMIT, logo: null };
  return {
    nameZh: exhibitor.nameZh,
    nameEn: exhibitor.nameEn,
    contactName: exhibitor.contactName ?? '',
    bootNumber: exhibitor.bootNumber,
    credentialLimit: exhibitor.credentialLimit,
    logo: exhibitor.logoId && exhibitor.logo ? { id: exhibitor.logoId, url: exhibitor.logo } : null,
  };
}

/** The lowest badge limit the form offers: the badges the company already holds. */
export const lowestCredentialLimit = (exhibitor: Pick<ExhibitorFieldsFragment, 'usedCredentials'> | undefined): number => exhibitor?.usedCredentials ?? 0;

/** What creating sends: every field, the logo by its id (none when left empty). */
export function exhibitorCreateInput({ logo, ...values }: ExhibitorFormValues): TCreateExhibitorInput {
  return { ...values, logoId: logo?.id ?? null };
}

/** What an edit sends: the fields the organizer edits, never the contact channels; an emptied logo is removed. */
export function exhibitorUpdateInput(id: string, { logo, ...values }: ExhibitorFormValues): TUpdateExhibitorInput {
  return { id, nameZh: values.nameZh, nameEn: values.nameEn, contactName: values.contactName, bootNumber: values.bootNumber, credentialLimit: values.credentialLimit, logoId: logo?.id ?? null };
}
