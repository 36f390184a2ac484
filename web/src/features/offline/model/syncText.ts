/**
 * The words of the offline status (docs/offline.md): how many writes wait, and whether the
 * network is there. Null when there is nothing to say (online, nothing waiting, nothing sent yet).
 */

/** What the status line needs of the queue. */
export interface SyncFacts {
  online: boolean;
  pending: number;
  /** The queue was emptied by sending while this page ran. */
  synced: boolean;
}

/** '1 modifica' / '3 modifiche'. */
export function changes(n: number): string {
  return n === 1 ? '1 modifica' : `${n} modifiche`;
}

/** The status line and its tone. */
export function syncText({ online, pending, synced }: SyncFacts): { text: string; tone: 'warn' | 'ok' | 'muted' } | null {
  if (!online) return { text: pending === 0 ? 'Offline · nessuna modifica in attesa' : `Offline · ${changes(pending)} in attesa`, tone: 'warn' };
  if (pending > 0) return { text: `Sincronizzazione · ${changes(pending)} in attesa`, tone: 'muted' };
  return synced ? { text: 'Sincronizzato', tone: 'ok' } : null;
}
