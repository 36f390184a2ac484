import type { DbrActionEvent } from '../../domain/dbrActions/events.js';
import { dbrActionFold } from '../../domain/dbrActions/state.js';
import type { ScheduledShift } from '../../domain/shifts/events.js';
import { plantStateFrom, smallPlantFile } from '../../test/builders/plantFixtures.js';
import { decideGenerateShifts } from '../shifts/generateShifts.js';
import { initialShiftCalendarState } from '../../domain/shifts/state.js';
import { settingsOf } from '../../domain/plant/state.js';
import type { CreateDbrAction } from './createDbrAction.js';
import { dbrActionDecider } from './decider.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';

// Small plant: shop floor 1 'Confezionamento' with 'Linea 1' (line 1: Filler 1, Capper 2) and
// 'Linea 2' (line 2: Filler 3); shop floor 2 'Preparazione' with 'Linea P' (line 3).
const plant = plantStateFrom(smallPlantFile());
const DAY = '2030-06-05';
const now = new Date('2030-06-05T09:41:00Z');

/** The calendar of shop floor 1 for DAY, as a generation records it: A 1000001, B 1000002, C 1000003. */
const dayShifts: readonly ScheduledShift[] = decideGenerateShifts(
  { type: 'GenerateShifts', shopFloorId: 1, startDate: DAY, endDate: DAY, patterns: settingsOf(plant, 1).patterns, manageExtraShift: false },
  initialShiftCalendarState,
).flatMap((e) => e.data.shifts);

// Ids (domain/dbrActions/ids.ts): line × 10^9 + days since 2000-01-01 × 10^4 + n; 2030-06-05 is day 11113.
const ACTION_1 = 1_11113_0001;

const create = (over: Partial<CreateDbrAction> = {}): CreateDbrAction => ({
  type: 'CreateDbrAction',
  actionId: ACTION_1,
  plant,
  stationShopFloorId: null,
  dayShifts,
  day: DAY,
  dueShiftId: 1000001,
  lineName: 'Linea 1',
  shopFloorId: null,
  equipmentId: 2,
  owner: '  Rossi ',
  supportBy: ' Bianchi ',
  activity: '  Pulire i sensori della tappatrice  ',
  target: { equipmentId: null, stopCodeId: null },
  ...over,
});
const spec = deciderSpec(dbrActionDecider, now);
/** The action's state after these events, as its fold leaves it. */
const stateAfter = (...events: DbrActionEvent[]) => events.reduce(dbrActionFold.evolve, dbrActionFold.initialState);

const created: DbrActionEvent = {
  type: 'DbrActionCreated',
  data: {
    actionId: ACTION_1,
    shopFloorId: 1,
    lineId: 1,
    equipmentId: 2,
    dueDay: DAY,
    dueShiftId: 1000001,
    dueShiftName: 'Turno A',
    activity: 'Pulire i sensori della tappatrice',
    owner: 'Rossi',
    supportBy: 'Bianchi',
  },
};
const executed: DbrActionEvent = { type: 'DbrActionMarkedExecuted', data: { actionId: ACTION_1, executedAt: '2030-06-05T08:00:00.000Z' } };
const deleted: DbrActionEvent = { type: 'DbrActionDeleted', data: { actionId: ACTION_1 } };
/** The first decided event's data passes the check. */
const firstData = (check: (data: Record<string, unknown>) => void) => (events: DbrActionEvent[]) => check(events[0]!.data as Record<string, unknown>);

describe('given no action (a new stream)', () => {
  it('creates the action with its place, due shift and trimmed texts', () => {
    spec.given([]).when(create()).then([created]);
  });

  it("records 'Fine gg' and 'Non specificato' as no shift and no equipment; a blank support as none", () => {
    spec
      .given([])
      .when(create({ dueShiftId: null, equipmentId: null, supportBy: '   ' }))
      .then(
        firstData((data) =>
          expect(data).toMatchObject({
            equipmentId: null,
            dueShiftId: null,
            dueShiftName: null,
            supportBy: null,
          }),
        ),
      );
  });

  it('keeps activity, owner and support to 250 characters', () => {
    const full = 'x'.repeat(250);
    spec
      .given([])
      .when(create({ activity: full, owner: full, supportBy: full }))
      .then(firstData((data) => expect(data).toMatchObject({ activity: full, owner: full, supportBy: full })));
    spec
      .given([])
      .when(create({ activity: 'a'.repeat(251), owner: 'o'.repeat(251), supportBy: 's'.repeat(251) }))
      .thenRefuses({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Azione DBR non valida',
        fields: { activity: 'Al massimo 250 caratteri', owner: 'Al massimo 250 caratteri', supportBy: 'Al massimo 250 caratteri' },
      });
  });

  it('refuses a blank activity or owner, naming both', () => {
    spec
      .given([])
      .when(create({ activity: '  ', owner: '' }))
      .thenRefuses({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Azione DBR non valida',
        fields: { activity: 'Obbligatorio', owner: 'Obbligatorio' },
      });
  });

  it('refuses an unknown line with 404, and a line of another shop floor than the one named', () => {
    spec
      .given([])
      .when(create({ lineName: 'Linea 9' }))
      .thenRefuses({ status: 404, code: 'NOT_FOUND', message: 'Linea non trovata', fields: { line: 'Linea non trovata' } });
    spec
      .given([])
      .when(create({ lineName: 'Linea P', shopFloorId: 1 }))
      .thenRefuses({ status: 404 });
    spec
      .given([])
      .when(create({ shopFloorId: 7 }))
      .thenRefuses({ status: 404, code: 'NOT_FOUND', message: 'Reparto non trovato', fields: { shop_floor_id: 'Reparto non trovato' } });
  });

  it('refuses an unknown equipment with 404 and an equipment of another line with 400', () => {
    spec
      .given([])
      .when(create({ equipmentId: 99 }))
      .thenRefuses({ status: 404, code: 'NOT_FOUND', message: 'Dispositivo non trovato', fields: { equipment: 'Dispositivo non trovato' } });
    spec
      .given([])
      .when(create({ equipmentId: 3 }))
      .thenRefuses({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Azione DBR non valida',
        fields: { equipment: 'Il dispositivo non appartiene alla linea scelta' },
      });
  });

  it('refuses a shift that is not one of the due day on that shop floor with 404', () => {
    for (const dueShiftId of [1000004, 2000001, 999]) {
      spec
        .given([])
        .when(create({ dueShiftId }))
        .thenRefuses({ status: 404, code: 'NOT_FOUND', message: 'Turno non trovato', fields: { due_shift: 'Turno non trovato' } });
    }
    spec
      .given([])
      .when(create({ dayShifts: [] }))
      .thenRefuses({ status: 404 });
  });

  it('checks the texts before the references', () => {
    spec
      .given([])
      .when(create({ lineName: 'Linea 9', activity: '' }))
      .thenRefuses((error) => expect(error).toMatchObject({ status: 400, fields: { activity: 'Obbligatorio' } }));
  });

  it('finds a line whose name two shop floors share through the shop floor given, else the default station, else refuses', () => {
    const raw = smallPlantFile() as any;
    raw.shopFloors[1].lines.push({ name: 'Linea 1', referenceMachine: 'Miscelatore 2', equipments: [{ name: 'Mixer', workpoints: [] }] });
    const twice = plantStateFrom(raw);
    // The second 'Linea 1' is line 4 (ids in creation order), its Mixer equipment 4.
    spec
      .given([])
      .when(create({ plant: twice, shopFloorId: 2, equipmentId: 4, dueShiftId: null }))
      .then(firstData((data) => expect(data).toMatchObject({ shopFloorId: 2, lineId: 4 })));
    spec
      .given([])
      .when(create({ plant: twice, stationShopFloorId: 1 }))
      .then(firstData((data) => expect(data).toMatchObject({ shopFloorId: 1, lineId: 1 })));
    spec
      .given([])
      .when(create({ plant: twice }))
      .thenRefuses((error) => expect(error).toMatchObject({ status: 400, fields: { line: 'Linea ambigua' } }));
  });

  it('answers 404 to mark, unmark and delete', () => {
    for (const type of ['MarkDbrExecuted', 'UnmarkDbrExecuted', 'DeleteDbrAction'] as const) {
      spec.given([]).when({ type, actionId: ACTION_1 }).thenRefuses({ status: 404, code: 'NOT_FOUND', message: 'Azione DBR non trovata', fields: undefined });
    }
  });
});

describe('given an open action', () => {
  it('marks it executed at the command’s time', () => {
    spec
      .given([created])
      .when({ type: 'MarkDbrExecuted', actionId: ACTION_1 })
      .then([{ type: 'DbrActionMarkedExecuted', data: { actionId: ACTION_1, executedAt: '2030-06-05T09:41:00.000Z' } }]);
  });

  it('unmarking changes nothing', () => {
    spec.given([created]).when({ type: 'UnmarkDbrExecuted', actionId: ACTION_1 }).thenNothingHappened();
  });

  it('deletes it', () => {
    spec.given([created]).when({ type: 'DeleteDbrAction', actionId: ACTION_1 }).then([deleted]);
  });
});

describe('given an executed action', () => {
  it('marking again changes nothing: the first time stays', () => {
    spec.given([created, executed]).when({ type: 'MarkDbrExecuted', actionId: ACTION_1 }).thenNothingHappened();
    expect(stateAfter(created, executed)).toMatchObject({ status: 'active', action: { executedAt: '2030-06-05T08:00:00.000Z' } });
  });

  it('unmarks it: open again', () => {
    const unmarked: DbrActionEvent = { type: 'DbrActionUnmarkedExecuted', data: { actionId: ACTION_1 } };
    spec.given([created, executed]).when({ type: 'UnmarkDbrExecuted', actionId: ACTION_1 }).then([unmarked]);
    expect(stateAfter(created, executed, unmarked)).toMatchObject({ status: 'active', action: { executedAt: null } });
  });

  it('may be deleted', () => {
    spec.given([created, executed]).when({ type: 'DeleteDbrAction', actionId: ACTION_1 }).then([deleted]);
  });
});

describe('given a deleted action', () => {
  it('answers 404 to mark, unmark and delete', () => {
    for (const history of [
      [created, deleted],
      [created, executed, deleted],
    ]) {
      for (const type of ['MarkDbrExecuted', 'UnmarkDbrExecuted', 'DeleteDbrAction'] as const) {
        spec.given(history).when({ type, actionId: ACTION_1 }).thenRefuses({ status: 404 });
      }
    }
  });
});

// The loss an action targets. Small plant, line 1: Filler 1 (stop codes 1 'Perdita di prodotto', 2 'Valvola
// bloccata'), Capper 2 (stop code 3 'Tappo storto'); line 2: Filler 3.
describe('the target: a machine of the line and one of its stop codes', () => {
  const targetSet = (equipmentId: number | null, stopCodeId: number | null): DbrActionEvent => ({
    type: 'DbrActionTargetSet',
    data: { actionId: ACTION_1, equipmentId, stopCodeId },
  });
  const setTarget = (equipmentId: number | null, stopCodeId: number | null) => ({ type: 'SetDbrActionTarget' as const, actionId: ACTION_1, plant, equipmentId, stopCodeId });
  const invalid = (fields: Record<string, string>) => ({ status: 400, code: 'VALIDATION_FAILED', message: 'Azione DBR non valida', fields });

  it('is recorded with the creation when the form names one; a stop code alone brings its machine', () => {
    spec
      .given([])
      .when(create({ target: { equipmentId: 2, stopCodeId: 3 } }))
      .then([created, targetSet(2, 3)]);
    spec
      .given([])
      .when(create({ target: { equipmentId: null, stopCodeId: 2 } }))
      .then([created, targetSet(1, 2)]);
    spec
      .given([])
      .when(create({ target: { equipmentId: 1, stopCodeId: null } }))
      .then([created, targetSet(1, null)]);
  });

  it('refuses at creation a machine or a stop code that is not of the line, or a code of another machine, writing nothing', () => {
    spec
      .given([])
      .when(create({ target: { equipmentId: 3, stopCodeId: 99 } }))
      .thenRefuses(invalid({ target_equipment: 'Macchina non trovata sulla linea dell’azione', target_stop_code: 'Codice di stop non trovato sulla linea dell’azione' }));
    spec
      .given([])
      .when(create({ target: { equipmentId: 1, stopCodeId: 3 } }))
      .thenRefuses(invalid({ target_stop_code: 'Il codice di stop non è della macchina scelta' }));
    spec
      .given([])
      .when(create({ lineName: 'Linea 2', equipmentId: null, target: { equipmentId: null, stopCodeId: 1 } }))
      .thenRefuses(invalid({ target_stop_code: 'Codice di stop non trovato sulla linea dell’azione' }));
  });

  it('is set, changed and cleared later, open or executed; the same target again changes nothing', () => {
    spec
      .given([created])
      .when(setTarget(null, 3))
      .then([targetSet(2, 3)]);
    spec
      .given([created, executed, targetSet(2, 3)])
      .when(setTarget(1, 1))
      .then([targetSet(1, 1)]);
    spec
      .given([created, targetSet(2, 3)])
      .when(setTarget(null, null))
      .then([targetSet(null, null)]);
    spec
      .given([created, targetSet(2, 3)])
      .when(setTarget(2, 3))
      .thenNothingHappened();
    spec.given([created]).when(setTarget(null, null)).thenNothingHappened();
    expect(stateAfter(created, targetSet(2, 3))).toMatchObject({ status: 'active', action: { targetEquipmentId: 2, targetStopCodeId: 3 } });
    expect(stateAfter(created, targetSet(2, 3), targetSet(null, null))).toMatchObject({ action: { targetEquipmentId: null, targetStopCodeId: null } });
  });

  it('refuses later a machine of another line (400) and answers 404 for an action deleted or never created', () => {
    spec
      .given([created])
      .when(setTarget(3, null))
      .thenRefuses(invalid({ target_equipment: 'Macchina non trovata sulla linea dell’azione' }));
    spec.given([created, deleted]).when(setTarget(1, null)).thenRefuses({ status: 404, message: 'Azione DBR non trovata' });
    spec.given([]).when(setTarget(1, null)).thenRefuses({ status: 404, message: 'Azione DBR non trovata' });
  });
});
