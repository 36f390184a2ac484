/** 'Utenti' (/utenti, ADMIN section): the plant's accounts (docs/accounts.md). */
import { UsersAdmin } from '../../features/accounts/index.js';
import '../../styles/users.css';

export function UtentiPage() {
  return <UsersAdmin />;
}
