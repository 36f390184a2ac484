import type { RecordedEvent } from '../../domain/shared/eventStore.js';
import { formatEvent } from './export.js';

describe('the events CSV', () => {
  it('neutralises text cells that start like a formula, keeping numbers and the JSON data', () => {
    const e = {
      position: { commit: 7n, prepare: 7n },
      id: 'e1',
      streamId: '=cmd|stream',
      revision: 0,
      type: 'StopNoted',
      schemaVersion: 1,
      recordedAt: '2031-06-10T08:00:00.000Z',
      metadata: { occurredAt: '2031-06-10T08:00:00.000Z', userId: '@u', username: '+39', role: '-r', correlationId: 'c', causationId: 'd' },
      data: { note: '=2+2' },
    } as unknown as RecordedEvent;
    expect(formatEvent(e, 'csv')).toBe(`7,7,e1,'=cmd|stream,0,StopNoted,1,2031-06-10T08:00:00.000Z,2031-06-10T08:00:00.000Z,'@u,'+39,'-r,c,d,"{""note"":""=2+2""}"\n`);
  });
});
