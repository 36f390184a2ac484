import { memoryFlags } from './postgres.js';

const GiB = 1024 ** 3;

describe('embedded PostgreSQL memory', () => {
  it.each([
    [0.5 * GiB, '128MB'],
    [2 * GiB, '256MB'],
    [4 * GiB, '512MB'],
    [24 * GiB, '1024MB'],
    [256 * GiB, '1024MB'],
  ])('a machine with %d bytes gets shared_buffers=%s', (total, expected) => {
    expect(memoryFlags(total)).toContain(`shared_buffers=${expected}`);
  });
});
