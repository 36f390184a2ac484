/** Working offline (docs/offline.md): the status of the queue of writes made without network. */
export { SyncStatus, useOutboxState } from './components/SyncStatus.js';
