import useSWR from 'swr';
import type { BoardAnswer, BoardChoice } from '../model/board.js';
import { REFRESH_MS } from '../model/board.js';

/** The board's one call; live moves fetch it again (useLiveUpdates), and the clock does every minute. */
export function useBoard(choice: BoardChoice | null) {
  return useSWR<BoardAnswer>(choice ? ['/factory/board', { shop_floor_id: choice.shopFloorId, line_id: choice.lineId ?? undefined }] : null, {
    refreshInterval: REFRESH_MS,
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}

/** The shop floors and their lines, for the board's first setup. */
export function useShopFloors() {
  return useSWR<Array<{ id: number; name: string }>>('/factory/shop_floors', { revalidateOnFocus: false });
}

export function useLines(shopFloorId: number | null) {
  return useSWR<Array<{ id: number; name: string }>>(shopFloorId ? ['/factory/lines', { shop_floor_id: shopFloorId }] : null, { revalidateOnFocus: false });
}
