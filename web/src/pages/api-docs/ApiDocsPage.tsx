/**
 * 'Riferimento API' (/api-docs, ADMIN section): every call of the server as GET /openapi.json
 * describes it, grouped by resource, with a search over paths and actions. Written with our own
 * components: the plant's tablets have no internet, so no hosted viewer.
 */
import { useMemo, useState } from 'react';
import { filterOperations, groupOperations, OperationCard, useApiDescription } from '../../features/apiReference/index.js';
import '../../styles/api-docs.css';

export function ApiDocsPage() {
  const { data, error } = useApiDescription();
  const [search, setSearch] = useState('');
  const groups = useMemo(() => (data ? groupOperations(data) : []), [data]);
  const shown = filterOperations(groups, search);
  const count = groups.reduce((n, g) => n + g.operations.length, 0);
  return (
    <div className="page apiref-page">
      <h1 className="page-title">Riferimento API</h1>
      <p className="apiref-intro">
        Le chiamate del server, generate dagli schemi con cui le valida: la descrizione OpenAPI 3.1 completa è in <code>GET /openapi.json</code> (con il token). Ogni chiamata
        tranne /loginjwt e /health vuole <code>Authorization: Bearer</code>.
      </p>
      <label className="apiref-search">
        Cerca
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="percorso, metodo o azione" />
      </label>
      {error && <p className="field-hint field-hint-error">Errore: impossibile leggere la descrizione delle API.</p>}
      {!data && !error && <p>Caricamento...</p>}
      {data && (
        <p className="apiref-count" data-testid="apiref-count">
          {count} chiamate, versione {data.info.version}
        </p>
      )}
      {shown.map((g) => (
        <section key={g.tag} className="apiref-group" aria-labelledby={`apiref-${g.tag}`} data-testid={`apiref-group-${g.tag}`}>
          <h2 className="apiref-group-title" id={`apiref-${g.tag}`}>
            {g.tag}
          </h2>
          {g.operations.map((op) => (
            <OperationCard key={`${op.method} ${op.path}`} op={op} />
          ))}
        </section>
      ))}
      {data && shown.length === 0 && <p>Nessuna chiamata corrisponde.</p>}
    </div>
  );
}
