/**
 * 'Impianto' (ADMIN, /impianto): the plant as a tree with its lists, edited as a draft whose
 * changes the server previews ('Anteprima modifiche') before 'Applica' records them in one
 * command; 'Importa file' previews an uploaded plant file the same way, 'Esporta file' downloads
 * the current one. Nothing is written before 'Applica'.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { useFlash } from '../../../components/FlashMessage.js';
import { ApiError } from '../../../lib/api.js';
import { applyPlant, previewPlant, usePlantFile, type PresentedChange } from '../api/plantAdmin.js';
import { EMPTY_PLANT, forServer, isChanged, newShopFloor, searchKeys, withEdit, type PlantDraft } from '../model/draft.js';
import { AddRow } from './fields.js';
import { ChangesPreview } from './ChangesPreview.js';
import { PlantLists } from './PlantLists.js';
import { PlantTree } from './PlantTree.js';

interface Preview {
  source: 'draft' | 'file';
  plant: PlantDraft;
  revision: number;
  changes: PresentedChange[];
}

type Refusal = { message: string; fields: Record<string, string> };

const refusalOf = (err: unknown): Refusal =>
  err instanceof ApiError
    ? { message: err.message, fields: Object.fromEntries(Object.entries(err.fields ?? {}).map(([k, v]) => [k, String(v)])) }
    : { message: 'Errore di rete: riprova', fields: {} };

export interface PlantAdminProps {
  /** Called after an apply recorded changes (the guided start moves on). */
  onApplied?(): void;
}

export function PlantAdmin({ onApplied }: PlantAdminProps) {
  const { data, error, mutate } = usePlantFile();
  const [draft, setDraft] = useState<PlantDraft | null>(null);
  const [search, setSearch] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [refusal, setRefusal] = useState<(Refusal & { source: 'draft' | 'file' }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [flash, showFlash] = useFlash(6000);

  useEffect(() => {
    if (data && draft === null) setDraft(data.plant);
  }, [data, draft]);

  if (error) return <p className="field-hint field-hint-error">Errore: impossibile leggere l&apos;impianto.</p>;
  if (!data || !draft) return <p>Caricamento...</p>;
  const original = data.plant ?? EMPTY_PLANT;
  const changed = isChanged(draft, original);
  const update = (edit: (d: PlantDraft) => void) => setDraft((d) => withEdit(d ?? original, edit));

  async function ask(source: 'draft' | 'file', plant: PlantDraft) {
    setBusy(true);
    setRefusal(null);
    try {
      const res = await previewPlant(plant);
      setPreview({ source, plant, revision: res.revision, changes: res.changes });
    } catch (err) {
      setPreview(null);
      setRefusal({ ...refusalOf(err), source });
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    if (!preview) return;
    setBusy(true);
    try {
      const res = await applyPlant(preview.revision, preview.plant);
      showFlash(res.changes.length === 0 ? 'Nessuna modifica da applicare' : `Modifiche applicate: ${res.changes.length}`);
      setPreview(null);
      // The draft restarts from the plant as recorded now (ids of the new items included).
      const fresh = await mutate();
      setDraft(fresh ? fresh.plant : null);
      if (res.changes.length > 0) onApplied?.();
    } catch (err) {
      setRefusal({ ...refusalOf(err), source: preview.source });
      setPreview(null);
    } finally {
      setBusy(false);
    }
  }

  async function importFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setRefusal({ message: `${file.name}: non è un file JSON valido`, fields: {}, source: 'file' });
      return;
    }
    await ask('file', parsed as PlantDraft);
  }

  function exportFile() {
    const blob = new Blob([`${JSON.stringify(data!.plant, null, 2)}\n`], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'impianto.json';
    a.click();
    URL.revokeObjectURL(url);
  }

  const keys = searchKeys(draft, search);
  const draftFields = refusal?.source === 'draft' ? refusal.fields : undefined;
  return (
    <div className="plant-admin">
      <div className="plant-toolbar">
        <label className="field plant-search">
          <span className="field-label">Cerca</span>
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Reparto, linea, macchina, area, codice" />
        </label>
        <div className="plant-actions">
          <button type="button" className="button" disabled={!changed || busy} onClick={() => void ask('draft', forServer(draft))}>
            Anteprima modifiche
          </button>
          <button type="button" className="button button-secondary" disabled={!changed || busy} onClick={() => (setDraft(original), setPreview(null), setRefusal(null))}>
            Annulla modifiche
          </button>
          <label className="button button-secondary plant-import">
            Importa file
            <input type="file" accept="application/json,.json" onChange={(e) => void importFile(e)} />
          </label>
          <button type="button" className="button button-secondary" onClick={exportFile} disabled={original.shopFloors.length === 0}>
            Esporta file
          </button>
        </div>
      </div>
      {flash}
      {changed && !preview && <p className="plant-draft-note">Modifiche in bozza: non ancora applicate.</p>}
      {refusal && (
        <div className="card plant-refusal" role="alert">
          <p className="field-hint-error">{refusal.message}</p>
          {Object.keys(refusal.fields).length > 0 && (
            <ul>
              {Object.entries(refusal.fields).map(([k, v]) => (
                <li key={k}>
                  <code>{k}</code>: {v}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {preview && <ChangesPreview source={preview.source} changes={preview.changes} busy={busy} onApply={() => void apply()} onBack={() => setPreview(null)} />}
      <PlantTree draft={draft} update={update} fields={draftFields} keys={keys} />
      <AddRow placeholder="Nuovo reparto" onAdd={(name) => update((d) => d.shopFloors.push(newShopFloor(name)))} />
      <PlantLists draft={draft} update={update} fields={draftFields} search={search} />
    </div>
  );
}
