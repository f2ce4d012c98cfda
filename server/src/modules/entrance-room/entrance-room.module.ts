import type { PortalModule } from '../portal-module';
import { registerEntranceRoomRoutes } from './entrance-room.routes';

/** The live entrance room (/wo/entrance-room): today's gate figures streamed to the organizers who watch. */
export const entranceRoomModule = {
  name: 'entrance-room',
  registerRoutes: registerEntranceRoomRoutes,
  connect: ({ entrance, entranceRoom }) => {
    entrance.onScanned(() => entranceRoom.gateScanned());
  },
} satisfies PortalModule;
