import { unplannedStopEvents } from '../../domain/stops/events.js';
import { EntityFold } from '../batchWrite.js';
import { bigint, boolean, defineColumns, int, numeric, text } from '../columns.js';
import { italianDay } from '../shiftPlacement.js';
import { defineProjection } from '../types.js';
import { instantMs } from '../../domain/shared/instant.js';

const PARETO_STOPS = defineColumns({
  stop_id: bigint().primary(),
  line_id: int(),
  month: text(),
  stop_code_id: int(),
  failure_mode: text(),
  downtime_minutes: numeric(12, 2),
  deleted: boolean().defaultTo(false),
});

/**
 * The plant month ('2030-06') of an instant: a stop counts for the Italian month of its start.
 * From the Italian day, whose zone offset is looked up once per hour (luxon once per stop was
 * a third of this projection's rebuild).
 */
export const plantMonth = (iso: string) => italianDay(instantMs(iso)).slice(0, 7);

/**
 * 'Pareto fermate' (docs/analysts.md, the worked example): unplanned downtime and count by
 * stop code and by failure mode, per line and month. One row per unplanned stop holds what
 * the Pareto groups by; the query sums them. A row rather than running totals, because an
 * edited failure mode moves a stop from one bar to another and a deletion takes it out,
 * which a total alone could not undo. It reads only its own table (no plant join here:
 * rebuilds run in any order); names are joined from the plant views when read.
 */
export const paretoStopsProjection = defineProjection(unplannedStopEvents, {
  name: 'pareto_stops',
  version: 1,
  // It reads no event's metadata: the store leaves it out (readsMetadataOf).
  readsMetadataOf: [],
  tables: {
    pareto_stops: PARETO_STOPS.table(),
  },
  async afterCreate(knex, tables) {
    await knex.raw('create index ?? on ?? (line_id, month)', [`${tables.pareto_stops}_line_month`, tables.pareto_stops!]);
  },
  async applyBatch({ trx, tables }, events) {
    const stops = new EntityFold<number>('stop_id', PARETO_STOPS.columns);
    for (const event of events) {
      switch (event.type) {
        case 'UnplannedStopRecorded': {
          const d = event.data;
          stops.add(d.stopId, {
            line_id: d.lineId,
            month: plantMonth(d.startTime),
            stop_code_id: d.stopCodeId,
            failure_mode: d.failureMode.trim(),
            downtime_minutes: (instantMs(d.endTime) - instantMs(d.startTime)) / 60_000,
            deleted: false,
          });
          break;
        }
        case 'UnplannedStopDetailEdited':
          if (event.data.field === 'failureMode') stops.change(event.data.stopId, { failure_mode: event.data.value.trim() });
          break;
        case 'UnplannedStopDeleted':
          stops.change(event.data.stopId, { deleted: true });
          break;
        default: {
          const never: never = event;
          throw new Error(`paretoStops cannot apply ${(never as { type: string }).type}`);
        }
      }
    }
    await stops.write(trx, tables.pareto_stops!);
  },
});
