import { createCatalog } from '../../domain/catalog.js';
import { dbrStream, type DbrConstants } from '../../domain/dbr/constants.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { decideOn } from '../../test/builders/decideOn.js';
import { dbrDecider } from '../../commands/dbr/decider.js';
import { useTestDatabase } from '../../test/support/db.js';
import { expectSameRowsEveryWay, replayTwice, storedEvents } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { dbrConstantsProjection } from './dbrConstants.projection.js';

const BASE: DbrConstants = {
  def_speed: 10000,
  def_uptime: 0.85,
  def_mtbf: 120,
  def_waste: 0.02,
  def_volume: 80000,
  min_ut: 0.6,
  max_ut: 0.95,
  min_mtbf: 60,
  max_mtbf: 240,
  min_waste: 0,
  max_waste: 0.05,
  ut_threshold: 0.8,
  mtbf_threshold: 90,
  waste_threshold: 0.03,
};

/**
 * An admin tuning the DBR constants of two lines, line 1 several times, so one batch
 * holds several sets of the same line; saving unchanged constants records nothing.
 */
describeWith(['postgres'])('dbr_constants projection replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const at = (hhmm: string) => new Date(`2030-04-02T${hhmm}:00Z`);

  beforeAll(async () => {
    const steps: Array<[hhmm: string, lineId: number, constants: DbrConstants]> = [
      ['07:00', 1, BASE],
      ['07:05', 2, { ...BASE, def_speed: 6000, def_volume: 45000 }],
      ['07:10', 1, { ...BASE, def_speed: 11000 }],
      ['07:15', 1, { ...BASE, def_speed: 11000 }],
      ['07:20', 1, { ...BASE, def_speed: 11500, ut_threshold: 0.82 }],
      ['07:25', 2, { ...BASE, def_speed: 6000, def_volume: 45000, max_waste: 0.04 }],
    ];
    for (const [hhmm, lineId, constants] of steps) {
      await decideOn(
        { store, catalog },
        dbrStream(lineId),
        dbrDecider,
        { type: 'SetDbrConstants', lineId, constants },
        { userId: 'u-admin', username: 'admin', role: 'admin', now: at(hhmm) },
      );
    }
  });

  const events = () => storedEvents(store, catalog);

  it('gives the same rows in one batch, one event per batch, batches of 2, and after a second pass', async () => {
    const history = await events();
    expect(history).toHaveLength(5);
    await expectSameRowsEveryWay(db.knex, dbrConstantsProjection, history, 2);
  });

  it('holds each line with the last constants saved', async () => {
    const { first } = await replayTwice(db.knex, dbrConstantsProjection, await events());
    expect(first.dbr_constants).toEqual([
      {
        line_id: 1,
        def_speed: 11500,
        def_uptime: 0.85,
        def_mtbf: 120,
        def_waste: 0.02,
        def_volume: 80000,
        min_ut: 0.6,
        max_ut: 0.95,
        min_mtbf: 60,
        max_mtbf: 240,
        min_waste: 0,
        max_waste: 0.05,
        ut_threshold: 0.82,
        mtbf_threshold: 90,
        waste_threshold: 0.03,
        updated_at: at('07:20'),
      },
      {
        line_id: 2,
        def_speed: 6000,
        def_uptime: 0.85,
        def_mtbf: 120,
        def_waste: 0.02,
        def_volume: 45000,
        min_ut: 0.6,
        max_ut: 0.95,
        min_mtbf: 60,
        max_mtbf: 240,
        min_waste: 0,
        max_waste: 0.04,
        ut_threshold: 0.8,
        mtbf_threshold: 90,
        waste_threshold: 0.03,
        updated_at: at('07:25'),
      },
    ]);
  });
});
