import { useState } from 'react';
import { useLines, useShopFloors } from '../api/boardApi.js';
import type { BoardChoice } from '../model/board.js';

/** The first screen of a new board: which shop floor, and one line or all in turn; kept on the device. */
export function BoardSetup({ initial, onChoose }: { initial: BoardChoice | null; onChoose(choice: BoardChoice): void }) {
  const floors = useShopFloors();
  const [shopFloorId, setShopFloorId] = useState<number | null>(initial?.shopFloorId ?? null);
  const [lineId, setLineId] = useState<number | null>(initial?.lineId ?? null);
  const floor = shopFloorId ?? floors.data?.[0]?.id ?? null;
  const lines = useLines(floor);
  return (
    <form
      className="board-setup"
      onSubmit={(e) => {
        e.preventDefault();
        if (floor !== null) onChoose({ shopFloorId: floor, lineId });
      }}
    >
      <h1>Tabellone</h1>
      <label>
        Reparto
        <select name="board_shop_floor" value={floor ?? ''} onChange={(e) => (setShopFloorId(Number(e.target.value)), setLineId(null))}>
          {(floors.data ?? []).map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Linea
        <select name="board_line" value={lineId ?? ''} onChange={(e) => setLineId(e.target.value === '' ? null : Number(e.target.value))}>
          <option value="">Tutte, a rotazione</option>
          {(lines.data ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button-primary board-setup-submit" disabled={floor === null}>
        Mostra il tabellone
      </button>
    </form>
  );
}
