import { queryOptions, useQuery } from '@tanstack/react-query';
import { LETTER_PATHS, type LetterVerification } from '@portal/shared/invitation-letter/invitation-letter.schema';
import { readBody, request, toRequestError } from '../../../lib/request';

/** The public verification answer (REST, no sign-in): VALID, REVOKED or NOT_VALID; an unknown reference is a NOT_FOUND error. */
export const verifyLetterQuery = (letterId: string, signature: string) =>
  queryOptions({
    queryKey: ['invitation-letter', 'verify', letterId, signature],
    queryFn: async ({ signal }) => {
      const response = await request(`${LETTER_PATHS.verify}/${encodeURIComponent(letterId)}?s=${encodeURIComponent(signature)}`, { baseUrl: '', raw: true, signal });
      const body = await readBody(response);
      if (!response.ok) throw toRequestError(response, body);
      return body as LetterVerification;
    },
    retry: false,
  });

export function useVerifyLetter(letterId: string, signature: string) {
  return useQuery(verifyLetterQuery(letterId, signature));
}
