import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { earliestLivePosition, whenPageSettled } from '../lib/apiActivity.js';
import { affected, keyPath, startLive } from '../lib/live.js';
import { getToken } from '../lib/session.js';

/**
 * While a signed-in page is open, what another tablet, phone or instance records shows by itself:
 * the calls on screen whose read models moved are fetched again (SWR keeps what is shown until the
 * new answer is there). Forms copy their data once when they open, so a refresh never overwrites
 * what someone is typing.
 *
 * The stream opens once the page has loaded its data and the main thread is idle (docs/live.md),
 * so it takes nothing from the first paint; it resumes from where the page's first answers stood,
 * so what moved before it opened is fetched once then, and nothing else.
 */
export function useLiveUpdates(enabled: boolean): { connected: boolean } {
  const { mutate } = useSWRConfig();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    const token = getToken();
    if (!enabled || !token) return undefined;
    // The filter alone, no data: SWR fetches again and keeps showing the current answer meanwhile.
    const refresh = (touched: (path: string) => boolean) =>
      mutate((key) => {
        const path = keyPath(key);
        return path !== null && touched(path);
      });
    let stop: (() => void) | null = null;
    let refreshing: Promise<unknown> = Promise.resolve();
    const cancel = whenPageSettled(() => {
      // From where the page's first answers stood: the first message names what moved since.
      stop = startLive(
        token,
        {
          onConnected: setConnected,
          onMoved: (models) => void (refreshing = refresh((path) => affected(path, models))),
          // Once what moved before the stream opened is fetched again, the page says so on its root
          // (`data-live="synced"`): from then on every change comes through the stream (browser tests wait for it).
          onFirstReady: () =>
            void refreshing.finally(() => {
              document.documentElement.dataset.live = 'synced';
            }),
        },
        '',
        earliestLivePosition(),
      );
    });
    return () => {
      cancel();
      stop?.();
      delete document.documentElement.dataset.live;
    };
  }, [enabled, mutate]);
  return { connected };
}
