import type { PortalModule } from '../portal-module';
import { productResolvers } from './product.resolvers';

export const productModule = { name: 'product', resolvers: productResolvers } satisfies PortalModule;
