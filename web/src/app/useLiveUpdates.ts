import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { whenPageSettled } from '../lib/apiActivity.js';
import { affected, keyPath, startLive } from '../lib/live.js';
import { getToken } from '../lib/session.js';

/**
 * While a signed-in page is open, what another tablet, phone or instance records shows by itself:
 * the calls on screen whose read models moved are fetched again (SWR keeps what is shown until the
 * new answer is there). Forms copy their data once when they open, so a refresh never overwrites
 * what someone is typing.
 *
 * The stream opens once the page has loaded its data and the main thread is idle (docs/live.md),
 * so it takes nothing from the first paint; what moved before it opened is fetched once then.
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
    const cancel = whenPageSettled(() => {
      stop = startLive(token, {
        onConnected: setConnected,
        onMoved: (models) => void refresh((path) => affected(path, models)),
        // An answer equal to the one shown renders nothing (SWR compares them). Once those answers
        // are in, the page says so on its root (`data-live="synced"`): the page is then up to date
        // and every later change comes through the stream (browser tests wait for it).
        onFirstReady: () =>
          void refresh(onScreenData).finally(() => {
            document.documentElement.dataset.live = 'synced';
          }),
      });
    });
    return () => {
      cancel();
      stop?.();
      delete document.documentElement.dataset.live;
    };
  }, [enabled, mutate]);
  return { connected };
}

/** Every call of the plant's data but the user's own default station. */
const onScreenData = (path: string) => path.startsWith('/factory/') && !path.startsWith('/factory/default_station');
