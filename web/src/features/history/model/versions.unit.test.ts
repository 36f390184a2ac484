import { compareVersions, submissionTime, type LineLogVersion } from './versions.js';

const stop = (id: number, start: string, end: string, failure: string) => ({
  id,
  workpoint_id: 1,
  stop_code_id: 1,
  triggering_event_id: 1,
  failure_mode: failure,
  corrective_action: 'Riavvio',
  start_time: `2031-06-10T${start}:00+02:00`,
  end_time: `2031-06-10T${end}:00+02:00`,
  action_material_change: false,
  action_cleaning: false,
  action_setting_adjustment: false,
  action_component_restore: false,
  duration_minutes: 15,
  workpoint_rel: { id: 1, name: 'Alimentazione', equipment_rel: { id: 1, name: 'Filler', line_rel: { id: 1, name: 'Linea 1' } } },
  stop_code_rel: { id: 1, name: 'Bottiglia caduta' },
  triggering_event_rel: { id: 1, name: 'Guasto' },
  root_cause: null,
});
const report = { notes: 'Turno regolare', machine_notes: [{ Nota: 'Valvola', Macchina: 'Riempitrice' }], production_volume: 11000, waste: 120, working_time: 7.5 };

describe('the line log as submitted against the current one', () => {
  it('takes the first submission from the history, not the later corrections', () => {
    const e = (type: string, at: string) => ({ revision: 0, type, label: '', at, by: { username: 'u', role: 'r' }, changes: [] });
    expect(submissionTime([e('ShiftReportDraftSaved', 'a'), e('ShiftReportSubmitted', 'b'), e('ShiftReportAmended', 'c')])).toBe('b');
    expect(submissionTime([e('ShiftReportDraftSaved', 'a')])).toBeNull();
  });

  it('marks exactly the fields that differ, and stops added or removed since', () => {
    const then: LineLogVersion = { report, unplanned: [stop(1, '08:10', '08:25', 'Bottiglia incastrata'), stop(2, '09:00', '09:10', 'Mancanza')], planned: [] };
    const now: LineLogVersion = {
      report: { ...report, waste: 150 },
      unplanned: [stop(1, '08:10', '08:25', 'Bottiglia caduta in ingresso'), stop(3, '10:00', '10:05', 'Nuovo')],
      planned: [],
    };
    const rows = compareVersions(then, now, { unit: 'pz', labels: ['Macchina', 'Nota'] });
    expect(rows.filter((r) => r.differs).map((r) => [r.group, r.label, r.then, r.now])).toEqual([
      ['Report', 'Scarto [pz]', '120', '150'],
      ['Stop non pianificato 08:10–08:25', 'Descrizione', 'Bottiglia incastrata', 'Bottiglia caduta in ingresso'],
      ...['Orario', 'Macchina / Area', 'Codice di stop', 'Descrizione', 'Azione correttiva'].map((l) => ['Stop non pianificato 09:00–09:10', l, expect.any(String), '(assente)']),
      ...['Orario', 'Macchina / Area', 'Codice di stop', 'Descrizione', 'Azione correttiva'].map((l) => ['Stop non pianificato 10:00–10:05', l, '(assente)', expect.any(String)]),
    ]);
    expect(rows.find((r) => r.label === 'Note macchina')).toEqual({
      group: 'Report',
      label: 'Note macchina',
      then: 'Macchina: Riempitrice · Nota: Valvola',
      now: 'Macchina: Riempitrice · Nota: Valvola',
      differs: false,
    });
    expect(rows.find((r) => r.label === 'Ore Lavorate [h]')?.then).toBe('7,5');
  });
});
