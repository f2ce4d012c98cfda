/**
 * The application's rules in the browser: the shared schema of the submission (`submitApplicationSchema`:
 * the fields, the ID number of its type — GB 11643 for the mainland ID —, the birth date and the age on
 * the first show day; the server parses the same input with it), mapped onto the form's fields. It holds
 * zod: the form imports it lazily, after its first paint
 * (docs/decisions/0905-application-form-validation.md).
 */
import { submitApplicationSchema, ZApplicationFields } from '@portal/shared/application/application.schema';
import { isErrorCode, type ErrorCode } from '@portal/shared/errors/error-codes';
import type { SubmitApplicationInput } from '../../../graphql/operations.generated';
import { idProblemOf } from '../../../lib/id-problem';
import { fieldOfInputPath, toSubmitInput, type ApplicationField, type ApplicationFormValues, type FieldProblem, type RuleContext } from './application-rules';

/**
 * Every rule the browser can check, one problem per field (the first that fails, in the schema's order).
 * An empty result means the server will only refuse for reasons it alone knows (uniqueness, code, seats).
 */
export function validateApplication(values: ApplicationFormValues, context: RuleContext): Partial<Record<ApplicationField, FieldProblem>> {
  const problems: Partial<Record<ApplicationField, FieldProblem>> = {};
  const result = submitApplicationSchema(context).safeParse(toSubmitInput(values));
  if (result.success) return problems;
  // The birth date is asked (and shown) only once a non-mainland ID type is chosen.
  const asksBirthDate = Boolean(values.idType) && values.idType !== 'MAINLAND_ID';
  for (const issue of result.error.issues) {
    const field = fieldOfInputPath(issue.path.map(String).join('.'));
    if (!field || problems[field] || (field === 'birthDate' && !asksBirthDate)) continue;
    const code: ErrorCode = isErrorCode(issue.message) ? issue.message : field === 'idType' ? 'AUDIENCE_ID_TYPE_REQUIRED' : 'VALIDATION_FAILED';
    const idProblem = idProblemOf(issue);
    problems[field] = idProblem ? { code, idProblem } : { code };
  }
  return problems;
}

/** The input the server receives: the shared schema's output (mobile as +86…, email lower-cased, code upper-cased). */
export function parseApplication(values: ApplicationFormValues): SubmitApplicationInput | undefined {
  const result = ZApplicationFields.safeParse(toSubmitInput(values));
  if (!result.success) return undefined;
  return { ...result.data, birthDate: result.data.birthDate ?? null, channelId: result.data.channelId ?? null };
}
