import { unplannedStopsStream } from '../../../domain/stops/events.js';
import { readPlantState } from '../../../commands/plant/readPlant.js';
import { locateUnplannedStop } from '../../../commands/stops/locateStop.js';
import { validateUnplannedStop } from '../../../commands/stops/recordUnplannedStop.js';
import { isShiftSubmitted } from '../../../commands/stops/shiftLock.js';
import { unplannedStopsDecider } from '../../../commands/stops/unplannedDecider.js';
import { execute } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../middlewares/auth.js';
import { parseInput } from '../../validation.js';
import { BAD_PARAMS } from '../plant/params.js';
import type { RouteDef } from '../types.js';
import { presentUnplanned, unplannedRowFromEvent } from './presenters.js';
import { idPath, recordUnplannedBody, updateUnplannedBody } from './schema.js';

/** The unplanned-stop chatbot's record and the line log's inline edit and delete (line log §2.1, §4.2, §5, §7). */
export function unplannedStopRoutes(deps: AppDeps): RouteDef[] {
  const roleOf = (ctx: { state: { user?: unknown } }) => (ctx.state.user as AuthUser).role;
  return [
    {
      method: 'post',
      path: '/factory/stop_events',
      action: 'stops:write',
      async handler(ctx) {
        const body = parseInput(recordUnplannedBody, ctx.request.body ?? {}, 'Stop non valido');
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
        const plant = await readPlantState(deps);
        const { place } = validateUnplannedStop(plant, input);
        const shiftSubmitted = await isShiftSubmitted(deps, place, input.startTime);
        const result = await execute(deps, ctx, unplannedStopsStream(place.equipmentId), unplannedStopsDecider, {
          type: 'RecordUnplannedStop', ...input, equipmentId: place.equipmentId, plant, role: roleOf(ctx), shiftSubmitted,
        });
        const recorded = result.events[0];
        if (recorded?.type !== 'UnplannedStopRecorded') throw new Error('RecordUnplannedStop recorded no stop');
        ctx.status = 201;
        ctx.body = presentUnplanned(unplannedRowFromEvent(recorded.data, plant));
      },
    },
    {
      method: 'post',
      path: '/factory/stop_events/update_unplanned_details',
      action: 'stops:write',
      async handler(ctx) {
        const body = parseInput(updateUnplannedBody, ctx.request.body ?? {}, 'Dati non validi');
        const { equipmentId, shiftSubmitted } = await locateUnplannedStop(deps, body.id);
        const field = body.field === 'failure_mode' ? 'failureMode' : 'correctiveAction';
        await execute(deps, ctx, unplannedStopsStream(equipmentId), unplannedStopsDecider, {
          type: 'EditUnplannedStopDetail', stopId: body.id, field, value: body.value, role: roleOf(ctx), shiftSubmitted,
        });
        ctx.body = { id: body.id, field: body.field, value: body.value.trim() };
      },
    },
    {
      method: 'delete',
      path: '/factory/stop_events/delete_unplanned/:id',
      action: 'stops:write',
      async handler(ctx) {
        const { id } = parseInput(idPath, ctx.params, BAD_PARAMS);
        const { equipmentId, shiftSubmitted } = await locateUnplannedStop(deps, id);
        await execute(deps, ctx, unplannedStopsStream(equipmentId), unplannedStopsDecider, {
          type: 'DeleteUnplannedStop', stopId: id, role: roleOf(ctx), shiftSubmitted,
        });
        ctx.body = { id, deleted: true };
      },
    },
  ];
}
