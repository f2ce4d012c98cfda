import { queryOptions, useQuery } from '@tanstack/react-query';
import { LetterTemplateDocument, type LetterTemplateQuery } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';

export type LetterTemplate = LetterTemplateQuery['letterTemplate'];

export const LETTER_TEMPLATE_KEY = ['invitation-letter', 'template'] as const;

export const letterTemplateQuery = queryOptions({
  queryKey: LETTER_TEMPLATE_KEY,
  queryFn: ({ signal }) => graphqlRequest(LetterTemplateDocument, {}, signal).then((data) => data.letterTemplate),
});

export function useLetterTemplate() {
  return useQuery(letterTemplateQuery);
}
