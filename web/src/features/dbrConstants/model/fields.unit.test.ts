import { DBR_FIELDS, draftErrors, fieldErrors, fieldLabel, toDraft, toPayload } from './fields.js';

describe('DBR constants labels (foundations §2)', () => {
  it('puts the shop floor unit1 in the design speed label', () => {
    expect(fieldLabel('def_speed', 'pz')).toBe('Design Speed (pz / ora)');
    expect(fieldLabel('def_speed', undefined)).toBe('Design Speed (unità / ora)');
  });

  it('labels the defaults set to 0 and shows the ranges', () => {
    expect(['def_uptime', 'def_mtbf', 'def_waste', 'def_volume'].map((f) => fieldLabel(f as never))).toEqual([
      'Default Uptime (set to 0)',
      'Default MTBF (set to 0)',
      'Default Waste (set to 0)',
      'Default Volume (set to 0)',
    ]);
    expect(fieldLabel('min_ut')).toBe('Dashboard Uptime min (0-1)');
    expect(fieldLabel('max_mtbf')).toBe('Dashboard MTBF max (0-480)');
    expect(fieldLabel('ut_threshold')).toBe('Target Uptime (0-1)');
    expect(fieldLabel('mtbf_threshold')).toBe('Target MTBF (0-480)');
    expect(fieldLabel('waste_threshold')).toBe('Target Waste (0-1)');
  });

  it('gives every field its own label', () => {
    expect(new Set(DBR_FIELDS.map((f) => fieldLabel(f, 'pz'))).size).toBe(14);
  });
});

describe('draft and payload', () => {
  it('shows numbers as typed text and null as empty', () => {
    const draft = toDraft({ def_speed: 12000, max_waste: 0.1, min_ut: null });
    expect([draft.def_speed, draft.max_waste, draft.min_ut, draft.ut_threshold]).toEqual(['12000', '0.1', '', '']);
  });

  it('sends numbers, reads a decimal comma, sends empty as null and anything else as typed', () => {
    const draft = { ...toDraft({}), def_speed: ' 12000 ', ut_threshold: '0,85', max_waste: '.5', min_ut: 'abc', max_ut: '1e3' };
    const payload = toPayload(draft);
    expect([payload.def_speed, payload.ut_threshold, payload.max_waste, payload.min_ut, payload.max_ut, payload.def_mtbf]).toEqual([12000, 0.85, 0.5, 'abc', 1000, null]);
  });

  it('keeps only the form fields of a 400', () => {
    expect(fieldErrors({ min_ut: 'Deve essere un numero', line_id: 'x', def_speed: 3 })).toEqual({
      min_ut: 'Deve essere un numero',
      def_speed: 'Valore non valido',
    });
    expect(fieldErrors(undefined)).toEqual({});
  });
});

describe('draftErrors (the form marks required numbers before sending)', () => {
  const full = Object.fromEntries(DBR_FIELDS.map((f) => [f, '1'])) as Record<(typeof DBR_FIELDS)[number], string>;
  it('passes a form where every field is a number, decimal comma included', () => {
    expect(draftErrors({ ...full, ut_threshold: '0,83' })).toEqual({});
  });
  it("marks empty fields 'Obbligatorio' and text 'Deve essere un numero'", () => {
    expect(draftErrors({ ...full, def_volume: '  ', waste_threshold: 'poco' })).toEqual({ def_volume: 'Obbligatorio', waste_threshold: 'Deve essere un numero' });
  });
});
