import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { DomainEvent } from '../../domain/shared/catalog.js';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { stopEvents, type StopEvent } from '../../domain/stops/events.js';
import { applyEach, type Projection } from '../types.js';

/** Columns both kinds share: the place (for the filters), the times and the Italian calendar day of the start. */
const common = (t: Knex.CreateTableBuilder) => {
  t.bigInteger('id').primary();
  t.integer('shop_floor_id').notNullable();
  t.integer('line_id').notNullable();
  t.integer('equipment_id').notNullable();
  t.timestamp('start_time', { useTz: true }).notNullable();
  t.timestamp('end_time', { useTz: true }).notNullable();
  /** Day of the start in Italy: narrows the search before the shift of a stop is worked out. */
  t.date('start_day').notNullable();
  /** Deleted stops keep their row (history); every list leaves them out. */
  t.boolean('deleted').notNullable().defaultTo(false);
  t.timestamp('updated_at', { useTz: true }).notNullable();
};

const startDay = (iso: string) => DateTime.fromISO(iso, { zone: PLANT_ZONE }).toISODate()!;

/**
 * The line log's stop tables, the Root Cause Tool and the dashboard's stop history.
 * Built from the stop events only; names (workpoint, stop code, ...) are joined from
 * the plant views when read, and the shift a stop belongs to is worked out from the
 * shift calendar when read (a calendar may be generated after the stop).
 */
export const stopsProjection: Projection = {
  name: 'stops',
  version: 1,
  tables: {
    unplanned_stops: (t) => {
      common(t);
      t.integer('workpoint_id').notNullable();
      t.integer('stop_code_id').notNullable();
      t.integer('triggering_event_id').notNullable();
      t.text('failure_mode').notNullable();
      t.text('corrective_action').notNullable();
      t.boolean('action_material_change').notNullable();
      t.boolean('action_cleaning').notNullable();
      t.boolean('action_setting_adjustment').notNullable();
      t.boolean('action_component_restore').notNullable();
    },
    planned_stops: (t) => {
      common(t);
      t.integer('planned_reason_id').notNullable();
      t.text('notes').nullable();
    },
  },
  async afterCreate(knex, tables) {
    for (const table of [tables.unplanned_stops!, tables.planned_stops!]) {
      await knex.raw('create index ?? on ?? (shop_floor_id, start_day)', [`${table}_floor_day`, table]);
      await knex.raw('create index ?? on ?? (shop_floor_id, start_time)', [`${table}_floor_time`, table]);
    }
  },
  canHandle: stopEvents.map((d) => d.type),
  applyBatch: applyEach(async ({ trx, tables }, domainEvent: DomainEvent) => {
    const event = domainEvent as unknown as StopEvent;
    const updated_at = domainEvent.metadata.occurredAt;
    const place = (d: { stopId: number; shopFloorId: number; lineId: number; equipmentId: number; startTime: string; endTime: string }) => ({
      id: d.stopId,
      shop_floor_id: d.shopFloorId,
      line_id: d.lineId,
      equipment_id: d.equipmentId,
      start_time: d.startTime,
      end_time: d.endTime,
      start_day: startDay(d.startTime),
      deleted: false,
      updated_at,
    });
    const set = (table: string, id: number, patch: Record<string, unknown>) => trx(tables[table]!).where({ id }).update({ ...patch, updated_at });
    switch (event.type) {
      case 'UnplannedStopRecorded': {
        const d = event.data;
        const row = {
          ...place(d),
          workpoint_id: d.workpointId,
          stop_code_id: d.stopCodeId,
          triggering_event_id: d.triggeringEventId,
          failure_mode: d.failureMode,
          corrective_action: d.correctiveAction,
          action_material_change: d.actionMaterialChange,
          action_cleaning: d.actionCleaning,
          action_setting_adjustment: d.actionSettingAdjustment,
          action_component_restore: d.actionComponentRestore,
        };
        return void (await trx(tables.unplanned_stops!).insert(row).onConflict('id').merge());
      }
      case 'UnplannedStopDetailEdited': {
        const column = event.data.field === 'failureMode' ? 'failure_mode' : 'corrective_action';
        return void (await set('unplanned_stops', event.data.stopId, { [column]: event.data.value }));
      }
      case 'UnplannedStopDeleted':
        return void (await set('unplanned_stops', event.data.stopId, { deleted: true }));
      case 'PlannedStopRecorded': {
        const d = event.data;
        const row = { ...place(d), planned_reason_id: d.plannedReasonId, notes: d.notes };
        return void (await trx(tables.planned_stops!).insert(row).onConflict('id').merge());
      }
      case 'PlannedStopNoteEdited':
        return void (await set('planned_stops', event.data.stopId, { notes: event.data.notes }));
      case 'PlannedStopDeleted':
        return void (await set('planned_stops', event.data.stopId, { deleted: true }));
      default: {
        const never: never = event;
        return never;
      }
    }
  }),
};
