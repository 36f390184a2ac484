/** A shop floor's settings: units, the report's labels (in order), the shift patterns (in order) and the extra shift. */
import type { DraftShift, DraftShopFloor } from '../model/draft.js';
import { fieldMessage, move } from '../model/draft.js';
import { AddRow, MoveButtons, RetireButton } from './fields.js';

export interface ShopFloorSettingsProps {
  floor: DraftShopFloor;
  /** The floor's place in the file, for the refused fields: `shopFloors.0`. */
  at: string;
  fields?: Record<string, string>;
  update(edit: (floor: DraftShopFloor) => void): void;
}

const FieldError = ({ message }: { message?: string }) => (message ? <span className="field-hint field-hint-error">{message}</span> : null);

export function ShopFloorSettings({ floor, at, fields, update }: ShopFloorSettingsProps) {
  const shift = (i: number, patch: Partial<DraftShift>) => update((f) => Object.assign(f.shifts[i]!, patch));
  return (
    <div className="plant-floor-settings">
      <fieldset className="plant-units">
        <legend>Unità di misura</legend>
        {(['unit1', 'unit2', 'unit3'] as const).map((u, i) => (
          <label key={u} className="field">
            <span className="field-label">Unità {i + 1}</span>
            <input value={floor.units[u]} maxLength={20} onChange={(e) => update((f) => (f.units[u] = e.target.value))} />
            <FieldError message={fieldMessage(fields, `${at}.units.${u}`)} />
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Etichette del rapporto</legend>
        <ol className="plant-labels">
          {floor.reportLabels.map((label, i) => (
            <li key={`${i}-${label}`} className="plant-row">
              <span className="plant-name">
                <input aria-label={`Etichetta ${i + 1}`} value={label} maxLength={60} onChange={(e) => update((f) => (f.reportLabels[i] = e.target.value))} />
                <FieldError message={fieldMessage(fields, `${at}.reportLabels.${i}`)} />
              </span>
              <MoveButtons subject={label} onMove={(delta) => update((f) => move(f.reportLabels, i, delta))} />
              <RetireButton subject={label} onRetire={() => update((f) => f.reportLabels.splice(i, 1))} />
            </li>
          ))}
        </ol>
        <AddRow placeholder="Nuova etichetta" onAdd={(name) => update((f) => f.reportLabels.push(name))} />
      </fieldset>
      <fieldset>
        <legend>Turni</legend>
        <label className="plant-check">
          <input type="checkbox" checked={floor.manageExtraShift} onChange={(e) => update((f) => (f.manageExtraShift = e.target.checked))} />
          Gestisci il turno extra
        </label>
        <div className="plant-shifts">
          {floor.shifts.map((s, i) => (
            <div key={i} className="plant-shift" role="group" aria-label={`Turno ${s.code}`}>
              <label className="field">
                <span className="field-label">Nome</span>
                <input value={s.name} maxLength={60} onChange={(e) => shift(i, { name: e.target.value })} />
                <FieldError message={fieldMessage(fields, `${at}.shifts.${i}.name`)} />
              </label>
              <label className="field plant-shift-code">
                <span className="field-label">Codice</span>
                <input value={s.code} maxLength={10} onChange={(e) => shift(i, { code: e.target.value })} />
                <FieldError message={fieldMessage(fields, `${at}.shifts.${i}.code`)} />
              </label>
              <label className="field">
                <span className="field-label">Inizio</span>
                <input value={s.start} inputMode="numeric" placeholder="HH:MM" maxLength={5} onChange={(e) => shift(i, { start: e.target.value })} />
                <FieldError message={fieldMessage(fields, `${at}.shifts.${i}.start`)} />
              </label>
              <label className="field">
                <span className="field-label">Fine</span>
                <input value={s.end} inputMode="numeric" placeholder="HH:MM" maxLength={5} onChange={(e) => shift(i, { end: e.target.value })} />
                <FieldError message={fieldMessage(fields, `${at}.shifts.${i}.end`)} />
              </label>
              <label className="plant-check">
                <input type="checkbox" checked={s.extra ?? false} onChange={(e) => shift(i, { extra: e.target.checked })} />
                Extra
              </label>
              <MoveButtons subject={s.name} onMove={(delta) => update((f) => move(f.shifts, i, delta))} />
              <RetireButton subject={s.name} onRetire={() => update((f) => f.shifts.splice(i, 1))} />
            </div>
          ))}
        </div>
        <AddRow placeholder="Nuovo turno (codice)" onAdd={(code) => update((f) => f.shifts.push({ name: `Turno ${code}`, code, start: '06:00', end: '14:00', extra: false }))} />
      </fieldset>
    </div>
  );
}
