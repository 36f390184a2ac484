import { compareCells } from '../../../components/tableSort.js';
import type { UnplannedStop } from '../api/unplannedStops.js';
import { actionLabels, actionsText, detailsText, formatDowntime, formatStopEnd, formatStopStart, savedBox, stopDetails } from './stopFormat.js';

const stop = (over: Partial<UnplannedStop> = {}): UnplannedStop => ({
  id: 1000001,
  workpoint_id: 1,
  stop_code_id: 1,
  triggering_event_id: 1,
  failure_mode: 'Bottiglia incastrata',
  corrective_action: 'Rimossa e riavviata',
  start_time: '2031-06-10T08:10:00+02:00',
  end_time: '2031-06-10T08:25:00+02:00',
  action_material_change: false,
  action_cleaning: true,
  action_setting_adjustment: false,
  action_component_restore: false,
  duration_minutes: 15,
  workpoint_rel: { id: 1, name: 'Alimentazione bottiglie', equipment_rel: { id: 1, name: 'Filler', line_rel: { id: 1, name: 'Linea 1' } } },
  stop_code_rel: { id: 1, name: 'Bottiglia caduta' },
  triggering_event_rel: { id: 1, name: 'Cambio formato' },
  root_cause: null,
  ...over,
});

describe('date and time (Italian format, plant time)', () => {
  it('shows the start as dd/mm/yyyy HH:MM', () => {
    expect(formatStopStart(stop())).toBe('10/06/2031 08:10');
  });

  it('shows a UTC instant in Rome time, summer and winter', () => {
    expect(formatStopStart(stop({ start_time: '2031-06-10T06:10:00Z' }))).toBe('10/06/2031 08:10');
    expect(formatStopStart(stop({ start_time: '2031-01-10T23:30:00Z' }))).toBe('11/01/2031 00:30');
  });

  it('shows the end as HH:MM, with dd/mm when it ends on another day', () => {
    expect(formatStopEnd(stop())).toBe('08:25');
    expect(formatStopEnd(stop({ start_time: '2031-06-10T23:50:00+02:00', end_time: '2031-06-11T00:20:00+02:00' }))).toBe('11/06 00:20');
  });
});

describe('downtime in whole minutes', () => {
  it("reads '15 min'", () => {
    expect(formatDowntime(stop())).toBe('15 min');
    expect(formatDowntime(stop({ duration_minutes: 0 }))).toBe('0 min');
    expect(formatDowntime(stop({ duration_minutes: 125.9 }))).toBe('125 min');
  });

  it('sorts by its number through the shared table comparison', () => {
    const texts = [5, 120, 15, 9].map((m) => formatDowntime(stop({ duration_minutes: m })));
    expect([...texts].sort((a, b) => -compareCells(a, b))).toEqual(['120 min', '15 min', '9 min', '5 min']);
  });
});

describe('details', () => {
  it('lists line, machine, area, stop code and triggering event', () => {
    expect(stopDetails(stop())).toEqual([
      { label: 'Linea', value: 'Linea 1' },
      { label: 'Macchina', value: 'Filler' },
      { label: 'Area', value: 'Alimentazione bottiglie' },
      { label: 'Codice stop', value: 'Bottiglia caduta' },
      { label: 'Evento', value: 'Cambio formato' },
    ]);
    expect(detailsText(stop())).toBe('Linea 1 · Filler · Alimentazione bottiglie · Bottiglia caduta · Cambio formato');
  });

  it("shows '-' for a missing name", () => {
    expect(stopDetails(stop({ triggering_event_rel: { id: 9, name: '' } }))[4]).toEqual({ label: 'Evento', value: '-' });
  });
});

describe('actions as Italian labels', () => {
  it('lists the ticked ones in the spec order', () => {
    const all = { action_material_change: true, action_cleaning: true, action_setting_adjustment: true, action_component_restore: true };
    expect(actionLabels(all)).toEqual(['Cambio materiale', 'Pulizia', 'Regolazione settaggi', 'Ripristino componente']);
    expect(actionsText(stop({ action_component_restore: true }))).toBe('Pulizia, Ripristino componente');
  });

  it("reads '-' when none is ticked", () => {
    expect(actionsText(stop({ action_cleaning: false }))).toBe('-');
    expect(actionLabels(stop({ action_cleaning: false }))).toEqual([]);
  });
});

describe('savedBox', () => {
  it("reads '' until an analysis exists", () => {
    expect(savedBox(stop(), 'root_cause')).toBe('');
    const analysed = stop({ root_cause: { root_cause: 'Guida usurata', troubleshooting: 'Sostituita' } });
    expect([savedBox(analysed, 'root_cause'), savedBox(analysed, 'troubleshooting')]).toEqual(['Guida usurata', 'Sostituita']);
  });
});
