/**
 * The DBR constants editor (foundations §2, §8): pick a department (Reparto), then one of its
 * lines; the line's constants form appears. Each failing load shows the spec's message; the
 * units' failure is only logged (the speed label then falls back). The default station's line,
 * when there is one, is chosen at the start, so an admin sees their own line first.
 */
import { useEffect, useState } from 'react';
import { readStoredStationNames } from '../../../lib/station.js';
import { useLines, useShopFloors, useUnits } from '../../plant/index.js';
import { ShopFloorLinePickers } from '../../station/index.js';
import { useDbrConstants } from '../api/useDbrConstants.js';
import { DbrConstantsForm } from './DbrConstantsForm.js';

/** The spec's load error texts. */
export const LOAD_ERRORS = {
  shopFloors: 'Failed to load shop floors.',
  lines: 'Failed to load lines.',
  linesOfShopFloor: 'Failed to load lines for this shopfloor.',
  constants: 'Failed to load DBR constants.',
} as const;

function LoadError({ text }: { text: string }) {
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}

/** Department and line pickers, then the form. */
export function DbrConstantsEditor() {
  const [shopFloorId, setShopFloorId] = useState('');
  const [lineId, setLineId] = useState('');
  const [touched, setTouched] = useState(false);

  const shopFloors = useShopFloors();
  // Every line of the plant, to start from the default station's line (whatever its stored shop floor).
  const allLines = useLines(null, { all: true });
  const lines = useLines(shopFloorId);
  const units = useUnits(shopFloorId);
  const constants = useDbrConstants(lineId || null);

  useEffect(() => {
    if (touched || !allLines.data) return;
    const stored = readStoredStationNames().lineId;
    const line = allLines.data.find((l) => String(l.id) === stored);
    if (!line) return;
    setShopFloorId(String(line.shop_floor_id));
    setLineId(String(line.id));
    setTouched(true);
  }, [allLines.data, touched]);

  const shopFloorOk = !!shopFloors.data?.some((s) => String(s.id) === shopFloorId);
  const line = shopFloorOk ? lines.data?.find((l) => String(l.id) === lineId) : undefined;

  function chooseShopFloor(id: string) {
    setTouched(true);
    setShopFloorId(id);
    setLineId('');
  }

  function chooseLine(id: string) {
    setTouched(true);
    setLineId(id);
  }

  return (
    <div className="dbr-editor">
      <div className="card dbr-pickers">
        <div className="dbr-picker-grid">
          <ShopFloorLinePickers
            shopFloors={shopFloors.data}
            lines={lines.data}
            shopFloorId={shopFloorId}
            lineId={lineId}
            shopFloorOk={shopFloorOk}
            onShopFloor={chooseShopFloor}
            onLine={chooseLine}
          />
        </div>
        {shopFloors.error && <LoadError text={LOAD_ERRORS.shopFloors} />}
        {allLines.error && !lines.error && <LoadError text={LOAD_ERRORS.lines} />}
        {lines.error && <LoadError text={LOAD_ERRORS.linesOfShopFloor} />}
        {!line && !shopFloors.error && !lines.error && (
          <p className="field-hint">{shopFloorOk ? 'Scegli una linea per modificarne le costanti.' : 'Scegli un reparto, poi una sua linea.'}</p>
        )}
      </div>
      {line && constants.error && <LoadError text={LOAD_ERRORS.constants} />}
      {line && !constants.error && !constants.data && <p className="field-hint">Caricamento…</p>}
      {line && constants.data && String(constants.data.line_id) === lineId && (
        <DbrConstantsForm key={lineId} lineId={lineId} lineName={line.name} constants={constants.data} unit1={units.data?.unit1} />
      )}
    </div>
  );
}
