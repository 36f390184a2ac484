import type { DbrConstants } from '../../domain/dbr/constants.js';
import type { DbrEvent } from '../../domain/dbr/events.js';
import { deciderSpec } from '../../test/support/deciderSpec.js';
import { dbrDecider } from './decider.js';

const CONSTANTS: DbrConstants = {
  def_speed: 12000,
  def_uptime: 0,
  def_mtbf: 0,
  def_waste: 0,
  def_volume: 0,
  min_ut: 0,
  max_ut: 1,
  min_mtbf: 0,
  max_mtbf: 480,
  min_waste: 0,
  max_waste: 0.1,
  ut_threshold: 0.75,
  mtbf_threshold: 120,
  waste_threshold: 0.02,
};
const spec = deciderSpec(dbrDecider);
const set = (constants: DbrConstants) => ({ type: 'SetDbrConstants' as const, lineId: 3, constants });

describe('given a line without constants', () => {
  it('records the whole set', () => {
    spec
      .given([])
      .when(set(CONSTANTS))
      .then([{ type: 'DbrConstantsSet', data: { lineId: 3, constants: CONSTANTS } }]);
  });

  it('accepts values outside the labels’ ranges (they are advice, not rules)', () => {
    spec
      .given([])
      .when(set({ ...CONSTANTS, max_ut: 1.5, max_mtbf: 900 }))
      .then((events) => expect(events).toHaveLength(1));
  });

  it('refuses a value that is not a finite number, naming the field', () => {
    spec
      .given([])
      .when(set({ ...CONSTANTS, min_ut: Number.NaN }))
      .thenRefuses({ fields: { min_ut: 'Deve essere un numero' } });
  });
});

describe('given a line with constants', () => {
  const history: DbrEvent[] = [{ type: 'DbrConstantsSet', data: { lineId: 3, constants: CONSTANTS } }];

  it('decides nothing when the same values are saved again', () => {
    spec
      .given(history)
      .when(set({ ...CONSTANTS }))
      .thenNothingHappened();
  });

  it('records the new set when a value changes', () => {
    spec
      .given(history)
      .when(set({ ...CONSTANTS, ut_threshold: 0.8 }))
      .then([{ type: 'DbrConstantsSet', data: { lineId: 3, constants: { ...CONSTANTS, ut_threshold: 0.8 } } }]);
  });
});
