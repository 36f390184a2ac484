/**
 * The numeric form of one line's DBR constants (foundations §2, §5, §8). Every field is a
 * required number (ranges in the labels are advice): the form marks empty or non-numeric fields
 * itself and sends nothing until they are fixed; the server validates again, and its 400 marks each
 * field it names. What the user typed is kept on any failure; a success shows an alert and the
 * text 'Constants updated successfully!'.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FlashMessage } from '../../../components/FlashMessage.js';
import { ApiError } from '../../../lib/api.js';
import { saveDbrConstants } from '../api/useDbrConstants.js';
import { draftErrors, FIELD_GROUPS, fieldErrors, fieldLabel, toDraft, toPayload, type DbrConstants, type DbrDraft, type DbrField } from '../model/fields.js';
import { DecimalField } from '../../../components/DecimalField.js';

/** Texts of the spec. */
export const SAVE_LABEL = 'Save This Line Changes';
export const SAVE_SUCCESS = 'Constants updated successfully!';
export const SAVE_FAILED = 'Failed to update constants.';

/** Props: the line, its loaded constants and the shop floor's unit1 for the speed label. */
export interface DbrConstantsFormProps {
  lineId: string;
  lineName: string;
  constants: DbrConstants;
  unit1?: string | null;
}

type Status = { kind: 'idle' } | { kind: 'saved'; seq: number } | { kind: 'failed'; detail: string };

/** One line's constants. Mount it with `key={lineId}` so a new line starts from its own values. */
export function DbrConstantsForm({ lineId, lineName, constants, unit1 }: DbrConstantsFormProps) {
  const [draft, setDraft] = useState<DbrDraft>(() => toDraft(constants));
  const [errors, setErrors] = useState<Partial<Record<DbrField, string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);

  // The alert comes once the success text is on screen.
  const savedSeq = status.kind === 'saved' ? status.seq : 0;
  useEffect(() => {
    if (savedSeq > 0) window.alert(SAVE_SUCCESS);
  }, [savedSeq]);

  function edit(field: DbrField, value: string) {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _removed, ...rest } = e;
      return rest;
    });
    if (status.kind === 'saved') setStatus({ kind: 'idle' });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (savingRef.current) return;
    const own = draftErrors(draft);
    const firstInvalid = FIELD_GROUPS.flatMap((g) => g.fields).find((f) => own[f]);
    if (firstInvalid) {
      setErrors(own);
      setStatus({ kind: 'idle' });
      document.getElementById(`dbr-${firstInvalid}`)?.focus();
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      const saved = await saveDbrConstants(lineId, toPayload(draft));
      setDraft(toDraft(saved));
      setErrors({});
      setStatus((s) => ({ kind: 'saved', seq: (s.kind === 'saved' ? s.seq : 0) + 1 }));
    } catch (err) {
      console.error(SAVE_FAILED, err);
      const apiError = err instanceof ApiError ? err : null;
      setErrors(apiError?.status === 400 ? fieldErrors(apiError.fields) : {});
      setStatus({ kind: 'failed', detail: apiError?.message ?? '' });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  return (
    <form className="card dbr-form" onSubmit={submit} noValidate aria-busy={saving} aria-labelledby="dbr-form-title">
      <h2 className="card-title" id="dbr-form-title">
        {lineName || 'Linea'}
      </h2>
      {FIELD_GROUPS.map((group) => (
        <fieldset key={group.id} className={`dbr-group dbr-group-${group.id}`}>
          <legend>{group.title}</legend>
          <div className="dbr-fields">
            {group.fields.map((field) => (
              <DecimalField
                key={field}
                id={`dbr-${field}`}
                name={field}
                className="dbr-field"
                label={fieldLabel(field, unit1)}
                value={draft[field]}
                error={errors[field]}
                required
                onChange={(v) => edit(field, v)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div className="dbr-actions">
        {status.kind === 'saved' && <FlashMessage message={SAVE_SUCCESS} />}
        {status.kind === 'failed' && (
          <div className="dbr-failure">
            <FlashMessage message={SAVE_FAILED} tone="error" />
            {status.detail && <p className="field-hint">{status.detail}</p>}
          </div>
        )}
        <button type="submit" className="button button-primary" disabled={saving}>
          {SAVE_LABEL}
        </button>
      </div>
    </form>
  );
}
