/**
 * What the layout shows instead of the page while the server asks for a new password (after an
 * admin's reset, or on the first login of an account an admin made): nothing else opens until
 * it is changed (the server answers 403 PASSWORD_CHANGE_REQUIRED meanwhile).
 */
import { useNavigate } from 'react-router-dom';
import { ChangePasswordForm } from '../features/accounts/index.js';
import { needsStationSetup, readStoredStation } from '../lib/station.js';

export function ForcedPasswordChange({ username, onChanged }: { username: string; onChanged(): void }) {
  const navigate = useNavigate();
  return (
    <div className="page account-page">
      <h1 className="page-title">Cambia password</h1>
      <ChangePasswordForm
        username={username}
        forced
        onChanged={() => {
          onChanged();
          navigate(needsStationSetup(username, readStoredStation()) ? '/setup' : '/', { replace: true });
        }}
      />
    </div>
  );
}
