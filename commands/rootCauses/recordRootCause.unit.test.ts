import type { RootCauseEvent } from '../../domain/rootCauses/events.js';
import { rootCauseDecider } from './decider.js';
import type { RecordRootCause } from './recordRootCause.js';
import { refusal } from '../../test/support/refusals.js';

const given = (...events: RootCauseEvent[]) => events.reduce(rootCauseDecider.evolve, rootCauseDecider.initialState);
const save = (over: Partial<RecordRootCause> = {}): RecordRootCause => ({ type: 'RecordRootCause', stopEventId: 1_000_001, stopExists: true, ...over });
const when = (command: RecordRootCause, state = given()) => rootCauseDecider.decide(command, state, new Date(0));
const saved = (rootCause: string, troubleshooting: string): RootCauseEvent => ({ type: 'RootCauseRecorded', data: { stopEventId: 1_000_001, rootCause, troubleshooting } });

describe('given a stop without an analysis', () => {
  it('records both boxes, trimmed', () => {
    expect(when(save({ rootCause: ' Guarnizione usurata ', troubleshooting: 'Sostituita' }))).toEqual([saved('Guarnizione usurata', 'Sostituita')]);
  });

  it('records one box, the other staying empty', () => {
    expect(when(save({ troubleshooting: 'Pulizia sensore' }))).toEqual([saved('', 'Pulizia sensore')]);
  });

  it('records nothing for two empty boxes (nothing changed)', () => {
    expect(when(save({ rootCause: '', troubleshooting: '' }))).toEqual([]);
  });

  it('refuses a box over 2000 characters and a save without any box', () => {
    expect(refusal(() => when(save({ rootCause: 'r'.repeat(2001), troubleshooting: 't'.repeat(2000) }))).fields).toEqual({ root_cause: 'Al massimo 2000 caratteri' });
    expect(refusal(() => when(save())).status).toBe(400);
  });

  it('refuses an unknown or deleted stop with 404', () => {
    expect(refusal(() => when(save({ stopExists: false, rootCause: 'x' }))).code).toBe('NOT_FOUND');
  });
});

describe('given a saved analysis', () => {
  const state = given(saved('Guarnizione usurata', 'Sostituita'));

  it('keeps the box left out and changes the other', () => {
    expect(when(save({ troubleshooting: 'Sostituita e serrata' }), state)).toEqual([saved('Guarnizione usurata', 'Sostituita e serrata')]);
  });

  it('lets a box be cleared', () => {
    expect(when(save({ rootCause: '' }), state)).toEqual([saved('', 'Sostituita')]);
  });

  it('records nothing when the texts are the same', () => {
    expect(when(save({ rootCause: 'Guarnizione usurata', troubleshooting: 'Sostituita ' }), state)).toEqual([]);
  });
});
