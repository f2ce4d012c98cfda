import type { PortalModule } from '../portal-module';
import { registerProductExportRoutes } from './product-export.routes';
import { productResolvers } from './product.resolvers';

export const productModule = { name: 'product', resolvers: productResolvers, registerRoutes: registerProductExportRoutes } satisfies PortalModule;
