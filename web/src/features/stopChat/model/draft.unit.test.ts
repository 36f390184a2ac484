import { actionsText, applyChoice, autoSelectWorkpoint, emptyDraft, type Draft } from './draft.js';

const full = (): Draft => ({
  ...emptyDraft(),
  line: { id: 1, name: 'Linea 1' },
  equipment: { id: 1, name: 'Filler' },
  workpoint: { id: 2, name: 'Giostra di riempimento' },
  stopCode: { id: 6, name: 'Perdita di prodotto' },
  triggeringEvent: { id: 3, name: 'Avvio linea dopo fermo' },
  failureMode: 'Perdita dalla valvola 12',
});

describe('clearing rules (§4.4)', () => {
  it('a new line clears equipment, area, stop code and the texts about the old machine, and keeps the rest', () => {
    const d = applyChoice({ ...full(), correctiveAction: 'Pulita la valvola', note: 'Nota' }, 'line', { id: 2, name: 'Linea 2' });
    expect(d).toMatchObject({ line: { id: 2 }, equipment: null, workpoint: null, stopCode: null, failureMode: '', correctiveAction: '', note: '' });
    expect(d.triggeringEvent).toEqual({ id: 3, name: 'Avvio linea dopo fermo' });
  });

  it('a new equipment clears area, stop code and the texts typed for the previous machine (issue 22) but keeps the line', () => {
    const d = applyChoice({ ...full(), correctiveAction: 'Pulita la valvola', note: 'Nota' }, 'equipment', { id: 2, name: 'Capper' });
    expect(d).toMatchObject({ line: { id: 1 }, equipment: { id: 2 }, workpoint: null, stopCode: null, failureMode: '', correctiveAction: '', note: '' });
    expect(d.triggeringEvent).toEqual({ id: 3, name: 'Avvio linea dopo fermo' });
  });

  it('a new area keeps the texts: the machine is the same', () => {
    expect(applyChoice(full(), 'workpoint', { id: 3, name: 'Uscita riempitrice' }).failureMode).toBe('Perdita dalla valvola 12');
  });

  it('a new area clears the stop code', () => {
    const d = applyChoice(full(), 'workpoint', { id: 3, name: 'Uscita riempitrice' });
    expect(d).toMatchObject({ equipment: { id: 1 }, workpoint: { id: 3 }, stopCode: null });
  });

  it('choosing again the same line, equipment or area clears nothing', () => {
    const d0 = full();
    expect(applyChoice(d0, 'line', { id: 1, name: 'Linea 1' })).toEqual(d0);
    expect(applyChoice(d0, 'equipment', { id: 1, name: 'Filler' })).toEqual(d0);
    expect(applyChoice(d0, 'workpoint', { id: 2, name: 'Giostra di riempimento' })).toEqual(d0);
  });

  it('stop code, triggering event and reason clear nothing', () => {
    const d0 = full();
    expect(applyChoice(d0, 'stopCode', { id: 7, name: 'Valvola bloccata' })).toEqual({ ...d0, stopCode: { id: 7, name: 'Valvola bloccata' } });
    expect(applyChoice(d0, 'triggeringEvent', { id: 1, name: 'Cambio formato' }).workpoint).toEqual(d0.workpoint);
    expect(applyChoice(d0, 'reason', { id: 2, name: 'Pulizia programmata' })).toMatchObject({ reason: { id: 2 }, stopCode: d0.stopCode });
  });
});

describe('auto-selected first area (§4.4)', () => {
  const areas = [
    { id: 4, name: 'Alimentazione tappi' },
    { id: 5, name: 'Testa di tappatura' },
  ];

  it('selects the first area when none is chosen (new equipment or station equipment)', () => {
    const d = autoSelectWorkpoint(applyChoice(full(), 'equipment', { id: 2, name: 'Capper' }), areas);
    expect(d.workpoint).toEqual({ id: 4, name: 'Alimentazione tappi' });
    expect(d.stopCode).toBeNull();
  });

  it('keeps an area already chosen', () => {
    const d0 = full();
    expect(autoSelectWorkpoint(d0, areas)).toBe(d0);
  });

  it('does nothing without areas', () => {
    const d0 = { ...full(), workpoint: null, stopCode: null };
    expect(autoSelectWorkpoint(d0, [])).toBe(d0);
  });
});

describe('actions as text', () => {
  it('lists the ticked boxes in order with their Italian labels', () => {
    expect(actionsText({ materialChange: true, cleaning: true, settingAdjustment: true, componentRestore: true })).toBe(
      'Cambio materiale, Pulizia, Regolazione settaggi, Ripristino componente',
    );
    expect(actionsText({ materialChange: false, cleaning: true, settingAdjustment: false, componentRestore: true })).toBe('Pulizia, Ripristino componente');
  });

  it("reads 'Nessuna azione' when none is ticked", () => {
    expect(actionsText(emptyDraft().actions)).toBe('Nessuna azione');
  });
});
