import { Link } from 'react-router-dom';

/** Any path outside the route table, shown inside the layout (the spec's "every other path"). */
export function NotFoundPage() {
  return (
    <div className="page">
      <h1 className="page-title">Pagina non trovata</h1>
      <div className="card">
        <p>L&apos;indirizzo richiesto non corrisponde a nessuna pagina.</p>
        <p>
          <Link to="/" className="button button-secondary">
            Torna alla home
          </Link>
        </p>
      </div>
    </div>
  );
}
