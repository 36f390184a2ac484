/**
 * The times step (line log §5 "Times"): start and end day (the shared DayPicker, up to today) and
 * time. Every change is kept in the draft, so stepping back loses nothing; the state machine
 * answers 'Controlla le date' when a field is missing or the end is not after the start.
 * The defaults lie inside the shift the line log is open on; a stop starting in another shift is
 * asked about before it goes on ('Lo stop cade nel Turno A del 26/11: registrarlo lì?').
 */
import { useMemo, useState, type FormEvent } from 'react';
import { DayPicker } from '../../../components/DayPicker.js';
import { addDays, isIsoDay, todayInRome } from '../../../lib/dates.js';
import { useShifts } from '../../lineLog/index.js';
import type { TimesInput } from '../model/draft.js';
import { defaultTimesInShift, otherShiftQuestion, refOf, sameShift, shiftOfStop, type ShiftRef, type ShiftSpan } from '../model/shiftFit.js';
import { romeWallClock, validateTimes } from '../model/times.js';

/** Props of TimesStepInput. */
export interface TimesStepInputProps {
  /** The times typed earlier, or null the first time (the defaults are then shown). */
  value: TimesInput | null;
  /** The day the line log passed (`?day=`), the default of both dates. */
  day: string | null;
  /** The shift the line log was open on, when known. */
  logShift: ShiftSpan | null;
  shopFloorId: string;
  onChange(times: TimesInput): void;
  /** The times, and the shift whose log holds the stop (null when none or not known). */
  onSubmit(times: TimesInput, shift: ShiftRef | null): void;
}

/** Four fields and 'Conferma orari'; then, for a stop outside the log's shift, the question. */
export function TimesStepInput({ value, day, logShift, shopFloorId, onChange, onSubmit }: TimesStepInputProps) {
  const [now] = useState(() => romeWallClock(new Date()));
  const defaults = useMemo(() => defaultTimesInShift(now, logShift, day), [now, logShift, day]);
  const times = value ?? defaults;
  const today = todayInRome();
  const set = (key: keyof TimesInput) => (v: string) => onChange({ ...times, [key]: v });
  const [asking, setAsking] = useState<{ times: TimesInput; shift: ShiftSpan | null } | null>(null);

  // The shifts that can hold the start: those of its day and of the day before (a night shift).
  const startDay = isIsoDay(times.startDate) ? times.startDate : '';
  const floor = shopFloorId || null;
  const current = useShifts(startDay, floor);
  const previous = useShifts(startDay ? addDays(startDay, -1) : '', floor);
  const loading = !!startDay && !!floor && ((!current.data && !current.error) || (!previous.data && !previous.error));

  function submit(e: FormEvent) {
    e.preventDefault();
    const valid = validateTimes(times);
    if (!valid.ok) return onSubmit(times, null);
    const own = logShift && refOf(logShift);
    const shift = shiftOfStop([...(previous.data ?? []), ...(current.data ?? [])], valid.start, own);
    if (own && !sameShift(shift && refOf(shift), own)) return setAsking({ times, shift });
    return onSubmit(times, shift && refOf(shift));
  }

  if (asking) {
    return (
      <div className="chat-shift-question" role="group" aria-labelledby="chat-shift-question">
        <p id="chat-shift-question" className="chat-shift-question-text">
          {otherShiftQuestion(asking.shift)}
        </p>
        <div className="chat-shift-question-actions">
          <button type="button" className="button button-secondary" onClick={() => setAsking(null)}>
            No, correggi gli orari
          </button>
          <button type="button" className="button button-primary" onClick={() => onSubmit(asking.times, asking.shift && refOf(asking.shift))}>
            {asking.shift ? `Sì, registra nel ${asking.shift.name}` : 'Sì, registra comunque'}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="chat-input-times" noValidate onSubmit={submit}>
      <div className="chat-times-grid">
        <DayPicker label="Data inizio" value={times.startDate} max={today} onChange={set('startDate')} className="chat-times-day" />
        <div className="field chat-times-time">
          <label className="field-label" htmlFor="stop-start-time">
            Ora inizio
          </label>
          <input id="stop-start-time" type="time" required value={times.startTime} onChange={(e) => set('startTime')(e.target.value)} />
        </div>
        <DayPicker label="Data fine" value={times.endDate} max={today} onChange={set('endDate')} className="chat-times-day" />
        <div className="field chat-times-time">
          <label className="field-label" htmlFor="stop-end-time">
            Ora fine
          </label>
          <input id="stop-end-time" type="time" required value={times.endTime} onChange={(e) => set('endTime')(e.target.value)} />
        </div>
      </div>
      <button type="submit" className="button button-primary chat-submit" disabled={loading} aria-busy={loading || undefined}>
        Conferma orari
      </button>
    </form>
  );
}
