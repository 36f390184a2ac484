/** Accounts (docs/accounts.md): the admin's 'Utenti' page and everyone's 'Cambia password'. */
export { UsersAdmin } from './components/UsersAdmin.js';
export { ChangePasswordForm } from './components/ChangePasswordForm.js';
