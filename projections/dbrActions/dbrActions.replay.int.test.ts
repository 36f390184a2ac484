import { createCatalog } from '../../domain/catalog.js';
import type { ShiftEvent } from '../../domain/shifts/events.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { seedDemoPlant } from '../../seed/demoPlant.js';
import { handleCreateDbrAction, type CreateDbrActionInput } from '../../commands/dbrActions/createDbrAction.js';
import { handleDeleteDbrAction } from '../../commands/dbrActions/deleteDbrAction.js';
import { handleMarkDbrExecuted } from '../../commands/dbrActions/markDbrExecuted.js';
import { handleUnmarkDbrExecuted } from '../../commands/dbrActions/unmarkDbrExecuted.js';
import { handleSetDbrActionTarget } from '../../commands/dbrActions/setDbrActionTarget.js';
import { useTestDatabase } from '../../test/support/db.js';
import { replayBatchedAndSingly, replayTwice, storedEvents } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { dbrActionsProjection } from './dbrActions.projection.js';

/**
 * Replay: the DBR actions projection gives the same rows applied twice, and the same rows
 * whether the events come as one batch, one by one or in small batches (creations and
 * their ticks in one batch, or ticks landing on rows of an earlier batch).
 */
describeWith(['postgres'])('dbr_actions projection replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const deps = { store, catalog };
  const DAY = '2030-06-05';
  const ctx = (hhmm: string, username = 'support') => ({ userId: 'u', username, role: username, now: new Date(`${DAY}T${hhmm}:00+02:00`) });
  // Ids: line × 10^9 + days since 2000-01-01 × 10^4 + n (2030-06-05 is day 11113).
  const [L1_1, L1_2, L1_3, L2_1] = [1_11113_0001, 1_11113_0002, 1_11113_0003, 2_11113_0001];
  let turnoA: number;

  beforeAll(async () => {
    await seedDemoPlant(deps, ctx('06:00').now);
    const calendar = (await store.readStream('shift-calendar-1')).map((r) => catalog.decode(r) as unknown as ShiftEvent);
    turnoA = calendar.flatMap((e) => e.data.shifts).find((s) => s.shiftDay === DAY && s.code === 'A')!.shiftId;
    const action = (over: Partial<CreateDbrActionInput>): CreateDbrActionInput => ({
      day: DAY,
      dueShiftId: turnoA,
      lineName: 'Linea 1',
      shopFloorId: 1,
      equipmentId: 1,
      owner: 'Rossi',
      supportBy: null,
      activity: 'Pulire i sensori',
      target: { equipmentId: null, stopCodeId: null },
      ...over,
    });
    await handleCreateDbrAction(deps, action({}), ctx('07:00'));
    await handleCreateDbrAction(deps, action({ dueShiftId: null, equipmentId: null, supportBy: 'Bianchi', activity: 'Verificare il nastro' }), ctx('07:01'));
    await handleCreateDbrAction(deps, action({ activity: 'Da eliminare' }), ctx('07:02'));
    await handleCreateDbrAction(deps, action({ lineName: 'Linea 2', equipmentId: 4, target: { equipmentId: 4, stopCodeId: null } }), ctx('07:03'));
    await handleSetDbrActionTarget(deps, { actionId: L1_1, equipmentId: 2, stopCodeId: null }, ctx('08:00'));
    await handleMarkDbrExecuted(deps, { actionId: L1_1 }, ctx('09:10', 'frontline'));
    await handleMarkDbrExecuted(deps, { actionId: L1_2 }, ctx('09:20', 'frontline'));
    await handleUnmarkDbrExecuted(deps, { actionId: L1_2 }, ctx('09:21', 'frontline'));
    await handleMarkDbrExecuted(deps, { actionId: L2_1 }, ctx('10:00', 'frontline'));
    await handleDeleteDbrAction(deps, { actionId: L1_3 }, ctx('11:00'));
    await handleSetDbrActionTarget(deps, { actionId: L2_1, equipmentId: null, stopCodeId: null }, ctx('12:00'));
  });

  const events = () => storedEvents(store, catalog);

  it('same rows after a second pass', async () => {
    const { first, second } = await replayTwice(db.knex, dbrActionsProjection, await events());
    expect(first.dbr_actions).toHaveLength(4);
    expect(second).toEqual(first);
  });

  it('same rows batched, one by one and in batches of 3', async () => {
    const { batched, singly, chunked } = await replayBatchedAndSingly(db.knex, dbrActionsProjection, await events(), 3);
    expect(singly).toEqual(batched);
    expect(chunked).toEqual(batched);
  });

  it('folds ticks and deletion into the rows; a deleted action keeps its row, flagged, with who removed it', async () => {
    const { first } = await replayTwice(db.knex, dbrActionsProjection, await events());
    const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00+02:00`);
    expect(first.dbr_actions).toEqual([
      expect.objectContaining({
        id: L1_1,
        line_id: 1,
        equipment_id: 1,
        due_date: DAY,
        due_shift_id: turnoA,
        due_shift_name: 'Turno A',
        executed_at: at('09:10'),
        deleted: false,
        created_by: 'support',
        target_equipment_id: 2,
        target_stop_code_id: null,
      }),
      expect.objectContaining({ id: L1_2, equipment_id: null, due_shift_id: null, due_shift_name: null, support_by: 'Bianchi', executed_at: null, updated_at: at('09:21') }),
      expect.objectContaining({ id: L1_3, activity: 'Da eliminare', deleted: true, deleted_by: 'support', deleted_at: at('11:00') }),
      expect.objectContaining({ id: 2_11113_0001, line_id: 2, equipment_id: 4, executed_at: at('10:00'), deleted: false, target_equipment_id: null, updated_at: at('12:00') }),
    ]);
  });
});
