import { createCatalog } from '../../domain/catalog.js';
import { rootCauseStream } from '../../domain/rootCauses/events.js';
import { MemoryEventStore } from '../../infra/eventstore/memory.js';
import { decideOn } from '../../test/builders/decideOn.js';
import { rootCauseDecider } from '../../commands/rootCauses/decider.js';
import type { RecordRootCause } from '../../commands/rootCauses/recordRootCause.js';
import { useTestDatabase } from '../../test/support/db.js';
import { expectSameRowsEveryWay, replayTwice, storedEvents } from '../../test/support/replayKit.js';
import { describeWith } from '../../test/support/services.js';
import { rootCausesProjection } from './rootCauses.projection.js';

/**
 * The Root Cause Tool's autosave on three stops, one box at a time, interleaved: a box
 * left out keeps its text, so each event carries both and the last one per stop wins.
 */
describeWith(['postgres'])('root_causes projection replayed', () => {
  const db = useTestDatabase();
  const catalog = createCatalog();
  const store = new MemoryEventStore();
  const at = (hhmm: string) => new Date(`2030-06-05T${hhmm}:00Z`);

  beforeAll(async () => {
    const steps: Array<[hhmm: string, boxes: Omit<RecordRootCause, 'type' | 'stopExists'>]> = [
      ['09:00', { stopEventId: 1_000_001, rootCause: 'Guida usurata' }],
      ['09:01', { stopEventId: 1_000_002, troubleshooting: 'Pulita la fotocellula' }],
      ['09:02', { stopEventId: 1_000_001, troubleshooting: 'Sostituita la guida' }],
      ['09:03', { stopEventId: 1_000_001, rootCause: '  Guida della coclea usurata ' }],
      ['09:04', { stopEventId: 1_000_003, rootCause: 'Tappi fuori specifica', troubleshooting: 'Cambiato lotto di tappi' }],
      ['09:05', { stopEventId: 1_000_002, rootCause: 'Fotocellula sporca' }],
      ['09:06', { stopEventId: 1_000_003, troubleshooting: '' }],
      ['09:07', { stopEventId: 1_000_002, whys: ['Sensore sporco', 'Nessuna pulizia programmata'], category: 'Metodo' }],
    ];
    for (const [hhmm, boxes] of steps) {
      const command: RecordRootCause = { type: 'RecordRootCause', stopExists: true, ...boxes };
      await decideOn({ store, catalog }, rootCauseStream(boxes.stopEventId), rootCauseDecider, command, {
        userId: 'u-support',
        username: 'support',
        role: 'support',
        now: at(hhmm),
      });
    }
  });

  const events = () => storedEvents(store, catalog);

  it('gives the same rows in one batch, one event per batch, batches of 3, and after a second pass', async () => {
    const history = await events();
    expect(history).toHaveLength(8);
    await expectSameRowsEveryWay(db.knex, rootCausesProjection, history, 3);
  });

  const NONE = ['', '', '', '', ''];
  it('holds the analysis of each stop (boxes, whys, 6M category) as the last save left them', async () => {
    const { first } = await replayTwice(db.knex, rootCausesProjection, await events());
    expect(first.root_causes).toEqual([
      { stop_event_id: 1_000_001, root_cause: 'Guida della coclea usurata', troubleshooting: 'Sostituita la guida', whys: NONE, category: '', updated_at: at('09:03') },
      {
        stop_event_id: 1_000_002,
        root_cause: 'Fotocellula sporca',
        troubleshooting: 'Pulita la fotocellula',
        whys: ['Sensore sporco', 'Nessuna pulizia programmata', '', '', ''],
        category: 'Metodo',
        updated_at: at('09:07'),
      },
      { stop_event_id: 1_000_003, root_cause: 'Tappi fuori specifica', troubleshooting: '', whys: NONE, category: '', updated_at: at('09:06') },
    ]);
  });
});
