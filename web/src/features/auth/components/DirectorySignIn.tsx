/**
 * The login page's 'Accedi con <provider>' button (when OIDC is configured) and the refusal the
 * provider's sign-in came back with. The button is a plain link: the browser leaves for the
 * provider and comes back to /login.
 */
import { useEffect, useState } from 'react';
import { fetchLoginOptions, oidcRefusal, type LoginOptions } from '../api/directory.js';

export function DirectorySignIn() {
  const [options, setOptions] = useState<LoginOptions | null>(null);
  const refusal = oidcRefusal(window.location.search);
  useEffect(() => {
    let live = true;
    fetchLoginOptions()
      .then((o) => live && setOptions(o))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      {options?.oidc && (
        <div className="login-directory">
          <span className="login-or">oppure</span>
          <a className="button button-secondary button-block" href="/auth/oidc/start">
            Accedi con {options.oidc.provider_name}
          </a>
        </div>
      )}
    </>
  );
}
