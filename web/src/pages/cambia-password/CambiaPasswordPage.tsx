/** 'Cambia password' (/cambia-password, from the sidebar for everyone). */
import { useState } from 'react';
import { ChangePasswordForm } from '../../features/accounts/index.js';
import { useMe } from '../../features/auth/index.js';
import '../../styles/users.css';

export function CambiaPasswordPage() {
  const { data: me } = useMe();
  const [done, setDone] = useState(false);
  return (
    <div className="page account-page">
      <h1 className="page-title">Cambia password</h1>
      {done && (
        <p className="flash flash-success" role="status">
          Password cambiata: le altre sessioni di questo utente sono state chiuse.
        </p>
      )}
      {me && <ChangePasswordForm key={String(done)} username={me.username} onChanged={() => setDone(true)} />}
    </div>
  );
}
