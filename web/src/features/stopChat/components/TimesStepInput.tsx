/**
 * The times step (line log §5 "Times"): start and end day (the shared DayPicker, up to today) and
 * time. Every change is kept in the draft, so stepping back loses nothing; the state machine
 * answers 'Controlla le date' when a field is missing or the end is not after the start.
 */
import { useState, type FormEvent } from 'react';
import { DayPicker } from '../../../components/DayPicker.js';
import { todayInRome } from '../../../lib/dates.js';
import type { TimesInput } from '../model/draft.js';
import { defaultTimes, romeWallClock } from '../model/times.js';

/** Props of TimesStepInput. */
export interface TimesStepInputProps {
  /** The times typed earlier, or null the first time (the defaults are then shown). */
  value: TimesInput | null;
  /** The day the line log passed (`?day=`), the default of both dates. */
  day: string | null;
  onChange(times: TimesInput): void;
  onSubmit(times: TimesInput): void;
}

/** Four fields and 'Conferma orari'. */
export function TimesStepInput({ value, day, onChange, onSubmit }: TimesStepInputProps) {
  const [defaults] = useState(() => defaultTimes(romeWallClock(new Date()), day));
  const times = value ?? defaults;
  const today = todayInRome();
  const set = (key: keyof TimesInput) => (v: string) => onChange({ ...times, [key]: v });

  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit(times);
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
      <button type="submit" className="button button-primary chat-submit">
        Conferma orari
      </button>
    </form>
  );
}
