import { useQuery } from '@tanstack/react-query';
import { ProductApplicationDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { PRODUCT_KEY } from './my-product-applications';

/** One application (null when it is not the viewer's company's, or does not exist). */
export function useProductApplication(id: string | undefined) {
  return useQuery({
    queryKey: [...PRODUCT_KEY, 'one', id],
    queryFn: ({ signal }) => graphqlRequest(ProductApplicationDocument, { id: id ?? '' }, signal).then((data) => data.productApplication),
    enabled: Boolean(id),
  });
}
