/**
 * 'Attuale' / 'Al momento' over the summary of Riepilogo Operativo (docs/dashboard.md, "As of a
 * moment"), worded as the line log's comparison (docs/audit.md): 'Attuale' is the summary as it
 * is now; a moment shows the summary lines and gauges as they stood then, captioned, while the
 * trend and the two history tables stay current.
 */
import { momentCaption } from '../model/moment.js';

export function SummaryMoment({ moment, onChange }: { moment: string; onChange: (moment: string) => void }) {
  const caption = momentCaption(moment);
  return (
    <div className="dashboard-moment" role="group" aria-label="Momento del riepilogo">
      <button type="button" className="button button-secondary" aria-pressed={!caption} onClick={() => onChange('')}>
        Attuale
      </button>
      <label className="dashboard-moment-field">
        <span>Al momento</span>
        <input type="datetime-local" step={1} value={moment} onChange={(e) => onChange(e.target.value)} />
      </label>
      {caption && (
        <p className="dashboard-moment-caption" role="status">
          <strong>{caption}</strong> · riepilogo e indicatori; andamento e storici sono attuali.
        </p>
      )}
    </div>
  );
}
