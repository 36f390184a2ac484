import type { RootCauseEvent } from '../../domain/rootCauses/events.js';
import type { RootCauseState } from '../../domain/rootCauses/state.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';
import { rootCauseDecider } from './decider.js';
import type { RecordRootCause } from './recordRootCause.js';

const spec = deciderSpec(rootCauseDecider);
const save = (over: Partial<RecordRootCause> = {}): RecordRootCause => ({ type: 'RecordRootCause', stopEventId: 1_000_001, stopExists: true, ...over });
const NONE = ['', '', '', '', ''];
const saved = (rootCause: string, troubleshooting: string, whys: string[] = NONE, category: RootCauseState['category'] = ''): RootCauseEvent => ({
  type: 'RootCauseRecorded',
  data: { stopEventId: 1_000_001, rootCause, troubleshooting, whys, category },
});

describe('given a stop without an analysis', () => {
  it('records both boxes, trimmed', () => {
    spec
      .given([])
      .when(save({ rootCause: ' Guarnizione usurata ', troubleshooting: 'Sostituita' }))
      .then([saved('Guarnizione usurata', 'Sostituita')]);
  });

  it('records one box, the other staying empty', () => {
    spec
      .given([])
      .when(save({ troubleshooting: 'Pulizia sensore' }))
      .then([saved('', 'Pulizia sensore')]);
  });

  it('records nothing for two empty boxes (nothing changed)', () => {
    spec
      .given([])
      .when(save({ rootCause: '', troubleshooting: '' }))
      .thenNothingHappened();
  });

  it('refuses a box over 2000 characters and a save without any box', () => {
    spec
      .given([])
      .when(save({ rootCause: 'r'.repeat(2001), troubleshooting: 't'.repeat(2000) }))
      .thenRefuses({ fields: { root_cause: 'Al massimo 2000 caratteri' } });
    spec.given([]).when(save()).thenRefuses({ status: 400 });
  });

  it('refuses an unknown or deleted stop with 404', () => {
    spec
      .given([])
      .when(save({ stopExists: false, rootCause: 'x' }))
      .thenRefuses('NOT_FOUND');
  });
});

describe('given a saved analysis', () => {
  const history = [saved('Guarnizione usurata', 'Sostituita')];

  it('keeps the box left out and changes the other', () => {
    spec
      .given(history)
      .when(save({ troubleshooting: 'Sostituita e serrata' }))
      .then([saved('Guarnizione usurata', 'Sostituita e serrata')]);
  });

  it('lets a box be cleared', () => {
    spec
      .given(history)
      .when(save({ rootCause: '' }))
      .then([saved('', 'Sostituita')]);
  });

  it('records nothing when the texts are the same', () => {
    spec
      .given(history)
      .when(save({ rootCause: 'Guarnizione usurata', troubleshooting: 'Sostituita ' }))
      .thenNothingHappened();
  });
});

describe('the 5-why chain and the 6M category', () => {
  const history = [saved('Guarnizione usurata', 'Sostituita')];

  it('records the whys given in their places and keeps the others, trimmed', () => {
    spec
      .given(history)
      .when(save({ whys: [' Perché la coclea si blocca ', null, 'Guida usurata'] }))
      .then([saved('Guarnizione usurata', 'Sostituita', ['Perché la coclea si blocca', '', 'Guida usurata', '', ''])]);
    spec
      .given([saved('a', 'b', ['uno', 'due', '', '', ''])])
      .when(save({ whys: [null, 'due, corretto'] }))
      .then([saved('a', 'b', ['uno', 'due, corretto', '', '', ''])]);
  });

  it('records a 6M category alone, and clears it with an empty one', () => {
    spec
      .given(history)
      .when(save({ category: 'Materiale' }))
      .then([saved('Guarnizione usurata', 'Sostituita', NONE, 'Materiale')]);
    spec
      .given([saved('a', 'b', NONE, 'Metodo')])
      .when(save({ category: '' }))
      .then([saved('a', 'b', NONE, '')]);
  });

  it('records nothing when the whys and the category are as saved', () => {
    spec
      .given([saved('a', 'b', ['uno', '', '', '', ''], 'Misura')])
      .when(save({ whys: ['uno ', null], category: 'Misura' }))
      .thenNothingHappened();
  });

  it('refuses a sixth why, a why over 500 characters and a category outside the six', () => {
    spec
      .given(history)
      .when(save({ whys: ['1', '2', '3', '4', '5', '6'] }))
      .thenRefuses({ fields: { whys: 'Al massimo 5 perché' } });
    spec
      .given(history)
      .when(save({ whys: ['w'.repeat(501)] }))
      .thenRefuses({ fields: { whys: 'Al massimo 500 caratteri' } });
    spec
      .given(history)
      .when(save({ category: 'Mano' }))
      .thenRefuses({ fields: { category: 'Una tra: Macchina, Metodo, Materiale, Manodopera, Misura, Ambiente' } });
  });
});
