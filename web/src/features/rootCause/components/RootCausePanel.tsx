/**
 * The analysis of one stop in a panel wide enough to think in (issue 22): a drawer from the right
 * (the whole screen on a phone) with the stop's facts, 'Causa radice', the 5-why chain, the 6M
 * category and 'Soluzione'. Every field autosaves on blur through the tool's one store, as the
 * table's boxes do (the same drafts: what is typed here shows in the table and back).
 */
import { SidePanel } from '../../../components/SidePanel.js';
import { SIX_M, WHY_FIELDS } from '../api/saveRootCause.js';
import type { UnplannedStop } from '../api/unplannedStops.js';
import { statusText, type RootCauseAutosave } from '../model/autosave.js';
import { actionsText, formatDowntime, formatStopEnd, formatStopStart, NONE, savedBox } from '../model/stopFormat.js';
import { RootCauseBox } from './RootCauseBox.js';
import '../../../styles/rca-panel.css';

/** A why's limit on the server (docs/line-log.md). */
export const WHY_MAX_LENGTH = 500;

export interface RootCausePanelProps {
  /** The stop analysed; the panel is closed while null. */
  stop: UnplannedStop | null;
  store: RootCauseAutosave;
  readOnly: boolean;
  onClose(): void;
}

/** 'Categoria 6M': saved as soon as it is chosen. */
function CategorySelect({ stop, store, readOnly }: { stop: UnplannedStop; store: RootCauseAutosave; readOnly: boolean }) {
  const value = store.text(stop.id, 'category', savedBox(stop, 'category'));
  const indicator = statusText(store.get(stop.id, 'category'));
  return (
    <label className="rca-panel-field">
      <span className="rca-panel-label">Categoria 6M</span>
      <select
        value={value}
        disabled={readOnly}
        onChange={(e) => {
          store.edit(stop.id, 'category', e.target.value);
          store.commit(stop.id, 'category');
        }}
      >
        <option value="">Non indicata</option>
        {SIX_M.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <span className="rca-box-status" aria-live="polite">
        {indicator}
      </span>
    </label>
  );
}

export function RootCausePanel({ stop, store, readOnly, onClose }: RootCausePanelProps) {
  if (!stop) return null;
  const place = `${stop.workpoint_rel.equipment_rel.line_rel.name} · ${stop.workpoint_rel.equipment_rel.name} · ${stop.workpoint_rel.name}`;
  const facts: Array<[string, string]> = [
    ['Fermo', `${formatDowntime(stop)} (fine ${formatStopEnd(stop)})`],
    ['Codice stop', stop.stop_code_rel.name],
    ['Evento', stop.triggering_event_rel.name],
    ['Modo di guasto', stop.failure_mode || NONE],
    ['Azioni', actionsText(stop) || NONE],
    ['Azione correttiva', stop.corrective_action || NONE],
  ];
  const box = { stop, store, readOnly };

  return (
    <SidePanel open title={`Analisi dello stop del ${formatStopStart(stop)}`} subject={place} className="rca-panel" onClose={onClose}>
      <div className="rca-panel-body">
        <dl className="rca-panel-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="rca-panel-field">
          <span className="rca-panel-label">Causa radice</span>
          <RootCauseBox {...box} field="root_cause" label="Causa radice" rows={5} />
        </div>
        <fieldset className="rca-panel-whys">
          <legend className="rca-panel-label">I 5 perché (facoltativi)</legend>
          <ol>
            {WHY_FIELDS.map((field, i) => (
              <li key={field}>
                <RootCauseBox {...box} field={field} label={`Perché ${i + 1}`} rows={2} maxChars={WHY_MAX_LENGTH} />
              </li>
            ))}
          </ol>
        </fieldset>
        <CategorySelect {...box} />
        <div className="rca-panel-field">
          <span className="rca-panel-label">Soluzione</span>
          <RootCauseBox {...box} field="troubleshooting" label="Soluzione" rows={5} />
        </div>
      </div>
      <footer className="rca-panel-footer">
        <span className="rca-muted">Ogni campo si salva quando lo lasci.</span>
        <button type="button" className="button" onClick={onClose}>
          Chiudi
        </button>
      </footer>
    </SidePanel>
  );
}
