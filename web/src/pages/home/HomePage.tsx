/** Home (/ and /home): the welcome screen every role lands on after login. */
export function HomePage() {
  return (
    <div className="page">
      <h1 className="page-title">Benvenuti</h1>
      <div className="card welcome">
        <p>
          Questa applicazione accompagna la giornata produttiva dello stabilimento: il registro di linea e i fermi per gli operatori, i riepiloghi, il Root Cause Tool e le azioni
          DBR per il supporto operativo, la generazione dei turni e le costanti DBR per gli amministratori.
        </p>
        <p>Scegli una voce dal menu per iniziare. La stazione di lavoro si cambia con «Cambia stazione».</p>
      </div>
    </div>
  );
}
