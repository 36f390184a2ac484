import { allowsEmpty, BOT_DELAY_MS, botDelay, nextStep, previousStep, questionFor, STEPS, STEP_TYPE, textLimit } from './steps.js';

describe('the steps of the two bots', () => {
  it('has the ten unplanned steps of §4.2 in order', () => {
    expect(STEPS.unplanned).toEqual(['line', 'equipment', 'workpoint', 'stopCode', 'failureMode', 'triggeringEvent', 'actions', 'correctiveAction', 'times', 'confirm']);
  });

  it('has the six planned steps of §4.3 in order', () => {
    expect(STEPS.planned).toEqual(['line', 'equipment', 'reason', 'note', 'times', 'confirm']);
  });

  it('answers the list steps by a choice and failure mode, corrective action and note by text', () => {
    expect(['line', 'equipment', 'workpoint', 'stopCode', 'triggeringEvent', 'reason'].map((s) => STEP_TYPE[s as keyof typeof STEP_TYPE])).toEqual(Array(6).fill('select'));
    expect([STEP_TYPE.failureMode, STEP_TYPE.correctiveAction, STEP_TYPE.note]).toEqual(['text', 'text', 'text']);
    expect([STEP_TYPE.actions, STEP_TYPE.times, STEP_TYPE.confirm]).toEqual(['actions', 'times', 'confirm']);
  });

  it('asks a question at every step of both bots', () => {
    for (const kind of ['unplanned', 'planned'] as const) for (const step of STEPS[kind]) expect(questionFor(kind, step)).not.toBe('');
  });

  it('walks forward and back within a bot', () => {
    expect(nextStep('unplanned', 'equipment')).toBe('workpoint');
    expect(nextStep('planned', 'equipment')).toBe('reason');
    expect(nextStep('planned', 'confirm')).toBeNull();
    expect(previousStep('unplanned', 'workpoint')).toBe('equipment');
    expect(previousStep('planned', 'times')).toBe('note');
    expect(previousStep('planned', 'line')).toBeNull();
  });
});

describe('text limits (§5, §9)', () => {
  it('allows 250 characters, 1000 for the corrective action', () => {
    expect(textLimit('failureMode')).toBe(250);
    expect(textLimit('note')).toBe(250);
    expect(textLimit('triggeringEvent')).toBe(250);
    expect(textLimit('correctiveAction')).toBe(1000);
  });

  it('lets only the planned note be empty', () => {
    expect(allowsEmpty('note')).toBe(true);
    expect(allowsEmpty('failureMode')).toBe(false);
    expect(allowsEmpty('correctiveAction')).toBe(false);
  });
});

describe('bot reply delay (§4.4, §9)', () => {
  it('is 500-1000 ms for the unplanned bot and 300-800 ms for the planned one', () => {
    expect(BOT_DELAY_MS).toEqual({ unplanned: { min: 500, max: 1000 }, planned: { min: 300, max: 800 } });
    expect(botDelay('unplanned', () => 0)).toBe(500);
    expect(botDelay('unplanned', () => 0.999999999)).toBe(1000);
    expect(botDelay('planned', () => 0)).toBe(300);
    expect(botDelay('planned', () => 0.999999999)).toBe(800);
  });

  it('stays within the range whatever the random source gives', () => {
    for (const r of [-1, 0.25, 0.5, 1, 2]) {
      expect(botDelay('unplanned', () => r)).toBeGreaterThanOrEqual(500);
      expect(botDelay('unplanned', () => r)).toBeLessThanOrEqual(1000);
      expect(botDelay('planned', () => r)).toBeGreaterThanOrEqual(300);
      expect(botDelay('planned', () => r)).toBeLessThanOrEqual(800);
    }
    for (let i = 0; i < 200; i++) {
      const d = botDelay('planned');
      expect(Number.isInteger(d) && d >= 300 && d <= 800).toBe(true);
    }
  });
});
