/**
 * 'Segnali delle macchine' on the 'Proiezioni' page: whether the MQTT connector is connected
 * (and why not), and per machine of the plant the last message it sent: when, on which topic
 * (state or count) and the state the connector follows; a machine silent past the limit is
 * 'Segnale assente', one not heard since the start 'Nessun messaggio' (docs/machine-signals.md).
 */
import { useMachineSignals, type MachineSignals } from '../api/useMachineSignals.js';
import { formatCount, formatLastMessage, signalStateLabel, signalTopicLabel } from '../model/format.js';
import '../../../styles/machine-signals.css';

function ConnectorLine({ data }: { data: MachineSignals }) {
  if (!data.enabled) return <p className="signals-status">Nessun broker: l&apos;app non legge le macchine (MQTT_URL=off, o mosquitto non installato).</p>;
  return (
    <p className="signals-status">
      <span className={`signals-pill ${data.connected ? 'signals-pill-ok' : 'signals-pill-off'}`}>{data.connected ? 'Connesso' : 'Non connesso'}</span>{' '}
      <span className="signals-broker">{data.broker}</span>
      {data.error && !data.connected && <span className="signals-error"> · {data.error}</span>}
      <span className="signals-counts">
        {' '}
        · {formatCount(data.received)} messaggi ricevuti, {formatCount(data.ignored)} scartati
      </span>
    </p>
  );
}

export function MachineSignalsPanel() {
  const { data, error } = useMachineSignals();
  const now = new Date();
  return (
    <section className="card signals-panel" aria-labelledby="signals-title" data-testid="machine-signals">
      <h2 className="card-title" id="signals-title">
        Segnali delle macchine
      </h2>
      {error && <p className="field-hint field-hint-error">Errore: impossibile leggere i segnali delle macchine.</p>}
      {!data && !error && <p>Caricamento...</p>}
      {data && <ConnectorLine data={data} />}
      {data && data.machines.length > 0 && (
        <ul className="signals-list">
          {data.machines.map((m) => {
            const silent = m.state === 'Segnale assente' || m.state === null;
            return (
              <li key={m.equipment_id} className="signals-row" data-testid={`signal-${m.equipment_id}`}>
                <span className="signals-machine">
                  {m.line_name} · {m.equipment_name}
                </span>
                <span className={`signals-state ${silent ? 'signals-state-silent' : `signals-state-${m.state}`}`}>{signalStateLabel(m.state)}</span>
                {m.last_message_at && (
                  <span className="signals-last">
                    Ultimo messaggio {formatLastMessage(m.last_message_at, now)} ({signalTopicLabel(m.last_topic) || 'stato'})
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
