/**
 * One call on the 'Riferimento API' page: method and path, the action it needs and the roles that
 * have it, then its parameters and body fields, one line each, so it reads on a phone too.
 */
import type { Operation } from '../model/operations.js';

const WHERE: Record<string, string> = { path: 'percorso', query: 'query', body: 'corpo' };

export function OperationCard({ op }: { op: Operation }) {
  const id = `${op.method} ${op.path}`;
  return (
    <article className="card apiref-op" data-testid={`apiref-op-${id}`} aria-label={id}>
      <h3 className="apiref-op-title">
        <span className={`apiref-method apiref-method-${op.method.toLowerCase()}`}>{op.method}</span>
        <code className="apiref-path">{op.path}</code>
      </h3>
      <p className="apiref-access" data-testid="apiref-access">
        {op.action === 'public' ? (
          'Pubblica: senza login'
        ) : (
          <>
            Azione <code>{op.action}</code> · ruoli: {op.roles.join(', ')}
          </>
        )}
      </p>
      {op.bodyType && (
        <p className="apiref-body">
          Corpo <code>{op.bodyType}</code>
          {op.bodyShape && (
            <>
              : <code>{op.bodyShape}</code>
            </>
          )}
        </p>
      )}
      {op.fields.length > 0 && (
        <ul className="apiref-fields" aria-label="Parametri">
          {op.fields.map((f) => (
            <li key={`${f.where}-${f.name}`} data-testid="apiref-field">
              <code className="apiref-field-name">{f.name}</code>{' '}
              <span className="apiref-field-where">
                ({WHERE[f.where] ?? f.where}
                {f.required ? ', obbligatorio' : ''})
              </span>{' '}
              <code className="apiref-field-type">{f.type}</code>
              {f.description && <span className="apiref-field-note"> – {f.description}</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="apiref-success">
        Risposta {op.success}; errori {'{ error: { code, message, fields? } }'}
      </p>
    </article>
  );
}
