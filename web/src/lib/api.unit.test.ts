import { ApiError, buildUrl } from './api.js';

describe('buildUrl', () => {
  it('returns the bare path without a query', () => {
    expect(buildUrl('/me')).toBe('/me');
    expect(buildUrl('/me', {})).toBe('/me');
  });

  it('repeats keys for arrays and drops empty values', () => {
    expect(buildUrl('/factory/x', { lines: ['L1', '', 'L 2'], day: '2025-03-01', empty: '', none: null, gone: undefined })).toBe('/factory/x?lines=L1&lines=L+2&day=2025-03-01');
  });
});

describe('ApiError', () => {
  it('keeps the server code, message and fields', () => {
    const err = new ApiError(400, 'VALIDATION', 'Campo obbligatorio', { notes: 'required' });
    expect(err).toBeInstanceOf(Error);
    expect([err.status, err.code, err.message, err.fields]).toEqual([400, 'VALIDATION', 'Campo obbligatorio', { notes: 'required' }]);
  });
});
