import type { Knex } from 'knex';
import type { DomainEvent } from '../domain/shared/catalog.js';

/** Logical table name -> physical name of the generation being written. */
export type TableNames = Record<string, string>;

export interface ApplyContext {
  trx: Knex.Transaction;
  tables: TableNames;
}

/**
 * A read model built only from events. Its tables are created per generation as
 * `<logical>_v<version>_g<generation>`; the API reads the view `<logical>`, which
 * points at the live generation, so a rebuild never disturbs readers.
 */
export interface Projection {
  name: string;
  version: number;
  /** Logical table name -> column definitions. */
  tables: Record<string, (t: Knex.CreateTableBuilder) => void>;
  /** Extra DDL after the tables exist (indexes), with physical names. */
  afterCreate?: (knex: Knex | Knex.Transaction, tables: TableNames) => Promise<void>;
  canHandle: readonly string[];
  /** Must be idempotent: applying the same event twice leaves the same rows. */
  apply(ctx: ApplyContext, event: DomainEvent): Promise<void>;
  /** Optional faster path for a whole batch; defaults to apply per event. */
  applyBatch?(ctx: ApplyContext, events: DomainEvent[]): Promise<void>;
}
