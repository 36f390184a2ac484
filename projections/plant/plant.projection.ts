import { plantEvents } from '../../domain/plant/events.js';
import { EntityFold, upsertRows } from '../batchWrite.js';
import { boolean, defineColumns, int, jsonb, text, timestamptz, type ColumnList, type RowOf } from '../columns.js';
import { defineProjection } from '../types.js';
import { defaultOeeCategory } from '../../domain/oee/categories.js';

/** An item of the plant with a name, under its parent (indexed, for the selectors that filter by it), that can be retired. */
const named = (parent?: string, extra: ColumnList = {}) =>
  defineColumns({
    id: int().primary(),
    ...(parent ? { [parent]: int().index() } : {}),
    name: text(),
    retired: boolean().defaultTo(false),
    updated_at: timestamptz(),
    ...extra,
  });

/** The tables of named items; a new shop floor manages no extra shift until told. */
const NAMED = {
  plant_shop_floors: named(undefined, { manage_extra_shift: boolean().defaultTo(false) }),
  plant_lines: named('shop_floor_id', { reference_machine: text(), counting_equipment_id: int().nullable() }),
  plant_equipments: named('line_id'),
  plant_workpoints: named('equipment_id'),
  plant_stop_codes: named('workpoint_id'),
  plant_triggering_events: named(),
  /** With the reason's place in the OEE time model (docs/oee.md). */
  plant_planned_stop_reasons: named(undefined, { oee_category: text() }),
};

const UNITS = defineColumns({ shop_floor_id: int().primary(), unit1: text(), unit2: text(), unit3: text() });
const LABELS = defineColumns({ shop_floor_id: int().primary(), labels: jsonb() });

/** One fold per table of added, renamed and retired items, a new row taking its table's defaults. */
const entityFolds = () =>
  Object.fromEntries(Object.entries(NAMED).map(([table, c]) => [table, new EntityFold<number>('id', c.columns, c.defaults)])) as Record<keyof typeof NAMED, EntityFold<number>>;

/**
 * The plant's structure for the selectors of every screen (reparti, linee, macchine,
 * aree, codici di stop, eventi, causali) plus each shop floor's units and report
 * labels. Retired rows stay (flagged) so old records keep their names.
 */
export const plantProjection = defineProjection(plantEvents, {
  name: 'plant',
  version: 3,
  tables: {
    ...Object.fromEntries(Object.entries(NAMED).map(([table, columns]) => [table, columns.table()])),
    plant_units: UNITS.table(),
    plant_report_labels: LABELS.table(),
  },
  async applyBatch({ trx, tables }, events) {
    const f = entityFolds();
    const units = new Map<number, RowOf<typeof UNITS>>();
    const labels = new Map<number, RowOf<typeof LABELS>>();
    events.forEach((event) => {
      const updated_at = event.metadata.occurredAt;
      const added = { retired: false, updated_at };
      const renamed = (name: string) => ({ name, updated_at });
      const retired = { retired: true, updated_at };
      switch (event.type) {
        case 'ShopFloorAdded':
          f.plant_shop_floors.add(event.data.shopFloorId, { name: event.data.name, ...added });
          return;
        case 'ShopFloorRenamed':
          f.plant_shop_floors.change(event.data.shopFloorId, renamed(event.data.name));
          return;
        case 'ShopFloorRetired':
          f.plant_shop_floors.change(event.data.shopFloorId, retired);
          return;
        case 'UnitsOfMeasurementSet': {
          const { shopFloorId, unit1, unit2, unit3 } = event.data;
          units.set(shopFloorId, { shop_floor_id: shopFloorId, unit1, unit2, unit3 });
          return;
        }
        case 'ReportLabelsSet':
          labels.set(event.data.shopFloorId, { shop_floor_id: event.data.shopFloorId, labels: event.data.labels });
          return;
        case 'ShiftPatternsSet':
          f.plant_shop_floors.change(event.data.shopFloorId, { manage_extra_shift: event.data.manageExtraShift, updated_at });
          return;
        case 'LineAdded': {
          const { lineId, shopFloorId, name, referenceMachine } = event.data;
          f.plant_lines.add(lineId, { shop_floor_id: shopFloorId, name, reference_machine: referenceMachine, ...added });
          return;
        }
        case 'LineRenamed':
          f.plant_lines.change(event.data.lineId, renamed(event.data.name));
          return;
        case 'LineReferenceMachineChanged':
          f.plant_lines.change(event.data.lineId, { reference_machine: event.data.referenceMachine, updated_at });
          return;
        case 'LineCountingEquipmentSet':
          f.plant_lines.change(event.data.lineId, { counting_equipment_id: event.data.equipmentId, updated_at });
          return;
        case 'LineStopThresholdSet':
          return; // read from the plant stream by the machine signals (api/machineSignals.ts), no table of its own
        case 'LineRetired':
          f.plant_lines.change(event.data.lineId, retired);
          return;
        case 'EquipmentAdded':
          f.plant_equipments.add(event.data.equipmentId, { line_id: event.data.lineId, name: event.data.name, ...added });
          return;
        case 'EquipmentRenamed':
          f.plant_equipments.change(event.data.equipmentId, renamed(event.data.name));
          return;
        case 'EquipmentRetired':
          f.plant_equipments.change(event.data.equipmentId, retired);
          return;
        case 'WorkpointAdded':
          f.plant_workpoints.add(event.data.workpointId, { equipment_id: event.data.equipmentId, name: event.data.name, ...added });
          return;
        case 'WorkpointRenamed':
          f.plant_workpoints.change(event.data.workpointId, renamed(event.data.name));
          return;
        case 'WorkpointRetired':
          f.plant_workpoints.change(event.data.workpointId, retired);
          return;
        case 'StopCodeAdded':
          f.plant_stop_codes.add(event.data.stopCodeId, { workpoint_id: event.data.workpointId, name: event.data.name, ...added });
          return;
        case 'StopCodeRenamed':
          f.plant_stop_codes.change(event.data.stopCodeId, renamed(event.data.name));
          return;
        case 'StopCodeRetired':
          f.plant_stop_codes.change(event.data.stopCodeId, retired);
          return;
        case 'TriggeringEventAdded':
          f.plant_triggering_events.add(event.data.triggeringEventId, { name: event.data.name, ...added });
          return;
        case 'TriggeringEventRenamed':
          f.plant_triggering_events.change(event.data.triggeringEventId, renamed(event.data.name));
          return;
        case 'TriggeringEventRetired':
          f.plant_triggering_events.change(event.data.triggeringEventId, retired);
          return;
        case 'PlannedStopReasonAdded':
          f.plant_planned_stop_reasons.add(event.data.plannedStopReasonId, { name: event.data.name, oee_category: defaultOeeCategory(event.data.name), ...added });
          return;
        case 'PlannedStopReasonRenamed':
          f.plant_planned_stop_reasons.change(event.data.plannedStopReasonId, renamed(event.data.name));
          return;
        case 'PlannedStopReasonRetired':
          f.plant_planned_stop_reasons.change(event.data.plannedStopReasonId, retired);
          return;
        case 'PlannedStopReasonCategorySet':
          f.plant_planned_stop_reasons.change(event.data.plannedStopReasonId, { oee_category: event.data.oeeCategory, updated_at });
          return;
        default: {
          const never: never = event;
          return never;
        }
      }
    });
    for (const [table, fold] of Object.entries(f)) await fold.write(trx, tables[table]!);
    if (units.size > 0) await upsertRows(trx, tables.plant_units!, ['shop_floor_id'], UNITS.columns, [...units.values()]);
    if (labels.size > 0) await upsertRows(trx, tables.plant_report_labels!, ['shop_floor_id'], LABELS.columns, [...labels.values()]);
  },
});
