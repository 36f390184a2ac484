import { PLANT_STREAM, type PlantEvent, type ShiftPattern } from '../../domain/plant/events.js';
import type { PlantFile, PlantFileShopFloor } from '../../domain/plant/plantFile.js';
import { plantFold, settingsOf, type PlantState } from '../../domain/plant/state.js';
import { onStream, runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import { Reconciliation } from './reconcile.js';
import { defaultOeeCategory } from '../../domain/oee/categories.js';

/**
 * Make the recorded structure equal to a validated plant file. Importing the same
 * file twice decides nothing; a changed file decides only its changes.
 */
export interface ImportPlantStructure {
  type: 'ImportPlantStructure';
  plant: PlantFile;
}

const samePatterns = (a: ShiftPattern[], b: ShiftPattern[]) => JSON.stringify(a) === JSON.stringify(b);
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function reconcileSettings(r: Reconciliation, shopFloorId: number, floor: PlantFileShopFloor): void {
  const current = settingsOf(r.state, shopFloorId);
  const units = { unit1: floor.units.unit1, unit2: floor.units.unit2, unit3: floor.units.unit3 };
  const u = current.units;
  if (!u || u.unit1 !== units.unit1 || u.unit2 !== units.unit2 || u.unit3 !== units.unit3) {
    r.emit({ type: 'UnitsOfMeasurementSet', data: { shopFloorId, ...units } });
  }
  if (!sameList(current.reportLabels, floor.reportLabels)) {
    r.emit({ type: 'ReportLabelsSet', data: { shopFloorId, labels: floor.reportLabels } });
  }
  const patterns: ShiftPattern[] = floor.shifts.map((s) => ({ name: s.name, code: s.code, start: s.start, end: s.end, extra: s.extra }));
  if (current.manageExtraShift !== floor.manageExtraShift || !samePatterns(current.patterns, patterns)) {
    r.emit({ type: 'ShiftPatternsSet', data: { shopFloorId, manageExtraShift: floor.manageExtraShift, patterns } });
  }
}

function reconcileShopFloor(r: Reconciliation, shopFloorId: number, floor: PlantFileShopFloor, path: string): void {
  reconcileSettings(r, shopFloorId, floor);
  const lines = r.reconcile('line', shopFloorId, floor.lines, `${path}.lines`, (lineId, _item, i) => ({
    type: 'LineAdded',
    data: { lineId, shopFloorId, name: floor.lines[i]!.name, referenceMachine: floor.lines[i]!.referenceMachine },
  }));
  floor.lines.forEach((line, li) => {
    const { id: lineId, existing } = lines[li]!;
    if (existing && existing.referenceMachine !== line.referenceMachine) {
      r.emit({ type: 'LineReferenceMachineChanged', data: { lineId, referenceMachine: line.referenceMachine } });
    }
    const threshold = line.stopThresholdMinutes ?? null;
    if ((existing?.stopThresholdMinutes ?? null) !== threshold) r.emit({ type: 'LineStopThresholdSet', data: { lineId, minutes: threshold } });
    const linePath = `${path}.lines[${li}]`;
    const equipments = r.reconcile('equipment', lineId, line.equipments, `${linePath}.equipments`, (equipmentId, item) => ({
      type: 'EquipmentAdded',
      data: { equipmentId, lineId, name: item.name },
    }));
    const counting = line.countingEquipment === undefined ? null : equipments[line.equipments.findIndex((e) => e.name === line.countingEquipment)]!.id;
    if ((existing?.countingEquipmentId ?? null) !== counting) r.emit({ type: 'LineCountingEquipmentSet', data: { lineId, equipmentId: counting } });
    line.equipments.forEach((equipment, ei) => {
      const equipmentId = equipments[ei]!.id;
      const eqPath = `${linePath}.equipments[${ei}]`;
      const workpoints = r.reconcile('workpoint', equipmentId, equipment.workpoints, `${eqPath}.workpoints`, (workpointId, item) => ({
        type: 'WorkpointAdded',
        data: { workpointId, equipmentId, name: item.name },
      }));
      equipment.workpoints.forEach((workpoint, wi) => {
        const workpointId = workpoints[wi]!.id;
        r.reconcile('stopCode', workpointId, workpoint.stopCodes, `${eqPath}.workpoints[${wi}].stopCodes`, (stopCodeId, item) => ({
          type: 'StopCodeAdded',
          data: { stopCodeId, workpointId, name: item.name },
        }));
      });
    });
  });
}

export function decideImportPlantStructure(command: ImportPlantStructure, state: PlantState): PlantEvent[] {
  const { plant } = command;
  const r = new Reconciliation(state);
  const floors = r.reconcile('shopFloor', null, plant.shopFloors, 'shopFloors', (shopFloorId, item) => ({
    type: 'ShopFloorAdded',
    data: { shopFloorId, name: item.name },
  }));
  plant.shopFloors.forEach((floor, i) => reconcileShopFloor(r, floors[i]!.id, floor, `shopFloors[${i}]`));
  r.reconcile('triggeringEvent', null, plant.triggeringEvents, 'triggeringEvents', (triggeringEventId, item) => ({
    type: 'TriggeringEventAdded',
    data: { triggeringEventId, name: item.name },
  }));
  const reasons = r.reconcile('plannedStopReason', null, plant.plannedStopReasons, 'plannedStopReasons', (plannedStopReasonId, item) => ({
    type: 'PlannedStopReasonAdded',
    data: { plannedStopReasonId, name: item.name },
  }));
  plant.plannedStopReasons.forEach((item, i) => {
    const { id: plannedStopReasonId, existing } = reasons[i]!;
    const current = existing?.oeeCategory ?? defaultOeeCategory(item.name);
    if (item.oeeCategory && item.oeeCategory !== current) r.emit({ type: 'PlannedStopReasonCategorySet', data: { plannedStopReasonId, oeeCategory: item.oeeCategory } });
  });
  r.retireTheRest();
  return r.events;
}

/** The whole command on the plant stream, folded through the revision cache every other command reads it by. */
export function handleImportPlantStructure(deps: CommandDeps, input: { plant: PlantFile }, ctx: CommandContext): Promise<CommandResult<PlantEvent>> {
  return runCommand(
    deps,
    ctx,
    onStream(PLANT_STREAM, plantFold, (state) => decideImportPlantStructure({ type: 'ImportPlantStructure', ...input }, state), { cached: true }),
  );
}
