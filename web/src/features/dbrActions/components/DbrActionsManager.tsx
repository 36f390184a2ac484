/**
 * The DBR page (/azioni-dbr-miglioramento; foundations §2 'Azioni DBR', §4): the insert form,
 * the filters and the sortable table 'Azioni DBR esistenti' with deletion after 'Conferma
 * eliminazione'. A new action moves the filters to its day and line, so it shows at once.
 */
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { useFlash } from '../../../components/FlashMessage.js';
import { todayInRome } from '../../../lib/dates.js';
import { ApiError } from '../../../lib/api.js';
import type { StoredStationNames } from '../../../lib/station.js';
import { deleteDbrAction, useDbrActions, type DbrAction } from '../api/dbrActions.js';
import { filterDbrActions } from '../model/dbrFilters.js';
import { dueDateText, equipmentText, shiftText, supportText } from '../model/dbrFormat.js';
import { dbrScreenQuery } from '../model/dbrQueries.js';
import type { DbrShow } from '../model/dbrShow.js';
import { DbrActionForm } from './DbrActionForm.js';
import { EXISTING_EMPTY, ExistingActionsTable } from './DbrActionsTable.js';
import { DbrSelectors } from './DbrSelectors.js';
import { dbrCsvFilters } from '../model/dbrFilters.js';
import { useDbrSelection } from './useDbrSelection.js';

const NONE: readonly DbrAction[] = [];

/** `show`: the day and line the filters start on (a link of the support start page), else today and the station's line. */
export function DbrActionsManager({ station, show = null }: { station: StoredStationNames; show?: DbrShow | null }) {
  const [today] = useState(() => todayInRome());
  const form = useDbrSelection(station, today, false);
  const filters = useDbrSelection(station, show?.day ?? today, false, show?.lineId ?? null);
  const [flash, showFlash] = useFlash();
  const [toDelete, setToDelete] = useState<DbrAction | null>(null);
  const [deleting, setDeleting] = useState(false);

  const query = dbrScreenQuery({ shopFloorId: filters.shopFloorId, day: filters.day, lineName: filters.line?.name ?? '', shiftId: filters.shift?.id ?? null });
  const { data, error, isLoading, mutate } = useDbrActions(query);
  const loaded = query && !error ? (data ?? NONE) : NONE;
  const rows = filterDbrActions(loaded, { shiftId: null, equipmentName: filters.equipment?.name ?? '' });
  const emptyMessage = query && isLoading && !data ? 'Caricamento…' : EXISTING_EMPTY;

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteDbrAction(toDelete.id);
      await mutate();
    } catch (err) {
      // The spec only logs it; the page also says it, briefly.
      console.error('Eliminazione dell’azione DBR non riuscita', err);
      showFlash(`Eliminazione non riuscita: ${err instanceof ApiError && err.message ? err.message : 'controlla la connessione e riprova.'}`, 'error');
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  return (
    <>
      <DbrActionForm
        selection={form}
        onFailed={(m) => showFlash(m, 'error')}
        onCreated={async (where) => {
          showFlash('Azione DBR inserita correttamente');
          filters.show({ day: where.day, shiftCode: '', lineId: where.lineId, equipmentId: '' });
          if (where.day === filters.day && where.lineId === filters.lineId) await mutate();
        }}
      />
      <div className="dbra-flash">{flash}</div>
      <section className="card dbra-filters" aria-labelledby="dbra-filters-title">
        <h2 className="dbra-filters-title" id="dbra-filters-title">
          Filtra le azioni esistenti
        </h2>
        <DbrSelectors selection={filters} name="filter" shiftFirst="Tutti" equipmentFirst="Tutti" />
      </section>
      <ExistingActionsTable
        rows={rows}
        shiftStarts={filters.shiftStarts}
        emptyMessage={emptyMessage}
        onDelete={setToDelete}
        busy={!!query && isLoading}
        csv={{ fileName: 'azioni-dbr', filters: dbrCsvFilters(filters) }}
      />
      <ConfirmModal
        open={toDelete !== null}
        title="Conferma eliminazione"
        confirmLabel="Elimina"
        tone="danger"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        <p>Sei sicuro di voler eliminare questa azione?</p>
        {toDelete && (
          <dl className="confirm-details">
            <dt>Data</dt>
            <dd>{dueDateText(toDelete)}</dd>
            <dt>Turno</dt>
            <dd>{shiftText(toDelete)}</dd>
            <dt>Dispositivo</dt>
            <dd>{equipmentText(toDelete)}</dd>
            <dt>Attività</dt>
            <dd>{toDelete.activity}</dd>
            <dt>Responsabile</dt>
            <dd>{toDelete.owner}</dd>
            <dt>Supporto</dt>
            <dd>{supportText(toDelete)}</dd>
          </dl>
        )}
      </ConfirmModal>
    </>
  );
}
