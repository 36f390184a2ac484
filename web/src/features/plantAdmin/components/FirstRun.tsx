/**
 * The first run of a plant with no shop floor: an admin is led through the plant (from scratch or
 * a file), the shifts of the coming weeks, and the first users with a board display account;
 * anyone else is told to ask an admin. With a plant, it renders its children (the station choice).
 */
import { useState, type ReactNode } from 'react';
import { Logo } from '../../../components/Logo.js';
import { UsersAdmin } from '../../accounts/index.js';
import { useShopFloors } from '../../plant/index.js';
import { generateShifts } from '../../shifts/index.js';
import { addDays, todayInRome } from '../../../lib/dates.js';
import { ApiError } from '../../../lib/api.js';
import { usePlantFile } from '../api/plantAdmin.js';
import { PlantAdmin } from './PlantAdmin.js';
import '../../../styles/plant-admin.css';
import '../../../styles/users.css';

/**
 * Shifts are generated from a week back (a report or stop of the past days has its shift) to eight
 * weeks ahead; the admin page generates more later.
 */
export const FIRST_RUN_DAYS_BACK = 7;
export const FIRST_RUN_DAYS_AHEAD = 55;

type Step = 'plant' | 'shifts' | 'users';
const STEPS: Array<[Step, string]> = [
  ['plant', '1. Impianto'],
  ['shifts', '2. Turni'],
  ['users', '3. Utenti'],
];

export function FirstRunGate({ children }: { children: ReactNode }) {
  const floors = useShopFloors();
  const empty = floors.data !== undefined && floors.data.length === 0;
  const [running, setRunning] = useState(false);
  const plant = usePlantFile(empty || running);
  if (!empty && !running) return <>{children}</>;
  if (plant.error instanceof ApiError && plant.error.status === 403)
    return (
      <main className="standalone">
        <div className="standalone-card setup-card">
          <Logo />
          <h1 className="page-title">Impianto da configurare</h1>
          <p>L&apos;impianto non ha ancora reparti: chiedi a un amministratore di configurarlo (ADMIN → Impianto).</p>
        </div>
      </main>
    );
  if (!plant.data) return <>{children}</>;
  return (
    <FirstRun
      onStarted={() => setRunning(true)}
      onDone={() => {
        setRunning(false);
        void floors.mutate();
      }}
    />
  );
}

function FirstRun({ onStarted, onDone }: { onStarted(): void; onDone(): void }) {
  const [step, setStep] = useState<Step>('plant');
  const floors = useShopFloors();
  const [generated, setGenerated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function generate() {
    setBusy(true);
    setGenerated(null);
    const today = todayInRome();
    const start = addDays(today, -FIRST_RUN_DAYS_BACK);
    const end = addDays(today, FIRST_RUN_DAYS_AHEAD);
    try {
      let created = 0;
      for (const floor of floors.data ?? []) created += (await generateShifts({ shop_floor_id: floor.id, start_date: start, end_date: end })).created;
      setGenerated(`Turni generati dal ${start} al ${end}: ${created}`);
    } catch (err) {
      setGenerated(`Errore: ${err instanceof ApiError ? err.message : 'rete non disponibile'}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page first-run">
      <Logo />
      <h1 className="page-title">Primo avvio</h1>
      <ol className="first-run-steps" aria-label="Passi del primo avvio">
        {STEPS.map(([id, label]) => (
          <li key={id} aria-current={id === step ? 'step' : undefined}>
            {label}
          </li>
        ))}
      </ol>
      {step === 'plant' && (
        <>
          <p className="plant-intro">
            L&apos;impianto è vuoto. Crea il primo reparto con le sue linee, macchine, aree e codici di stop, oppure carica un file impianto con Importa file; controlla
            l&apos;anteprima e premi Applica.
          </p>
          <PlantAdmin
            onApplied={() => {
              onStarted();
              void floors.mutate();
              setStep('shifts');
            }}
          />
        </>
      )}
      {step === 'shifts' && (
        <section className="card first-run-card">
          <h2 className="card-title">Turni</h2>
          <p>I turni dei reparti si generano dai loro orari: dalla settimana scorsa alle prossime 8 settimane. Altri si generano poi da ADMIN → Generazione turni.</p>
          <div className="plant-actions">
            <button type="button" className="button" disabled={busy || !floors.data?.length} onClick={() => void generate()}>
              Genera turni
            </button>
            <button type="button" className="button button-secondary" onClick={() => setStep('users')}>
              Avanti
            </button>
          </div>
          {generated && (
            <p role="status" className="first-run-status">
              {generated}
            </p>
          )}
        </section>
      )}
      {step === 'users' && (
        <>
          <p className="plant-intro">
            Crea i primi utenti (operatori, supporto operativo) e un account con ruolo Tabellone per il televisore accanto alla linea. Ognuno cambierà la password al primo accesso.
          </p>
          <UsersAdmin />
          <div className="plant-actions first-run-done">
            <button type="button" className="button" onClick={onDone}>
              Fine: scegli la stazione
            </button>
          </div>
        </>
      )}
    </main>
  );
}
