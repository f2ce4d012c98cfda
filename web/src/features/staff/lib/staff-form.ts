import type { ErrorCode } from '@portal/shared/errors/error-codes';
import type { TCreateStaffInput, TUpdateStaffRolesInput } from '@portal/shared/staff/staff.schema';
import type { StaffFieldsFragment } from '../../../graphql/operations.generated';
import { serverFieldCodes, topLevelField } from '../../../lib/server-field-errors';

export type StaffFormValues = TCreateStaffInput;
export type StaffFormField = keyof StaffFormValues & string;

const FIELDS = ['name', 'email', 'mobile', 'roles'] as const satisfies readonly StaffFormField[];
/** Refusals that name no field, shown at the field they are about: an identity at the email (the first one). */
const FIELD_OF_CODE: Partial<Record<ErrorCode, StaffFormField>> = {
  ACCOUNT_IDENTITY_TAKEN: 'email',
  STAFF_IDENTITY_REQUIRED: 'email',
  STAFF_SELF_LOCKOUT: 'roles',
};

/** A server refusal of the form, field by field. */
export const staffFormProblems = (error: unknown): Partial<Record<StaffFormField, ErrorCode>> => serverFieldCodes(error, topLevelField(FIELDS), FIELD_OF_CODE);

/** A new account starts with no role ticked; an account's roles dialog opens on its roles. */
export const staffFormInitialValues = (staff: Pick<StaffFieldsFragment, 'roles'> | undefined): Pick<StaffFormValues, 'roles'> => ({ roles: staff?.roles ?? [] });

/** Editing an account sends its roles only: its name and sign-in identities are not changed here. */
export const staffRolesInput = (staff: Pick<StaffFieldsFragment, 'id'>, values: Pick<StaffFormValues, 'roles'>): TUpdateStaffRolesInput => ({ id: staff.id, roles: values.roles });
