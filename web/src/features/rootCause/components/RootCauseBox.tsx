/**
 * One analysis box of one stop (root cause, solution or one of the five whys): a text area saved when it loses focus,
 * with a small indicator under it (saving, saved, not saved and retrying, refused). Read-only
 * roles see the text alone.
 */
import type { RootCauseField } from '../api/saveRootCause.js';
import type { UnplannedStop } from '../api/unplannedStops.js';
import { statusText, type RootCauseAutosave } from '../model/autosave.js';
import { formatStopStart, NONE, savedBox } from '../model/stopFormat.js';
import { clipChars, unitsFor } from '../../../lib/text.js';

/** The server's limit per box (docs/line-log.md: 2000 characters after trimming). */
export const ROOT_CAUSE_MAX_LENGTH = 2000;

/** Props: the stop, which box, its visible name, the autosave store and whether it may be edited. */
export interface RootCauseBoxProps {
  stop: UnplannedStop;
  field: RootCauseField;
  label: string;
  store: RootCauseAutosave;
  readOnly: boolean;
  /** Visible lines of the text area (3 in the table, more in the analysis panel). */
  rows?: number;
  /** The server's limit for this field (a box 2000, a why 500). */
  maxChars?: number;
}

/** The text area (or the read-only text) and its save indicator. */
export function RootCauseBox({ stop, field, label, store, readOnly, rows = 3, maxChars = ROOT_CAUSE_MAX_LENGTH }: RootCauseBoxProps) {
  const box = store.get(stop.id, field);
  const text = store.text(stop.id, field, savedBox(stop, field));
  const indicator = statusText(box);
  const name = `${label}, stop del ${formatStopStart(stop)} (${stop.workpoint_rel.equipment_rel.line_rel.name} – ${stop.workpoint_rel.equipment_rel.name})`;
  const indicatorClass = `rca-box-status is-${box.status}`;

  if (readOnly || box.status === 'forbidden') {
    return (
      <div className="rca-box is-readonly">
        <p className="rca-box-text">
          <span className="visually-hidden">{label}: </span>
          {text.trim() || NONE}
        </p>
        {indicator && <span className={indicatorClass}>{indicator}</span>}
      </div>
    );
  }

  return (
    <div className="rca-box">
      <textarea
        aria-label={name}
        value={text}
        rows={rows}
        maxLength={unitsFor(maxChars)}
        placeholder={label}
        onChange={(e) => store.edit(stop.id, field, clipChars(e.target.value, maxChars))}
        onBlur={() => store.commit(stop.id, field)}
      />
      <span className={indicatorClass} aria-live="polite">
        {indicator}
      </span>
    </div>
  );
}
