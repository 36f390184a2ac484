/** 'Chiavi API' (/chiavi-api, ADMIN section): the service accounts' keys (docs/accounts.md). */
import { ApiKeysAdmin } from '../../features/accounts/index.js';
import '../../styles/users.css';

export function ChiaviApiPage() {
  return <ApiKeysAdmin />;
}
