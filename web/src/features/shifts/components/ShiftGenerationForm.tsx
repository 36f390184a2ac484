/**
 * Shift generation (foundations §2 Admin, §5, §8): start and end day, defaulting to the current
 * month, and 'Genera turni', enabled only with a known shop floor and start <= end. The outcome
 * stays on screen until the range changes: 'Turni generati con successo' or 'Errore: ' and the
 * server's message.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isIsoDay } from '../../../lib/dates.js';
import { FlashMessage, type FlashTone } from '../../../components/FlashMessage.js';
import { ApiError } from '../../../lib/api.js';
import { generateShifts } from '../api/generateShifts.js';
import { canGenerateShifts, currentMonthRange, errorText, successText } from '../model/shiftRange.js';

/** Props: the default shop floor id ('' when unknown) and whether it is still loading. */
export interface ShiftGenerationFormProps {
  shopFloorId: string;
  loading?: boolean;
}

interface Outcome {
  tone: FlashTone;
  text: string;
}

/** The range inputs, the button and the outcome. */
export function ShiftGenerationForm({ shopFloorId, loading = false }: ShiftGenerationFormProps) {
  const [range] = useState(() => currentMonthRange());
  const [start, setStart] = useState(range.start);
  const [end, setEnd] = useState(range.end);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    // Spec §8: a missing default shop floor id is only logged; the button stays disabled.
    if (!loading && !shopFloorId) console.error('Generazione turni: reparto di default mancante (shop_floor_id)');
  }, [loading, shopFloorId]);

  const reversed = isIsoDay(start) && isIsoDay(end) && start > end;
  const enabled = canGenerateShifts(shopFloorId, start, end) && !busy;

  function change(setter: (v: string) => void, value: string) {
    setter(value);
    setOutcome(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canGenerateShifts(shopFloorId, start, end) || busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await generateShifts({ shop_floor_id: Number(shopFloorId), start_date: start, end_date: end });
      setOutcome({ tone: 'success', text: successText(result.created) });
    } catch (err) {
      setOutcome({ tone: 'error', text: errorText(err instanceof ApiError ? err.message : null) });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <form className="card shift-generation" onSubmit={submit} noValidate aria-busy={busy}>
      <h2 className="card-title">Periodo</h2>
      <div className="shift-range">
        <label className="field">
          <span className="field-label">Data inizio</span>
          <input type="date" name="start_date" value={start} required onChange={(e) => change(setStart, e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">Data fine</span>
          <input type="date" name="end_date" value={end} required onChange={(e) => change(setEnd, e.target.value)} />
        </label>
        <button type="submit" className="button button-primary shift-generate" disabled={!enabled}>
          Genera turni
        </button>
      </div>
      {reversed && <p className="field-hint field-hint-error">La data di fine precede la data di inizio.</p>}
      {!loading && !shopFloorId && <p className="field-hint">Scegli prima una stazione di default: i turni si generano per il suo reparto.</p>}
      {outcome && <FlashMessage message={outcome.text} tone={outcome.tone} />}
    </form>
  );
}
