/**
 * 'Attività giornaliere' (/daily-routine-operatore; foundations §2, §4): the day's DBR actions of
 * one line, filtered by shift and equipment, ticked off by the line. Starts from today, all
 * shifts, and the default station's line and equipment.
 */
import { useState } from 'react';
import { useFlash } from '../../../components/FlashMessage.js';
import { todayInRome } from '../../../lib/dates.js';
import type { StoredStationNames } from '../../../lib/station.js';
import { useDbrActions, type DbrAction } from '../api/dbrActions.js';
import { filterDbrActions } from '../model/dbrFilters.js';
import { dailyActivitiesQuery } from '../model/dbrQueries.js';
import { DAILY_EMPTY, DailyActionsTable } from './DbrActionsTable.js';
import { DbrSelectors } from './DbrSelectors.js';
import { ExecutedCheckbox } from './ExecutedCheckbox.js';
import { dbrCsvFilters } from '../model/dbrFilters.js';
import { useDbrSelection } from './useDbrSelection.js';

const NONE: readonly DbrAction[] = [];

export function DailyActivities({ station }: { station: StoredStationNames }) {
  const [today] = useState(() => todayInRome());
  const selection = useDbrSelection(station, today, true);
  const [flash, showFlash] = useFlash();
  const query = dailyActivitiesQuery({ shopFloorId: selection.shopFloorId, day: selection.day, lineName: selection.line?.name ?? '' });
  const { data, error, isLoading, mutate } = useDbrActions(query);
  // A failed load leaves the list empty (foundations §8): the empty text shows.
  const loaded = query && !error ? (data ?? NONE) : NONE;
  const rows = filterDbrActions(loaded, { shiftId: selection.shift?.id ?? null, equipmentName: selection.equipment?.name ?? '' });
  const emptyMessage = query && isLoading && !data ? 'Caricamento…' : DAILY_EMPTY;

  return (
    <>
      <section className="card dbra-filters" aria-label="Filtri">
        <DbrSelectors selection={selection} name="daily" shiftFirst="Tutti" equipmentFirst="Tutti" />
      </section>
      <div className="dbra-flash" aria-live="polite">
        {flash}
      </div>
      <DailyActionsTable
        rows={rows}
        shiftStarts={selection.shiftStarts}
        emptyMessage={emptyMessage}
        busy={!!query && isLoading}
        csv={{ fileName: 'attivita-giornaliere', filters: dbrCsvFilters(selection) }}
        renderExecuted={(a) => <ExecutedCheckbox key={`${a.id}|${a.executed_at ?? ''}`} action={a} onChanged={() => mutate()} onFailed={(m) => showFlash(m, 'error')} />}
      />
    </>
  );
}
