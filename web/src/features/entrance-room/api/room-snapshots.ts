import { useEffect, useState } from 'react';
import type { RoomSnapshot } from '@portal/shared/entrance-room/entrance-room';

/** The server's stream of the room's snapshots (server/src/modules/entrance-room/entrance-room.routes.ts). */
export const ROOM_EVENTS_PATH = '/apis/entrance-room/events';

export type RoomConnection = 'connecting' | 'live' | 'reconnecting' | 'refused';

/**
 * The latest snapshot of the entrance room, pushed by the server (EventSource: the session cookie goes with
 * it; the browser reconnects by itself after a cut, and gives up on a refusal, which is not a stream).
 */
export function useRoomSnapshots(): { snapshot: RoomSnapshot | undefined; connection: RoomConnection } {
  const [snapshot, setSnapshot] = useState<RoomSnapshot>();
  const [connection, setConnection] = useState<RoomConnection>('connecting');
  useEffect(() => {
    const source = new EventSource(ROOM_EVENTS_PATH);
    source.addEventListener('snapshot', (event) => {
      setSnapshot(JSON.parse((event as MessageEvent<string>).data) as RoomSnapshot);
      setConnection('live');
    });
    source.onerror = () => setConnection(source.readyState === EventSource.CLOSED ? 'refused' : 'reconnecting');
    return () => source.close();
  }, []);
  return { snapshot, connection };
}
