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
        const body = ctx.input.body;
        const input = {
          workpointId: body.workpoint_id,
          stopCodeId: body.stop_code_id,
          triggeringEventId: body.triggering_event_id,
          failureMode: body.failure_mode,
          correctiveAction: body.corrective_action,
          actionMaterialChange: body.action_material_change,
          actionCleaning: body.action_cleaning,
          actionSettingAdjustment: body.action_setting_adjustment,
          actionComponentRestore: body.action_component_restore,
          startTime: body.start_time,
          endTime: body.end_time,
        };
        const result = await runWithReadYourWrites(deps, ctx, (c) => handleRecordUnplannedStop(deps, input, c));
        const recorded = result.events[0];
        if (recorded?.type !== 'UnplannedStopRecorded') throw new Error('RecordUnplannedStop recorded no stop');
        ctx.body = presentUnplanned(unplannedRowFromEvent(recorded.data, await readPlantState(deps)));
      },
    }),
    route({
      method: 'post',
      path: '/factory/stop_events/update_unplanned_details',
      action: 'stops:write',
      input: { body: updateUnplannedBody },
      async handler(ctx) {
        const body = ctx.input.body;
        const field = body.field === 'failure_mode' ? 'failureMode' : 'correctiveAction';
        await runWithReadYourWrites(deps, ctx, (c) => handleEditUnplannedStopDetail(deps, { stopId: body.id, field, value: body.value }, c));
        ctx.body = { id: body.id, field: body.field, value: body.value.trim() };
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
