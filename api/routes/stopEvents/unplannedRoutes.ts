import { readPlantState } from '../../../commands/plant/readPlant.js';
import { handleDeleteUnplannedStop } from '../../../commands/stops/deleteUnplannedStop.js';
import { handleEditUnplannedStopDetail } from '../../../commands/stops/editUnplannedStopDetail.js';
import { handleRecordUnplannedStop } from '../../../commands/stops/recordUnplannedStop.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import { idPath } from '../../params.js';
import { route, type RouteDef } from '../types.js';
import { presentUnplanned, unplannedRowFromEvent } from './presenters.js';
import { recordUnplannedBody, updateUnplannedBody } from './schema.js';

/** The unplanned-stop chatbot's record and the line log's inline edit and delete (line log §2.1, §4.2, §5, §7). */
export function unplannedStopRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'post',
      path: '/factory/stop_events',
      action: 'stops:write',
      input: { body: recordUnplannedBody, bodyMessage: 'Stop non valido' },
      status: 201,
      async handler(ctx) {
        const result = await runWithReadYourWrites(deps, ctx, (c) => handleRecordUnplannedStop(deps, ctx.input.body, c));
        const recorded = result.events[0];
        if (recorded?.type !== 'UnplannedStopRecorded') throw new Error('RecordUnplannedStop recorded no stop');
        const stop = presentUnplanned(unplannedRowFromEvent(recorded.data, await readPlantState(deps)));
        ctx.body = recorded.data.detectedStopId === undefined ? stop : { ...stop, detected_stop_id: recorded.data.detectedStopId };
      },
    }),
    route({
      method: 'post',
      path: '/factory/stop_events/update_unplanned_details',
      action: 'stops:write',
      input: { body: updateUnplannedBody },
      async handler(ctx) {
        const edit = ctx.input.body;
        await runWithReadYourWrites(deps, ctx, (c) => handleEditUnplannedStopDetail(deps, edit, c));
        ctx.body = { id: edit.stopId, field: edit.field === 'failureMode' ? 'failure_mode' : 'corrective_action', value: edit.value.trim() };
      },
    }),
    route({
      method: 'delete',
      path: '/factory/stop_events/delete_unplanned/:id',
      action: 'stops:write',
      input: { params: idPath },
      async handler(ctx) {
        const { id } = ctx.input.params;
        await runWithReadYourWrites(deps, ctx, (c) => handleDeleteUnplannedStop(deps, { stopId: id }, c));
        ctx.body = { id, deleted: true };
      },
    }),
  ];
}
