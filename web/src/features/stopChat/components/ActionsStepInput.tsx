/** The actions step (line log §4.2 step 7): the four checkboxes and a button to go on. */
import { STOP_ACTIONS } from '../../../lib/stopActions.js';
import type { StopActions } from '../model/draft.js';

/** Props of ActionsStepInput. */
export interface ActionsStepInputProps {
  actions: StopActions;
  onChange(actions: StopActions): void;
  onSubmit(): void;
}

/** 'Cambio materiale', 'Pulizia', 'Regolazione settaggi', 'Ripristino componente' and 'Conferma azioni'. */
export function ActionsStepInput({ actions, onChange, onSubmit }: ActionsStepInputProps) {
  return (
    <div className="chat-input-actions">
      <fieldset className="chat-checks">
        <legend className="chat-legend">Azioni eseguite (anche nessuna)</legend>
        {STOP_ACTIONS.map(({ key, label }) => (
          <label key={key} className="chat-check">
            <input type="checkbox" checked={actions[key]} onChange={(e) => onChange({ ...actions, [key]: e.target.checked })} />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <button type="button" className="button button-primary chat-submit" onClick={onSubmit}>
        Conferma azioni
      </button>
    </div>
  );
}
