import type { MainlandIdProblem } from '@portal/shared/application/id-number';

const MAINLAND_ID_PROBLEMS: readonly MainlandIdProblem[] = ['FORMAT', 'BIRTH_DATE', 'CHECK_DIGIT'];

/** The mainland-ID part a refused ID number carries (`params.idProblem` of the shared schemas' issue). */
export function idProblemOf(issue: object): MainlandIdProblem | undefined {
  const params: unknown = 'params' in issue ? issue.params : undefined;
  if (typeof params !== 'object' || params === null || !('idProblem' in params)) return undefined;
  return MAINLAND_ID_PROBLEMS.find((problem) => problem === params.idProblem);
}
