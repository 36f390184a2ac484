import type { Knex } from 'knex';

/**
 * The PostgreSQL event store's tables, created by the knex migrations (infra/db/migrations.ts),
 * never at connect. Global order is (transaction_id, global_position): a reader only returns
 * events of transactions older than its snapshot's xmin, so an event committed later by a
 * slower transaction can never land behind a checkpoint.
 *
 * `if not exists`: a database made before the schema moved into the migrations (when every
 * connect ran this same DDL) already has these tables with these columns, and is adopted as is.
 */
export async function createEventStoreTables(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists es_streams (
      stream_id text primary key,
      revision bigint not null
    );
    create table if not exists es_events (
      transaction_id xid8 not null default pg_current_xact_id(),
      global_position bigserial not null,
      event_id uuid not null unique,
      stream_id text not null,
      stream_revision bigint not null,
      type text not null,
      schema_version int not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      primary key (transaction_id, global_position),
      unique (stream_id, stream_revision)
    );
  `);
}

export async function dropEventStoreTables(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists es_events; drop table if exists es_streams;');
}
