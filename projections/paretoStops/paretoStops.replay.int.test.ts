import { createCatalog } from '../../domain/catalog.js';
import type { DomainEvent } from '../../domain/shared/catalog.js';
import { useTestDatabase } from '../../test/support/db.js';
import { eventsFor, expectSameRowsEveryWay } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { paretoStopsProjection } from './paretoStops.projection.js';

/**
 * Replay of 'Pareto fermate' over stops recorded, edited and deleted, one of them at 00:30
 * of 1 July in Italy (still 30 June in UTC): it counts for July.
 */
describeWith(['postgres'])('paretoStops projection replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  let n = 0;
  const event = (type: string, data: Record<string, unknown>): DomainEvent =>
    catalog.decode({
      type,
      data,
      metadata: { userId: 'u', username: 'frontline', role: 'frontline', correlationId: 'c', causationId: null, occurredAt: '2030-07-02T00:00:00.000Z' },
      streamId: 's',
      revision: n,
      position: { commit: ++n, prepare: n },
      schemaVersion: 1,
      id: `e${n}`,
      recordedAt: '2030-07-02T00:00:00.000Z',
    });
  const recorded = (stopId: number, lineId: number, stopCodeId: number, failureMode: string, startTime: string, endTime: string) =>
    event('UnplannedStopRecorded', {
      stopId,
      shopFloorId: 1,
      lineId,
      equipmentId: lineId,
      workpointId: 1,
      stopCodeId,
      triggeringEventId: 1,
      failureMode,
      correctiveAction: 'Riavvio',
      actionMaterialChange: false,
      actionCleaning: false,
      actionSettingAdjustment: false,
      actionComponentRestore: false,
      startTime,
      endTime,
    });

  it('keeps one row per stop with its month, minutes and last failure mode, the same every way it is replayed', async () => {
    const events = [
      recorded(1, 1, 10, 'Coclea ', '2030-06-05T06:10:00Z', '2030-06-05T06:25:00Z'),
      recorded(2, 1, 10, 'Bottiglia', '2030-06-05T07:00:00Z', '2030-06-05T07:20:30Z'),
      event('UnplannedStopDetailEdited', { stopId: 2, field: 'failureMode', value: 'Coclea' }),
      event('UnplannedStopDetailEdited', { stopId: 2, field: 'correctiveAction', value: 'Pulita' }),
      recorded(3, 2, 20, 'Sensore', '2030-06-30T22:30:00Z', '2030-06-30T22:40:00Z'),
      recorded(4, 1, 11, 'Nastro', '2030-06-06T08:00:00Z', '2030-06-06T08:05:00Z'),
      event('UnplannedStopDeleted', { stopId: 4 }),
      event('UnplannedStopDetailEdited', { stopId: 1, field: 'failureMode', value: 'Coclea inceppata' }),
    ];
    const rows = await expectSameRowsEveryWay(db.knex, paretoStopsProjection, eventsFor(paretoStopsProjection, events), 2);
    expect(rows.pareto_stops!.map((r: any) => [Number(r.stop_id), r.line_id, r.month, r.stop_code_id, r.failure_mode, Number(r.downtime_minutes), r.deleted])).toEqual([
      [1, 1, '2030-06', 10, 'Coclea inceppata', 15, false],
      [2, 1, '2030-06', 10, 'Coclea', 20.5, false],
      [3, 2, '2030-07', 20, 'Sensore', 10, false],
      [4, 1, '2030-06', 11, 'Nastro', 5, true],
    ]);
  });
});
