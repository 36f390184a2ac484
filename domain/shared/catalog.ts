import { z } from 'zod';
import { holdsUnstorable, UNSTORABLE_MESSAGE } from './text.js';
import type { EventMetadata, Position, RecordedEvent } from './eventStore.js';

/**
 * One event type: its current schema version, its zod schema and the upcasters that
 * lift older stored versions. Stored events are never rewritten; old shapes are
 * read through `upcasters[v]`, which turns version v into v + 1.
 */
export interface EventDefinition<T extends string = string, D = unknown> {
  type: T;
  version: number;
  schema: z.ZodType<D>;
  /**
   * `schema` but its last check, for text the database cannot store: what decode uses for
   * events read as stored (no upcaster ran) from a store that cannot hold such text.
   */
  storedSchema?: z.ZodType<D>;
  upcasters?: Record<number, (data: unknown) => unknown>;
}

/**
 * Every event's schema also refuses text the database cannot store (NUL, lone surrogates):
 * together with the bounds in each schema, whatever a schema accepts every projection can
 * write (docs/bounds.md).
 */
export function defineEvent<T extends string, S extends z.ZodType>(
  type: T,
  version: number,
  schema: S,
  upcasters?: Record<number, (data: unknown) => unknown>,
): EventDefinition<T, z.infer<S>> {
  const storable = schema.superRefine((data, ctx) => {
    if (holdsUnstorable(data)) ctx.addIssue({ code: 'custom', message: UNSTORABLE_MESSAGE });
  });
  return { type, version, schema: storable as unknown as z.ZodType<z.infer<S>>, storedSchema: schema as unknown as z.ZodType<z.infer<S>>, upcasters };
}

/** What deciders return: a type and its data. */
export interface EventOf<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** A stored event read back, upcast and validated. */
export interface DomainEvent<T extends string = string, D = unknown> extends EventOf<T, D> {
  /** The stored event's unique id: a natural idempotency key for projections. */
  id: string;
  streamId: string;
  revision: number;
  position: Position;
  metadata: EventMetadata;
  recordedAt: string;
}

export class UnknownEventTypeError extends Error {}

export class EventCatalog {
  private readonly defs = new Map<string, EventDefinition>();

  constructor(definitions: EventDefinition[] = []) {
    for (const d of definitions) this.register(d);
  }

  register(def: EventDefinition): void {
    if (this.defs.has(def.type)) throw new Error(`Event type ${def.type} registered twice`);
    this.defs.set(def.type, def);
  }

  has(type: string): boolean {
    return this.defs.has(type);
  }

  types(): string[] {
    return [...this.defs.keys()];
  }

  /** Validates data against the current schema before it is appended. */
  encode(event: EventOf): { type: string; schemaVersion: number; data: Record<string, unknown> } {
    const def = this.get(event.type);
    const data = def.schema.parse(event.data) as Record<string, unknown>;
    return { type: event.type, schemaVersion: def.version, data };
  }

  /**
   * Upcasts a stored event to the current version and validates it. `storableText`: the event
   * comes from a store whose text cannot hold what the database refuses (EventStore.storableText),
   * so data no upcaster changed is not searched for it again (a seventh of a stop's decoding).
   */
  decode(recorded: RecordedEvent, options: { storableText?: boolean } = {}): DomainEvent {
    const def = this.get(recorded.type);
    let data: unknown = recorded.data;
    for (let v = recorded.schemaVersion; v < def.version; v++) {
      const up = def.upcasters?.[v];
      if (!up) throw new Error(`No upcaster for ${recorded.type} v${v}`);
      data = up(data);
    }
    const asStored = recorded.schemaVersion >= def.version;
    const schema = options.storableText && asStored && def.storedSchema ? def.storedSchema : def.schema;
    return {
      id: recorded.id,
      type: recorded.type,
      data: schema.parse(data),
      streamId: recorded.streamId,
      revision: recorded.revision,
      position: recorded.position,
      metadata: recorded.metadata,
      recordedAt: recorded.recordedAt,
    };
  }

  private get(type: string): EventDefinition {
    const def = this.defs.get(type);
    if (!def) throw new UnknownEventTypeError(`Unknown event type ${type}`);
    return def;
  }
}
