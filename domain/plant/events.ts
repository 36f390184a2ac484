import { z } from 'zod';
import { defineEvent, type EventDefinition, type EventOf } from '../shared/catalog.js';
import { maxChars, plantIdSchema, stopThresholdMinutesSchema } from '../shared/bounds.js';
import { oeeCategorySchema } from '../oee/categories.js';

/**
 * The plant's structure as business facts: what was added, renamed or retired and
 * which settings a shop floor received. Ids are assigned by the decider and stored
 * here, so a projection rebuild yields the same ids (never a database sequence).
 */
const id = plantIdSchema;
const name = z.string().min(1).pipe(maxChars(120));

export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Orario nel formato HH:MM');

export const shiftPatternSchema = z.object({
  name: z.string().min(1).pipe(maxChars(60)),
  code: z.string().min(1).pipe(maxChars(10)),
  start: hhmm,
  end: hhmm,
  /** An extra shift ('Turno E') is generated only where the shop floor manages it. */
  extra: z.boolean(),
});
export type ShiftPattern = z.infer<typeof shiftPatternSchema>;

export const ShopFloorAdded = defineEvent('ShopFloorAdded', 1, z.object({ shopFloorId: id, name }));
export const ShopFloorRenamed = defineEvent('ShopFloorRenamed', 1, z.object({ shopFloorId: id, name }));
export const ShopFloorRetired = defineEvent('ShopFloorRetired', 1, z.object({ shopFloorId: id }));
export const UnitsOfMeasurementSet = defineEvent('UnitsOfMeasurementSet', 1, z.object({ shopFloorId: id, unit1: maxChars(20), unit2: maxChars(20), unit3: maxChars(20) }));
export const ReportLabelsSet = defineEvent('ReportLabelsSet', 1, z.object({ shopFloorId: id, labels: z.array(z.string().min(1).pipe(maxChars(60))).max(20) }));
export const ShiftPatternsSet = defineEvent('ShiftPatternsSet', 1, z.object({ shopFloorId: id, manageExtraShift: z.boolean(), patterns: z.array(shiftPatternSchema) }));

export const LineAdded = defineEvent('LineAdded', 1, z.object({ lineId: id, shopFloorId: id, name, referenceMachine: name }));
export const LineRenamed = defineEvent('LineRenamed', 1, z.object({ lineId: id, name }));
export const LineReferenceMachineChanged = defineEvent('LineReferenceMachineChanged', 1, z.object({ lineId: id, referenceMachine: name }));
/** The machine whose count is the line's output (docs/machine-signals.md); null: the default, the line's last machine. */
export const LineCountingEquipmentSet = defineEvent('LineCountingEquipmentSet', 1, z.object({ lineId: id, equipmentId: id.nullable() }));
/** The line's own machine stop threshold in minutes (docs/machine-signals.md); null: the plant's default again. */
export const LineStopThresholdSet = defineEvent('LineStopThresholdSet', 1, z.object({ lineId: id, minutes: stopThresholdMinutesSchema.nullable() }));
export const LineRetired = defineEvent('LineRetired', 1, z.object({ lineId: id }));

export const EquipmentAdded = defineEvent('EquipmentAdded', 1, z.object({ equipmentId: id, lineId: id, name }));
export const EquipmentRenamed = defineEvent('EquipmentRenamed', 1, z.object({ equipmentId: id, name }));
export const EquipmentRetired = defineEvent('EquipmentRetired', 1, z.object({ equipmentId: id }));

export const WorkpointAdded = defineEvent('WorkpointAdded', 1, z.object({ workpointId: id, equipmentId: id, name }));
export const WorkpointRenamed = defineEvent('WorkpointRenamed', 1, z.object({ workpointId: id, name }));
export const WorkpointRetired = defineEvent('WorkpointRetired', 1, z.object({ workpointId: id }));

export const StopCodeAdded = defineEvent('StopCodeAdded', 1, z.object({ stopCodeId: id, workpointId: id, name }));
export const StopCodeRenamed = defineEvent('StopCodeRenamed', 1, z.object({ stopCodeId: id, name }));
export const StopCodeRetired = defineEvent('StopCodeRetired', 1, z.object({ stopCodeId: id }));

export const TriggeringEventAdded = defineEvent('TriggeringEventAdded', 1, z.object({ triggeringEventId: id, name }));
export const TriggeringEventRenamed = defineEvent('TriggeringEventRenamed', 1, z.object({ triggeringEventId: id, name }));
export const TriggeringEventRetired = defineEvent('TriggeringEventRetired', 1, z.object({ triggeringEventId: id }));

export const PlannedStopReasonAdded = defineEvent('PlannedStopReasonAdded', 1, z.object({ plannedStopReasonId: id, name }));
export const PlannedStopReasonRenamed = defineEvent('PlannedStopReasonRenamed', 1, z.object({ plannedStopReasonId: id, name }));
export const PlannedStopReasonRetired = defineEvent('PlannedStopReasonRetired', 1, z.object({ plannedStopReasonId: id }));
/** The reason's place in the OEE time model changed (docs/oee.md); a reason added without one has its name's default. */
export const PlannedStopReasonCategorySet = defineEvent('PlannedStopReasonCategorySet', 1, z.object({ plannedStopReasonId: id, oeeCategory: oeeCategorySchema }));

export const plantEvents = [
  ShopFloorAdded,
  ShopFloorRenamed,
  ShopFloorRetired,
  UnitsOfMeasurementSet,
  ReportLabelsSet,
  ShiftPatternsSet,
  LineAdded,
  LineRenamed,
  LineReferenceMachineChanged,
  LineCountingEquipmentSet,
  LineStopThresholdSet,
  LineRetired,
  EquipmentAdded,
  EquipmentRenamed,
  EquipmentRetired,
  WorkpointAdded,
  WorkpointRenamed,
  WorkpointRetired,
  StopCodeAdded,
  StopCodeRenamed,
  StopCodeRetired,
  TriggeringEventAdded,
  TriggeringEventRenamed,
  TriggeringEventRetired,
  PlannedStopReasonAdded,
  PlannedStopReasonRenamed,
  PlannedStopReasonRetired,
  PlannedStopReasonCategorySet,
] as const;

/** The event union derived from the definitions, so a new definition cannot be forgotten in a switch. */
export type EventFromDefinition<D> = D extends EventDefinition<infer T, infer X> ? EventOf<T, X> : never;
export type PlantEvent = EventFromDefinition<(typeof plantEvents)[number]>;
export type PlantEventType = PlantEvent['type'];

/** The whole structure is one small, admin-edited aggregate. */
export const PLANT_STREAM = 'plant-structure';
