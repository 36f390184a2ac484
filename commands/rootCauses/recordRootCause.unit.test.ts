import type { RootCauseEvent } from '../../domain/rootCauses/events.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';
import { rootCauseDecider } from './decider.js';
import type { RecordRootCause } from './recordRootCause.js';

const spec = deciderSpec(rootCauseDecider);
const save = (over: Partial<RecordRootCause> = {}): RecordRootCause => ({ type: 'RecordRootCause', stopEventId: 1_000_001, stopExists: true, ...over });
const saved = (rootCause: string, troubleshooting: string): RootCauseEvent => ({ type: 'RootCauseRecorded', data: { stopEventId: 1_000_001, rootCause, troubleshooting } });

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
