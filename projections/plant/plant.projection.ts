import type { Knex } from 'knex';
import type { DomainEvent } from '../../domain/shared/catalog.js';
import { plantEvents, type PlantEvent } from '../../domain/plant/events.js';
import { applyEach, type Projection } from '../types.js';

const named = (parent?: string) => (t: Knex.CreateTableBuilder) => {
  t.integer('id').primary();
  if (parent) t.integer(parent).notNullable().index();
  t.text('name').notNullable();
  t.boolean('retired').notNullable().defaultTo(false);
  t.timestamp('updated_at', { useTz: true }).notNullable();
};

/**
 * The plant's structure for the selectors of every screen (reparti, linee, macchine,
 * aree, codici di stop, eventi, causali) plus each shop floor's units and report
 * labels. Retired rows stay (flagged) so old records keep their names.
 */
export const plantProjection: Projection = {
  name: 'plant',
  version: 1,
  tables: {
    plant_shop_floors: (t) => {
      named()(t);
      t.boolean('manage_extra_shift').notNullable().defaultTo(false);
    },
    plant_lines: (t) => {
      named('shop_floor_id')(t);
      t.text('reference_machine').notNullable();
    },
    plant_equipments: named('line_id'),
    plant_workpoints: named('equipment_id'),
    plant_stop_codes: named('workpoint_id'),
    plant_triggering_events: named(),
    plant_planned_stop_reasons: named(),
    plant_units: (t) => {
      t.integer('shop_floor_id').primary();
      t.text('unit1').notNullable();
      t.text('unit2').notNullable();
      t.text('unit3').notNullable();
    },
    plant_report_labels: (t) => {
      t.integer('shop_floor_id').primary();
      t.jsonb('labels').notNullable();
    },
  },
  canHandle: plantEvents.map((d) => d.type),
  applyBatch: applyEach(async ({ trx, tables }, domainEvent: DomainEvent) => {
    const event = domainEvent as unknown as PlantEvent;
    const at = domainEvent.metadata.occurredAt;
    const add = (table: string, row: Record<string, unknown>) =>
      trx(tables[table]!).insert({ ...row, retired: false, updated_at: at }).onConflict('id').merge();
    const set = (table: string, id: number, patch: Record<string, unknown>) => trx(tables[table]!).where({ id }).update({ ...patch, updated_at: at });
    switch (event.type) {
      case 'ShopFloorAdded':
        return void (await add('plant_shop_floors', { id: event.data.shopFloorId, name: event.data.name }));
      case 'ShopFloorRenamed':
        return void (await set('plant_shop_floors', event.data.shopFloorId, { name: event.data.name }));
      case 'ShopFloorRetired':
        return void (await set('plant_shop_floors', event.data.shopFloorId, { retired: true }));
      case 'UnitsOfMeasurementSet': {
        const { shopFloorId, unit1, unit2, unit3 } = event.data;
        return void (await trx(tables.plant_units!).insert({ shop_floor_id: shopFloorId, unit1, unit2, unit3 }).onConflict('shop_floor_id').merge());
      }
      case 'ReportLabelsSet': {
        const row = { shop_floor_id: event.data.shopFloorId, labels: JSON.stringify(event.data.labels) };
        return void (await trx(tables.plant_report_labels!).insert(row).onConflict('shop_floor_id').merge());
      }
      case 'ShiftPatternsSet':
        return void (await set('plant_shop_floors', event.data.shopFloorId, { manage_extra_shift: event.data.manageExtraShift }));
      case 'LineAdded': {
        const { lineId, shopFloorId, name, referenceMachine } = event.data;
        return void (await add('plant_lines', { id: lineId, shop_floor_id: shopFloorId, name, reference_machine: referenceMachine }));
      }
      case 'LineRenamed':
        return void (await set('plant_lines', event.data.lineId, { name: event.data.name }));
      case 'LineReferenceMachineChanged':
        return void (await set('plant_lines', event.data.lineId, { reference_machine: event.data.referenceMachine }));
      case 'LineRetired':
        return void (await set('plant_lines', event.data.lineId, { retired: true }));
      case 'EquipmentAdded':
        return void (await add('plant_equipments', { id: event.data.equipmentId, line_id: event.data.lineId, name: event.data.name }));
      case 'EquipmentRenamed':
        return void (await set('plant_equipments', event.data.equipmentId, { name: event.data.name }));
      case 'EquipmentRetired':
        return void (await set('plant_equipments', event.data.equipmentId, { retired: true }));
      case 'WorkpointAdded':
        return void (await add('plant_workpoints', { id: event.data.workpointId, equipment_id: event.data.equipmentId, name: event.data.name }));
      case 'WorkpointRenamed':
        return void (await set('plant_workpoints', event.data.workpointId, { name: event.data.name }));
      case 'WorkpointRetired':
        return void (await set('plant_workpoints', event.data.workpointId, { retired: true }));
      case 'StopCodeAdded':
        return void (await add('plant_stop_codes', { id: event.data.stopCodeId, workpoint_id: event.data.workpointId, name: event.data.name }));
      case 'StopCodeRenamed':
        return void (await set('plant_stop_codes', event.data.stopCodeId, { name: event.data.name }));
      case 'StopCodeRetired':
        return void (await set('plant_stop_codes', event.data.stopCodeId, { retired: true }));
      case 'TriggeringEventAdded':
        return void (await add('plant_triggering_events', { id: event.data.triggeringEventId, name: event.data.name }));
      case 'TriggeringEventRenamed':
        return void (await set('plant_triggering_events', event.data.triggeringEventId, { name: event.data.name }));
      case 'TriggeringEventRetired':
        return void (await set('plant_triggering_events', event.data.triggeringEventId, { retired: true }));
      case 'PlannedStopReasonAdded':
        return void (await add('plant_planned_stop_reasons', { id: event.data.plannedStopReasonId, name: event.data.name }));
      case 'PlannedStopReasonRenamed':
        return void (await set('plant_planned_stop_reasons', event.data.plannedStopReasonId, { name: event.data.name }));
      case 'PlannedStopReasonRetired':
        return void (await set('plant_planned_stop_reasons', event.data.plannedStopReasonId, { retired: true }));
      default: {
        const never: never = event;
        return never;
      }
    }
  }),
};
