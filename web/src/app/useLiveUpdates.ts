import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { affected, keyPath, startLive } from '../lib/live.js';
import { getToken } from '../lib/session.js';

/**
 * While a signed-in page is open, what another tablet, phone or instance records shows by itself:
 * the calls on screen whose read models moved are fetched again (SWR keeps what is shown until the
 * new answer is there). Forms copy their data once when they open, so a refresh never overwrites
 * what someone is typing.
 */
export function useLiveUpdates(enabled: boolean): { connected: boolean } {
  const { mutate } = useSWRConfig();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    const token = getToken();
    if (!enabled || !token) return undefined;
    return startLive(token, {
      onConnected: setConnected,
      // The filter alone, no data: SWR fetches again and keeps showing the current answer meanwhile.
      onMoved: (models) =>
        void mutate((key) => {
          const path = keyPath(key);
          return path !== null && affected(path, models);
        }),
    });
  }, [enabled, mutate]);
  return { connected };
}
