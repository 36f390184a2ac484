import { optionalNote } from '../../../domain/stops/rules.js';
import { readPlantState } from '../../../commands/plant/readPlant.js';
import { handleDeletePlannedStop } from '../../../commands/stops/deletePlannedStop.js';
import { handleEditPlannedStopNote } from '../../../commands/stops/editPlannedStopNote.js';
import { handleRecordPlannedStop } from '../../../commands/stops/recordPlannedStop.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import { idPath } from '../../params.js';
import { route, type RouteDef } from '../types.js';
import { plannedRowFromEvent, presentPlanned } from './presenters.js';
import { recordPlannedBody, updatePlannedNoteBody } from './schema.js';

/** The planned-stop chatbot's record and the line log's note edit and delete (line log §4.3, §5, §7). */
export function plannedStopRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'post',
      path: '/factory/planned_stops',
      action: 'stops:write',
      input: { body: recordPlannedBody, bodyMessage: 'Stop pianificato non valido' },
      status: 201,
      async handler(ctx) {
        const result = await runWithReadYourWrites(deps, ctx, (c) => handleRecordPlannedStop(deps, ctx.input.body, c));
        const recorded = result.events[0];
        if (recorded?.type !== 'PlannedStopRecorded') throw new Error('RecordPlannedStop recorded no stop');
        ctx.body = presentPlanned(plannedRowFromEvent(recorded.data, await readPlantState(deps)));
      },
    }),
    route({
      method: 'post',
      path: '/factory/stop_events/update_planned_note',
      action: 'stops:write',
      input: { body: updatePlannedNoteBody },
      async handler(ctx) {
        const edit = ctx.input.body;
        await runWithReadYourWrites(deps, ctx, (c) => handleEditPlannedStopNote(deps, edit, c));
        ctx.body = { id: edit.stopId, notes: optionalNote.parse(edit.notes) };
      },
    }),
    route({
      method: 'delete',
      path: '/factory/stop_events/delete_planned/:id',
      action: 'stops:write',
      input: { params: idPath },
      async handler(ctx) {
        const { id } = ctx.input.params;
        await runWithReadYourWrites(deps, ctx, (c) => handleDeletePlannedStop(deps, { stopId: id }, c));
        ctx.body = { id, deleted: true };
      },
    }),
  ];
}
