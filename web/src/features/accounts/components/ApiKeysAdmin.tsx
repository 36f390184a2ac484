/**
 * 'Chiavi API' (ADMIN section, docs/accounts.md "API keys"): the service accounts' keys with
 * their role, creation and last use; a new key is shown once; a key is revoked after a
 * confirmation.
 */
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { useFlash } from '../../../components/FlashMessage.js';
import { revokeApiKey, useApiKeys, type ApiKeyRow } from '../api/apiKeys.js';
import { formErrors } from '../model/errors.js';
import { roleLabel } from '../model/roles.js';
import { NewApiKeyForm } from './NewApiKeyForm.js';
import { OneTimeSecret } from './TemporaryPassword.js';
import { loginText } from './UserCard.js';

export function ApiKeysAdmin() {
  const { data, error, mutate } = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [flash, showFlash] = useFlash(5000);

  async function revoke(key: ApiKeyRow) {
    setBusy(true);
    try {
      await revokeApiKey(key.id);
      showFlash(`Chiave ${key.name} revocata`);
    } catch (err) {
      showFlash(formErrors(err).message, 'error');
    } finally {
      setBusy(false);
      setRevoking(null);
      void mutate();
    }
  }

  return (
    <div className="page users-page">
      <div className="users-head">
        <h1 className="page-title">Chiavi API</h1>
        {!creating && (
          <button type="button" className="button" onClick={() => setCreating(true)}>
            Nuova chiave
          </button>
        )}
      </div>
      <p className="api-keys-intro">
        Per ERP, MES e gateway: il sistema chiama l'API con <code>Authorization: Bearer &lt;chiave&gt;</code> e il ruolo della chiave. Una chiave revocata smette di funzionare
        entro pochi secondi.
      </p>
      {flash}
      {creating && (
        <NewApiKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setShown(created);
            void mutate();
          }}
        />
      )}
      {shown && (
        <OneTimeSecret label={`Chiave API ${shown.name}`} value={shown.key} onClose={() => setShown(null)}>
          Chiave <strong>{shown.name}</strong>, mostrata una sola volta: copiala ora nella configurazione del sistema che la userà.
        </OneTimeSecret>
      )}
      {error && <p className="field-hint field-hint-error">Errore: impossibile leggere le chiavi.</p>}
      {!data && !error && <p>Caricamento...</p>}
      {data && data.length === 0 && <p>Nessuna chiave API.</p>}
      <ul className="user-list">
        {(data ?? []).map((k) => (
          <li key={k.id} className="user-card" data-api-key={k.name}>
            <div className="user-card-who">
              <strong className="user-card-name">{k.name}</strong>
              <span className="user-badge">{roleLabel(k.role)}</span>
            </div>
            <p className="user-card-login">
              Creata: {loginText(k.created_at)} da {k.created_by}
            </p>
            <p className="user-card-login">Ultimo uso: {loginText(k.last_used_at)}</p>
            <div className="account-actions">
              <button type="button" className="button button-danger" disabled={busy} onClick={() => setRevoking(k)}>
                Revoca
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmModal
        open={revoking !== null}
        title="Conferma revoca"
        confirmLabel="Revoca"
        cancelLabel="Annulla"
        tone="danger"
        busy={busy}
        onConfirm={() => revoking && void revoke(revoking)}
        onClose={() => setRevoking(null)}
      >
        Revocare la chiave <strong>{revoking?.name}</strong>? Il sistema che la usa non potrà più chiamare l'API.
      </ConfirmModal>
    </div>
  );
}
