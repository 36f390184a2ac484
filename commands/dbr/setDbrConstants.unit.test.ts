import { DomainError } from '../../domain/shared/errors.js';
import type { DbrConstants } from '../../domain/dbr/constants.js';
import type { DbrEvent } from '../../domain/dbr/events.js';
import { initialDbrState } from '../../domain/dbr/state.js';
import { dbrDecider } from './decider.js';

const CONSTANTS: DbrConstants = {
  def_speed: 12000, def_uptime: 0, def_mtbf: 0, def_waste: 0, def_volume: 0,
  min_ut: 0, max_ut: 1, min_mtbf: 0, max_mtbf: 480, min_waste: 0, max_waste: 0.1,
  ut_threshold: 0.75, mtbf_threshold: 120, waste_threshold: 0.02,
};
const when = (constants: DbrConstants, state = initialDbrState) => dbrDecider.decide({ type: 'SetDbrConstants', lineId: 3, constants }, state, new Date(0));
const given = (...events: DbrEvent[]) => events.reduce(dbrDecider.evolve, initialDbrState);

describe('given a line without constants', () => {
  it('records the whole set', () => {
    expect(when(CONSTANTS)).toEqual([{ type: 'DbrConstantsSet', data: { lineId: 3, constants: CONSTANTS } }]);
  });

  it('accepts values outside the labels’ ranges (they are advice, not rules)', () => {
    expect(when({ ...CONSTANTS, max_ut: 1.5, max_mtbf: 900 })).toHaveLength(1);
  });

  it('refuses a value that is not a finite number, naming the field', () => {
    try {
      when({ ...CONSTANTS, min_ut: Number.NaN });
      throw new Error('expected a refusal');
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).fields).toEqual({ min_ut: 'Deve essere un numero' });
    }
  });
});

describe('given a line with constants', () => {
  const state = given({ type: 'DbrConstantsSet', data: { lineId: 3, constants: CONSTANTS } });

  it('decides nothing when the same values are saved again', () => {
    expect(when({ ...CONSTANTS }, state)).toEqual([]);
  });

  it('records the new set when a value changes', () => {
    expect(when({ ...CONSTANTS, ut_threshold: 0.8 }, state)).toEqual([{ type: 'DbrConstantsSet', data: { lineId: 3, constants: { ...CONSTANTS, ut_threshold: 0.8 } } }]);
  });
});
