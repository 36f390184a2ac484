/**
 * The station choice (foundations §2 Setup, §4 Setup, §5 "Setup completion"): Reparto, Linea and
 * Stazione, each a cycling select. A new shop floor clears line and equipment, a new line clears
 * the equipment, and every choice is written to local storage at once. The button saves the
 * station on the server (it follows the user to other devices) and in local storage.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { mutate } from 'swr';
import { CyclingSelect } from '../../../components/CyclingSelect.js';
import { ApiError } from '../../../lib/api.js';
import { getToken } from '../../../lib/session.js';
import { readStoredStationNames, storeEquipmentChoice, storeLineChoice, storeShopFloorChoice, storeStation } from '../../../lib/station.js';
import { useEquipments, useLineRefMachine, useLines, useShopFloors } from '../../plant/index.js';
import { DEFAULT_STATION_PATH, saveDefaultStation, useDefaultStation } from '../api/defaultStation.js';
import { stationOptions } from '../model/stationOptions.js';
import { ShopFloorLinePickers } from './ShopFloorLinePickers.js';

/** Texts of the button (spec §2 Setup). */
export const SETUP_BUTTON_DISABLED = 'Seleziona la stazione di default';
export const SETUP_BUTTON_ENABLED = 'Vai alla home';

const SAVE_FAILED = 'Salvataggio della stazione non riuscito';

interface Selection {
  shopFloorId: string;
  lineId: string;
  equipmentId: string;
}

/** Props: the role (support needs no equipment) and what to do once the station is saved. */
export interface StationSetupFormProps {
  role: string | null | undefined;
  onSaved(): void;
}

function includesId(items: ReadonlyArray<{ id: number }> | undefined, id: string): boolean {
  return !!id && !!items?.some((i) => String(i.id) === id);
}

function nameOf(items: ReadonlyArray<{ id: number; name: string }> | undefined, id: string): string {
  return items?.find((i) => String(i.id) === id)?.name ?? '';
}

function saveErrorText(err: unknown): string {
  if (err instanceof ApiError && err.message) return `${SAVE_FAILED}: ${err.message}`;
  return `${SAVE_FAILED}. Controlla la connessione e riprova.`;
}

/** The three selectors and the 'Vai alla home' button. */
export function StationSetupForm({ role, onSaved }: StationSetupFormProps) {
  const [stored] = useState(readStoredStationNames);
  const [sel, setSel] = useState<Selection>({ shopFloorId: stored.shopFloorId, lineId: stored.lineId, equipmentId: stored.equipmentId });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const touched = useRef(false);
  const savingRef = useRef(false);

  // Without a stored shop floor, start from the station saved on the server (another device).
  const { data: serverStation } = useDefaultStation(!stored.shopFloorId);
  useEffect(() => {
    if (!serverStation || touched.current) return;
    touched.current = true;
    storeStation(serverStation);
    setSel({
      shopFloorId: String(serverStation.shopFloorId),
      lineId: String(serverStation.lineId),
      equipmentId: serverStation.equipmentId === null ? '' : String(serverStation.equipmentId),
    });
  }, [serverStation]);

  const shopFloors = useShopFloors();
  const lines = useLines(sel.shopFloorId);
  const equipments = useEquipments(sel.lineId);
  const refMachine = useLineRefMachine(sel.lineId);

  const isSupport = role === 'support';
  const shopFloorOk = includesId(shopFloors.data, sel.shopFloorId);
  const lineOk = shopFloorOk && includesId(lines.data, sel.lineId);
  const equipmentOk = lineOk && includesId(equipments.data, sel.equipmentId);
  const complete = lineOk && (isSupport || equipmentOk);

  function choose(next: Selection) {
    touched.current = true;
    setError(null);
    setSel(next);
  }

  function chooseShopFloor(id: string) {
    storeShopFloorChoice(id ? { id, name: nameOf(shopFloors.data, id) } : null);
    choose({ shopFloorId: id, lineId: '', equipmentId: '' });
  }

  function chooseLine(id: string) {
    storeLineChoice(id ? { id, name: nameOf(lines.data, id) } : null);
    choose({ ...sel, lineId: id, equipmentId: '' });
  }

  function chooseEquipment(id: string) {
    storeEquipmentChoice(id ? { id, name: nameOf(equipments.data, id) } : null);
    choose({ ...sel, equipmentId: id });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    setError(null);
    try {
      const station = await saveDefaultStation({
        shopFloorId: Number(sel.shopFloorId),
        lineId: Number(sel.lineId),
        equipmentId: equipmentOk ? Number(sel.equipmentId) : null,
      });
      storeStation(station);
      const token = getToken();
      if (token) void mutate([DEFAULT_STATION_PATH, token], station, { revalidate: false });
      onSaved();
    } catch (err) {
      setError(saveErrorText(err));
      savingRef.current = false;
      setSaving(false);
    }
  }

  const loadError = shopFloors.error
    ? 'Impossibile caricare i reparti.'
    : lines.error
      ? 'Impossibile caricare le linee del reparto.'
      : equipments.error
        ? 'Impossibile caricare le stazioni della linea.'
        : null;

  return (
    <form className="station-setup" onSubmit={submit} noValidate aria-busy={saving}>
      <ShopFloorLinePickers
        shopFloors={shopFloors.data}
        lines={lines.data}
        shopFloorId={sel.shopFloorId}
        lineId={sel.lineId}
        shopFloorOk={shopFloorOk}
        onShopFloor={chooseShopFloor}
        onLine={chooseLine}
      />
      <CyclingSelect
        label="Stazione"
        name="equipment_id"
        placeholder="Seleziona Stazione"
        options={lineOk ? stationOptions(equipments.data ?? [], refMachine.data?.name) : []}
        value={sel.equipmentId}
        onChange={chooseEquipment}
        disabled={!lineOk}
      />
      {isSupport && <p className="field-hint">Per il supporto operativo la stazione è facoltativa.</p>}
      {loadError && (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary button-block" disabled={!complete}>
        {complete ? SETUP_BUTTON_ENABLED : SETUP_BUTTON_DISABLED}
      </button>
    </form>
  );
}
