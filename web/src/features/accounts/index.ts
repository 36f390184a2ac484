/** Accounts (docs/accounts.md): the admin's 'Utenti' and 'Chiavi API' pages and everyone's 'Cambia password'. */
export { UsersAdmin } from './components/UsersAdmin.js';
export { ApiKeysAdmin } from './components/ApiKeysAdmin.js';
export { ChangePasswordForm } from './components/ChangePasswordForm.js';
