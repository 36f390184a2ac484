/**
 * Writes the history through the event-store port: PostgresEventStore.appendToStream,
 * one append per stream (a report's drafts and submit, an equipment's stops of a day,
 * a stop's analysis), several in flight at once, each with expectedRevision 'no_stream'.
 */
import type { EventCatalog } from '../domain/shared/catalog.js';
import type { NewEvent } from '../domain/shared/eventStore.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { demoActor, type Actor } from '../seed/demoHistoryWriter.js';
import { createCatalog } from '../domain/catalog.js';
import { DayGenerator, defaultGeneratorOptions, type GeneratorOptions, type PlannedAppend } from './historyGenerate.js';
import type { BenchEquipment, BenchPlant } from './historyPlant.js';
import { fmt, now } from './support.js';

/** Keeps at most `limit` appends in flight; the first failure stops the load. */
class AppendPump {
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  private failure: unknown = null;
  events = 0;
  appends = 0;

  constructor(
    private readonly store: PostgresEventStore,
    private readonly limit: number,
  ) {}

  async push(stream: string, events: NewEvent[]): Promise<void> {
    while (this.inFlight >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    if (this.failure) throw this.failure;
    this.inFlight += 1;
    this.store
      .appendToStream(stream, events, { expectedRevision: 'no_stream' })
      .then(
        () => {
          this.events += events.length;
          this.appends += 1;
        },
        (err: unknown) => {
          this.failure ??= err;
        },
      )
      .finally(() => {
        this.inFlight -= 1;
        this.waiting.shift()?.();
      });
  }

  async drain(): Promise<void> {
    while (this.inFlight > 0) await new Promise<void>((r) => this.waiting.push(r));
    if (this.failure) throw this.failure;
  }
}

export interface LoadOptions {
  concurrency: number;
  heavyStops: number;
  generator: GeneratorOptions;
}

export const defaultLoadOptions: LoadOptions = { concurrency: 12, heavyStops: 10_000, generator: defaultGeneratorOptions };

export interface LoadResult {
  events: number;
  appends: number;
  ms: number;
  byType: Map<string, number>;
}

/**
 * Generates `days` plant days for every line and appends them in day order (the
 * overlap rule of a day reads the day before), printing progress every tenth of the run.
 */
export async function loadHistory(
  url: string,
  catalog: EventCatalog,
  plant: BenchPlant,
  actors: { operator: Actor; analyst: Actor },
  heavy: BenchEquipment,
  days: string[],
  clock: Date,
  o: LoadOptions = defaultLoadOptions,
): Promise<LoadResult> {
  const store = await PostgresEventStore.connect(url, { max: o.concurrency + 2 });
  const pump = new AppendPump(store, o.concurrency);
  const generator = new DayGenerator({ plant, catalog, ...actors, heavy, heavyStops: o.heavyStops, days, options: o.generator, now: clock, previous: new Map() });
  const started = now();
  let generating = 0;
  try {
    let nextReport = 0.1;
    for (let i = 0; i < days.length; i++) {
      const analyses: PlannedAppend[] = [];
      const lines = generator.day(i, analyses);
      for (;;) {
        const g0 = now();
        const next = lines.next();
        generating += now() - g0;
        if (next.done) break;
        for (const a of next.value) await pump.push(a.stream, a.events);
        // Lets the appends in flight take their next step before the next line is generated.
        await new Promise((r) => setImmediate(r));
      }
      // A root cause is recorded only on a stop that exists: the day's stops are stored first.
      await pump.drain();
      for (const a of analyses) await pump.push(a.stream, a.events);
      if ((i + 1) / days.length >= nextReport || i + 1 === days.length) {
        nextReport += 0.1;
        const s = (now() - started) / 1000;
        console.log(
          `  load: day ${i + 1}/${days.length} (${days[i]}), ${fmt(pump.events)} events in ${fmt(pump.appends)} appends, ${fmt(s, 0)} s, ${fmt(pump.events / s)} events/s (generation ${fmt(generating / 1000, 1)} s)`,
        );
      }
    }
    await pump.drain();
    return { events: pump.events, appends: pump.appends, ms: now() - started, byType: generator.counts };
  } finally {
    await pump.drain().catch(() => undefined);
    await store.close();
  }
}

/**
 * The history of the dashboard and OEE sections: `perDay` unplanned stops per equipment and
 * day (both ends included) on every equipment, the first one too (no single heavy equipment).
 */
export async function loadEvenHistory(url: string, plant: BenchPlant, days: string[], clock: Date, perDay: readonly [number, number]): Promise<LoadResult> {
  const store = await PostgresEventStore.connect(url, { max: 2 });
  const catalog = createCatalog();
  const actors = { operator: await demoActor({ store, catalog }, 'frontline'), analyst: await demoActor({ store, catalog }, 'support') };
  await store.close();
  const load = await loadHistory(url, catalog, plant, actors, plant.lines[0]!.equipments[0]!, days, clock, {
    ...defaultLoadOptions,
    heavyStops: Math.round((days.length * (perDay[0] + perDay[1])) / 2),
    generator: { ...defaultGeneratorOptions, stopsPerEquipmentDay: perDay },
  });
  console.log(`  loaded ${fmt(load.events)} events in ${fmt(load.ms / 1000, 1)} s, ${fmt((load.events * 1000) / load.ms)} events/s`);
  return load;
}
