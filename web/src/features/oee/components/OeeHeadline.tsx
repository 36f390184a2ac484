/** The headline figures: OEE = Disponibilità × Prestazioni × Qualità, with TEEP, MTBF, MTTR and the failures beside them. */
import { minutes, overSpeed, percent, type OeeAnswer } from '../model/oee.js';
import { formatNumber } from '../../../lib/numbers.js';

export function OeeHeadline({ oee }: { oee: OeeAnswer | null }) {
  const tiles: ReadonlyArray<[string, string, boolean]> = [
    ['OEE', percent(oee?.oee), false],
    ['Disponibilità', percent(oee?.availability), false],
    ['Prestazioni', percent(oee?.performance), overSpeed(oee?.performance)],
    ['Qualità', percent(oee?.quality), false],
  ];
  const more: ReadonlyArray<[string, string]> = [
    ['TEEP', percent(oee?.teep)],
    ['MTBF (min)', minutes(oee?.mtbf_minutes)],
    ['Obiettivo MTBF (min)', minutes(oee?.mtbf_target_minutes)],
    ['MTTR (min)', minutes(oee?.mttr_minutes)],
    ['Guasti', oee ? formatNumber(oee.failures) : '–'],
  ];
  return (
    <section className="card oee-headline" aria-label="OEE">
      <dl className="oee-tiles">
        {tiles.map(([label, value, flag]) => (
          <div key={label} className={flag ? 'oee-tile is-flagged' : 'oee-tile'}>
            <dt>{label}</dt>
            <dd data-testid={`oee-${label}`}>{value}</dd>
            {flag && <p className="oee-flag">Sopra la velocità di progetto</p>}
          </div>
        ))}
      </dl>
      <dl className="oee-more">
        {more.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
