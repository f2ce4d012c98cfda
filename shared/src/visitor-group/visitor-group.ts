/**
 * Group registration by an agent (docs/decisions/0210-group-registration.md): the organizer's group, the agent's
 * member import, and the member's own confirmation of their ID number.
 */
import { z } from 'zod';
import { IMPORT_CELL_PROBLEMS } from '../spreadsheet/spreadsheet-import';
import { IMPORT_MODES } from '../activation-code/activation-code.schema';
import type { ErrorCode } from '../errors/error-codes';
import { zMobile } from '../mobile/mobile-number.schema';
import { plainText } from '../text';
import { ID_TYPES, NON_MAINLAND_ID_PATTERN, checkMainlandId, normaliseIdNumber, type IdType } from '../application/id-number';
import { ZEmail, ZVisitorName } from '../application/application.schema';
import { ID_NUMBER_MAX_LENGTH } from '../application/application-limits';

const code = (value: ErrorCode) => ({ message: value });

/** A group holds at most this many members: one bulk decision approves a whole group (the review's cap). */
export const MAX_GROUP_MEMBERS = 500;
/** A member who types a wrong ID number this many times must ask the agent to invite them again. */
export const MAX_JOIN_ATTEMPTS = 5;

export const ZGroupId = z.uuid(code('GROUP_NOT_FOUND'));
export const ZGroupMemberId = z.uuid(code('GROUP_MEMBER_NOT_FOUND'));
const ZMemberLimit = z.number(code('GROUP_LIMIT_INVALID')).int(code('GROUP_LIMIT_INVALID')).min(1, code('GROUP_LIMIT_INVALID')).max(MAX_GROUP_MEMBERS, code('GROUP_LIMIT_INVALID'));

export const ZCreateGroupInput = z.object({
  name: plainText('GROUP_NAME_INVALID').trim().min(1, code('GROUP_NAME_INVALID')).max(60, code('GROUP_NAME_INVALID')),
  agentMobile: zMobile({ invalid: 'GROUP_AGENT_MOBILE_INVALID' }),
  memberLimit: ZMemberLimit,
});
export type TCreateGroupInput = z.output<typeof ZCreateGroupInput>;

export const ZSetGroupLimitInput = z.object({ groupId: ZGroupId, memberLimit: ZMemberLimit });
export type TSetGroupLimitInput = z.output<typeof ZSetGroupLimitInput>;

const ZIdNumber = plainText('AUDIENCE_ID_NUMBER_INVALID')
  .transform(normaliseIdNumber)
  .pipe(z.string().min(1, code('AUDIENCE_ID_NUMBER_INVALID')).max(ID_NUMBER_MAX_LENGTH, code('AUDIENCE_ID_NUMBER_INVALID')));

/** An ID number of its type, in the shape the application form accepts (the form checks the rest). */
function idNumberProblem(idType: IdType, idNumber: string): boolean {
  return idType === 'MAINLAND_ID' ? !checkMainlandId(idNumber, '9999-12-31').ok : !NON_MAINLAND_ID_PATTERN.test(idNumber);
}

/** What a member types on their own phone to confirm that the agent's entry is theirs. */
export const ZConfirmGroupMembershipInput = z
  .object({ idType: z.enum(ID_TYPES, code('AUDIENCE_ID_TYPE_REQUIRED')), idNumber: ZIdNumber })
  .refine((input) => !idNumberProblem(input.idType, input.idNumber), { message: 'AUDIENCE_ID_NUMBER_INVALID', path: ['idNumber'] });
export type TConfirmGroupMembershipInput = z.output<typeof ZConfirmGroupMembershipInput>;

/** The member import's columns, A to E (a first row that is no member is a header). */
export const GROUP_IMPORT_COLUMNS = ['name', 'mobile', 'idType', 'idNumber', 'email'] as const;

/** Why a member row is skipped; the cell problems are the spreadsheet reader's. */
export const GROUP_IMPORT_ROW_PROBLEMS = ['NAME', 'MOBILE', 'ID_TYPE', 'ID_NUMBER', 'EMAIL', 'DUPLICATE_IN_FILE', 'MOBILE_TAKEN', 'GROUP_FULL', ...IMPORT_CELL_PROBLEMS] as const;
export type GroupImportRowProblem = (typeof GROUP_IMPORT_ROW_PROBLEMS)[number];
export const GROUP_COLUMN_OF_PROBLEM: Record<GroupImportRowProblem, number> = {
  NAME: 1,
  MOBILE: 2,
  ID_TYPE: 3,
  ID_NUMBER: 4,
  EMAIL: 5,
  DUPLICATE_IN_FILE: 2,
  MOBILE_TAKEN: 2,
  GROUP_FULL: 1,
  ERROR_CELL: 1,
  BOOLEAN_CELL: 1,
};

/** The member import's query: the group, and whether a bad row stops the whole file. */
export const ZGroupImportQuery = z.object({ groupId: ZGroupId, mode: z.enum(IMPORT_MODES).default('ALL_OR_NOTHING') });
export type TGroupImportQuery = z.output<typeof ZGroupImportQuery>;

/** An ID type as a sheet may write it: the code, or its usual name in either language. */
const ID_TYPE_NAMES: Record<string, IdType> = {
  身份证: 'MAINLAND_ID',
  居民身份证: 'MAINLAND_ID',
  'id card': 'MAINLAND_ID',
  护照: 'PASSPORT',
  passport: 'PASSPORT',
  港澳通行证: 'HK_MACAO_PERMIT',
  港澳居民来往内地通行证: 'HK_MACAO_PERMIT',
  台胞证: 'TAIWAN_PERMIT',
  台湾居民来往大陆通行证: 'TAIWAN_PERMIT',
  外国人永久居留身份证: 'FOREIGNER_PERMANENT_RESIDENCE',
};

function idTypeOf(cell: string): IdType | null {
  const text = cell.trim();
  const upper = text.toUpperCase().replace(/[\s-]+/g, '_');
  if ((ID_TYPES as readonly string[]).includes(upper)) return upper as IdType;
  return ID_TYPE_NAMES[text.toLowerCase()] ?? null;
}

export interface ImportedGroupMember {
  name: string;
  mobile: string;
  idType: IdType;
  idNumber: string;
  email: string | null;
}

const ZMemberMobile = zMobile({ invalid: 'AUDIENCE_MOBILE_INVALID' });

/** A row's cells as a member, or the first problem with it and its column. */
export function parseImportedGroupMember(cells: readonly string[]): { member: ImportedGroupMember } | { problem: GroupImportRowProblem; column: number } {
  const cell = (index: number) => cells[index] ?? '';
  const problem = (which: GroupImportRowProblem) => ({ problem: which, column: GROUP_COLUMN_OF_PROBLEM[which] });
  const name = ZVisitorName.safeParse(cell(0));
  if (!name.success) return problem('NAME');
  const mobile = ZMemberMobile.safeParse(cell(1));
  if (!mobile.success) return problem('MOBILE');
  const idType = idTypeOf(cell(2));
  if (!idType) return problem('ID_TYPE');
  const idNumber = ZIdNumber.safeParse(cell(3));
  if (!idNumber.success || idNumberProblem(idType, idNumber.data)) return problem('ID_NUMBER');
  let email: string | null = null;
  if (cell(4).trim()) {
    const parsed = ZEmail.safeParse(cell(4));
    if (!parsed.success) return problem('EMAIL');
    email = parsed.data;
  }
  return { member: { name: name.data, mobile: mobile.data, idType, idNumber: idNumber.data, email } };
}

/**
 * Where a member is: invited (the agent's entry, nothing from the member yet), joined (they confirmed their ID
 * number), then their application's state once they submitted it.
 */
export const GROUP_MEMBER_STATES = ['INVITED', 'JOINED', 'WAIT', 'DONE', 'REFUSE'] as const;
export type GroupMemberState = (typeof GROUP_MEMBER_STATES)[number];

/** For lists: a mobile's last four digits and what comes before the national number's middle, e.g. +86139****5678. */
export function maskMobile(e164: string): string {
  return e164.length <= 8 ? '*'.repeat(e164.length) : `${e164.slice(0, e164.length - 8)}****${e164.slice(-4)}`;
}
