import type { StopKind } from '../../domain/stops/ids.js';

/**
 * The id of a stop recorded before day streams: equipment × 10^6, plus 500 000 for a
 * planned stop, plus its sequence on the equipment's stream. The product only reads such
 * ids now (domain/stops/ids.ts); tests write stops with them to prove it still does.
 */
export function legacyStopId(kind: StopKind, equipmentId: number, sequence: number): number {
  return equipmentId * 1_000_000 + (kind === 'planned' ? 500_000 : 0) + sequence;
}
