import type { Knex } from 'knex';
import type { DomainEvent, EventDefinition } from '../domain/shared/catalog.js';

/** Logical table name -> physical name of the generation being written. */
export type TableNames = Record<string, string>;

export interface ApplyContext {
  trx: Knex.Transaction;
  tables: TableNames;
}

/** The stored, decoded event of one definition: what a projection typed by its definitions receives. */
export type DomainEventOf<D> = D extends EventDefinition<infer T, infer X> ? DomainEvent<T, X> : never;

/**
 * A read model built only from events. Its tables are created per generation as
 * `<logical>_v<version>_g<generation>`; the API reads the view `<logical>`, which
 * points at the live generation, so a rebuild never disturbs readers.
 */
export interface Projection<E extends DomainEvent = DomainEvent> {
  name: string;
  version: number;
  /** Logical table name -> column definitions. */
  tables: Record<string, (t: Knex.CreateTableBuilder) => void>;
  /** Extra DDL after the tables exist (indexes), with physical names. */
  afterCreate?: (knex: Knex | Knex.Transaction, tables: TableNames) => Promise<void>;
  /**
   * Indexes only the readers need (never the projection's own statements): a new live
   * generation gets them with its tables; a rebuild creates them once its tables are
   * loaded, before the switch, which is faster than keeping them up to date row by row.
   * `pool` (a rebuild's, whose tables are committed): statements may run meanwhile on other
   * connections, each in a transaction of its own that commits before afterLoad returns (rows
   * inserted into one table from two connections, an index built on a table the others read);
   * none may wait for a lock that afterLoad's own transaction holds.
   */
  afterLoad?: (knex: Knex | Knex.Transaction, tables: TableNames, pool?: Knex) => Promise<void>;
  /** The event types it handles; the engine hands it only these (derived from its definitions). */
  canHandle: readonly string[];
  /**
   * The types among them whose metadata applyBatch reads (absent: every one). The others come
   * with their metadata left out (METADATA_LEFT_OUT: reading it throws), which spares the store
   * printing it and the engine parsing it: about 0.6 s of each over a year of 50 lines.
   */
  readsMetadataOf?: readonly string[];
  /**
   * Applies a batch of its events in global order, as one multi-row statement per table
   * where it can, so a rebuild runs at tens of thousands of events per second. Must be
   * idempotent: applying the same batch again leaves the same rows, and the result
   * equals applying the events one batch each.
   */
  applyBatch(ctx: ApplyContext, events: readonly E[]): Promise<void>;
}

/** A projection of any event union, as the registry and the engine hold them. */
export type AnyProjection = Projection<any>;

/**
 * Declares a projection by the event definitions it handles: `canHandle` and the type of
 * the events `applyBatch` receives come from the same list, so they cannot disagree and
 * no cast is needed inside the projection.
 */
export function defineProjection<const D extends readonly EventDefinition[]>(
  handles: D,
  projection: Omit<Projection<DomainEventOf<D[number]>>, 'canHandle'>,
): Projection<DomainEventOf<D[number]>> {
  return { ...projection, canHandle: handles.map((d) => d.type) };
}

/**
 * Transitional: runs a per-event apply over a batch. Every product projection is moving
 * to a true multi-row applyBatch; this exists only until the last one has.
 */
export function applyEach<E extends DomainEvent>(apply: (ctx: ApplyContext, event: E) => Promise<void>): Projection<E>['applyBatch'] {
  return async (ctx, events) => {
    for (const e of events) await apply(ctx, e);
  };
}
