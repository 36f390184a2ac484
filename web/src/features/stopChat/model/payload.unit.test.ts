import { emptyDraft, type Draft } from './draft.js';
import { plannedPayload, refusalText, SEND_FAILED, summaryRows, unplannedPayload } from './payload.js';

const times = { startDate: '2031-06-10', startTime: '08:10', endDate: '2031-06-10', endTime: '08:25' };

const unplanned = (): Draft => ({
  ...emptyDraft(),
  line: { id: 1, name: 'Linea 1' },
  equipment: { id: 1, name: 'Filler' },
  workpoint: { id: 2, name: 'Giostra di riempimento' },
  stopCode: { id: 6, name: 'Perdita di prodotto' },
  failureMode: '  Perdita dalla valvola\n12 ',
  triggeringEvent: { id: 3, name: 'Avvio linea dopo fermo' },
  actions: { materialChange: false, cleaning: true, settingAdjustment: true, componentRestore: false },
  correctiveAction: ' Sostituita la guarnizione ',
  times,
});

const planned = (): Draft => ({ ...emptyDraft(), line: { id: 1, name: 'Linea 1' }, equipment: { id: 2, name: 'Capper' }, reason: { id: 2, name: 'Pulizia programmata' }, times });

describe('POST /factory/stop_events body', () => {
  it('carries the ids, the trimmed texts, the four booleans and wall-clock times', () => {
    expect(unplannedPayload(unplanned())).toEqual({
      workpoint_id: 2,
      stop_code_id: 6,
      triggering_event_id: 3,
      failure_mode: 'Perdita dalla valvola\n12',
      corrective_action: 'Sostituita la guarnizione',
      action_material_change: false,
      action_cleaning: true,
      action_setting_adjustment: true,
      action_component_restore: false,
      start_time: '2031-06-10T08:10',
      end_time: '2031-06-10T08:25',
    });
  });

  it('is null while an answer is missing or the times are wrong', () => {
    expect(unplannedPayload({ ...unplanned(), stopCode: null })).toBeNull();
    expect(unplannedPayload({ ...unplanned(), failureMode: '   ' })).toBeNull();
    expect(unplannedPayload({ ...unplanned(), times: null })).toBeNull();
    expect(unplannedPayload({ ...unplanned(), times: { ...times, endTime: '08:00' } })).toBeNull();
  });
});

describe('POST /factory/planned_stops body', () => {
  it('sends an empty note as null', () => {
    expect(plannedPayload(planned())).toEqual({ equipment_id: 2, planned_reason_id: 2, start_time: '2031-06-10T08:10', end_time: '2031-06-10T08:25', notes: null });
    expect(plannedPayload({ ...planned(), note: '   ' })?.notes).toBeNull();
  });

  it('sends a note trimmed', () => {
    expect(plannedPayload({ ...planned(), note: ' Formato 0,5 L ' })?.notes).toBe('Formato 0,5 L');
  });

  it('is null without equipment, reason or valid times', () => {
    expect(plannedPayload({ ...planned(), reason: null })).toBeNull();
    expect(plannedPayload({ ...planned(), equipment: null })).toBeNull();
    expect(plannedPayload({ ...planned(), times: { ...times, startDate: '' } })).toBeNull();
  });
});

describe('confirm summary', () => {
  it('lists every unplanned answer in step order', () => {
    expect(summaryRows('unplanned', unplanned())).toEqual([
      { label: 'Linea', value: 'Linea 1' },
      { label: 'Macchina', value: 'Filler' },
      { label: 'Area', value: 'Giostra di riempimento' },
      { label: 'Codice di stop', value: 'Perdita di prodotto' },
      { label: 'Modo di guasto', value: 'Perdita dalla valvola\n12' },
      { label: 'Evento scatenante', value: 'Avvio linea dopo fermo' },
      { label: 'Azioni', value: 'Pulizia, Regolazione settaggi' },
      { label: 'Azione correttiva', value: 'Sostituita la guarnizione' },
      { label: 'Inizio', value: '10/06/2031 08:10' },
      { label: 'Fine', value: '10/06/2031 08:25' },
      { label: 'Durata', value: '15 min' },
    ]);
  });

  it("lists the planned answers, an empty note as 'Nessuna nota'", () => {
    expect(summaryRows('planned', planned()).map((r) => `${r.label}: ${r.value}`)).toEqual([
      'Linea: Linea 1',
      'Macchina: Capper',
      'Causale: Pulizia programmata',
      'Nota: Nessuna nota',
      'Inizio: 10/06/2031 08:10',
      'Fine: 10/06/2031 08:25',
      'Durata: 15 min',
    ]);
  });
});

describe('the bot’s words for a refused call', () => {
  it("repeats the server's message (overlap, report submitted, dates)", () => {
    const overlap = 'Lo stop si sovrappone a un altro stop della stessa macchina (08:10–08:25)';
    expect(refusalText({ status: 409, code: 'STOP_OVERLAP', message: overlap })).toBe(overlap);
    expect(refusalText({ status: 409, code: 'REPORT_ALREADY_SUBMITTED', message: 'Report già inviato' })).toBe('Report già inviato');
    expect(refusalText({ status: 400, code: 'INVALID_TIMES', message: 'Controlla le date', fields: { end_time: 'Controlla le date' } })).toBe('Controlla le date');
  });

  it("adds each field's reason to a validation error", () => {
    expect(
      refusalText({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Stop non valido',
        fields: { workpoint_id: 'Area inesistente', stop_code_id: "Il codice di stop non appartiene all'area scelta" },
      }),
    ).toBe("Stop non valido: Area inesistente; Il codice di stop non appartiene all'area scelta");
  });

  it('falls back to a connection message without a server message', () => {
    expect(refusalText(new TypeError('Failed to fetch'))).toBe(SEND_FAILED);
    expect(refusalText({ status: 502, code: 'HTTP_502', message: '' })).toBe(SEND_FAILED);
    expect(refusalText(null)).toBe(SEND_FAILED);
  });
});
