import { sseParser } from './sse.js';

describe('sseParser', () => {
  it('reads named events with ids across chunk boundaries, skipping comments and retry lines', () => {
    const p = sseParser();
    expect(p.push('retry: 3000\n\nid: 12.1\nev')).toEqual([]);
    expect(p.push('ent: moved\ndata: {"read_models":["stops"]}\n\n: 1790000000\n\n')).toEqual([{ event: 'moved', data: '{"read_models":["stops"]}', id: '12.1' }]);
    expect(p.push('data: a\r\ndata: b\r\n\r\n')).toEqual([{ event: 'message', data: 'a\nb', id: '12.1' }]);
  });
});
