import type { PortalModule } from '../portal-module';
import { registerDeviceRoutes } from './entrance-device.routes';
import { entranceResolvers } from './entrance.resolvers';

/** Entrance devices (/wo/hardware/list) and the device API they call. */
export const entranceModule = {
  name: 'entrance',
  resolvers: entranceResolvers,
  registerRoutes: registerDeviceRoutes,
  connect: ({ entrance, auditLog }) => {
    auditLog.nameSubjects('device', async (ids) => new Map((await entrance.list()).filter((device) => ids.includes(device.id)).map((device) => [device.id, device.name])));
  },
} satisfies PortalModule;
