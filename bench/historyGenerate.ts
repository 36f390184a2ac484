/**
 * Two years of a 50-line plant, one plant day at a time, as the appends the product's
 * commands would have made. Every event comes out of the product's own decide functions
 * (stops, edits, deletes, root causes, report drafts and submits) and passes
 * catalog.encode, so the store holds nothing the product could not have written.
 * The commands' reads are replaced by state the generator keeps itself (an equipment's
 * stops of the previous day for the overlap rule, the report's state), which is what
 * makes it fast enough to write a million events in minutes.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { EventCatalog, EventOf } from '../domain/shared/catalog.js';
import type { EventMetadata, NewEvent } from '../domain/shared/eventStore.js';
import { rootCauseStream } from '../domain/rootCauses/events.js';
import { initialRootCauseState } from '../domain/rootCauses/state.js';
import { shiftReportStream, type ReportContent } from '../domain/shiftReports/events.js';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import { plannedStopsStream, unplannedStopsStream, type PlannedStopEvent, type UnplannedStopEvent, type UnplannedStopRecordedData } from '../domain/stops/events.js';
import { evolvePlannedStopsMany, initialPlannedStopsState, type PlannedStopsState } from '../domain/stops/plannedState.js';
import { evolveUnplannedStopsMany, initialUnplannedStopsState, type UnplannedStopFacts, type UnplannedStopsState } from '../domain/stops/unplannedState.js';
import { decideRecordRootCause } from '../commands/rootCauses/recordRootCause.js';
import { shiftReportDecider, type ShiftReportCommand } from '../commands/shiftReports/decider.js';
import { decideDeletePlannedStop } from '../commands/stops/deletePlannedStop.js';
import { decideDeleteUnplannedStop } from '../commands/stops/deleteUnplannedStop.js';
import { decideEditPlannedStopNote } from '../commands/stops/editPlannedStopNote.js';
import { decideEditUnplannedStopDetail } from '../commands/stops/editUnplannedStopDetail.js';
import { decideRecordPlannedStop } from '../commands/stops/recordPlannedStop.js';
import { decideRecordUnplannedStop } from '../commands/stops/recordUnplannedStop.js';
import { stopTextsFor } from '../seed/demoHistoryStopTexts.js';
import { createRandom, hashSeed } from '../seed/random.js';
import type { Actor } from '../seed/demoHistoryWriter.js';
import type { BenchEquipment, BenchPlant } from './historyPlant.js';
import { clockOf, MINUTE, placeSpans } from './historySpans.js';

export { RESERVED } from './historySpans.js';

/** One append: a stream that does not exist yet and the events it receives. */
export interface PlannedAppend {
  stream: string;
  events: NewEvent[];
}

export interface GeneratorOptions {
  /** Unplanned stops per ordinary equipment and day, both ends included. */
  stopsPerEquipmentDay: readonly [number, number];
  /** Chance of one planned stop per line and regular shift. */
  plannedPerShift: number;
  editShare: number;
  deleteShare: number;
  rootCauseShare: number;
}

export const defaultGeneratorOptions: GeneratorOptions = { stopsPerEquipmentDay: [2, 6], plannedPerShift: 0.5, editShare: 0.15, deleteShare: 0.05, rootCauseShare: 0.12 };

export interface HistorySpec {
  plant: BenchPlant;
  catalog: EventCatalog;
  operator: Actor;
  analyst: Actor;
  /** The equipment that gets `heavyStops` stops spread over the history; never a delete. */
  heavy: BenchEquipment;
  heavyStops: number;
  days: string[];
  options: GeneratorOptions;
  /** Nothing is dated after it. */
  now: Date;
  /** Each equipment's live stops of the previous day: what the overlap rule reads besides the day's own stream. */
  previous: Map<number, UnplannedStopFacts[]>;
}

export class DayGenerator {
  readonly counts = new Map<string, number>();

  constructor(private readonly g: HistorySpec) {}

  private meta(as: Actor, at: number): EventMetadata {
    return {
      userId: as.userId,
      username: as.username,
      role: as.role,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date(Math.min(at, this.g.now.getTime())).toISOString(),
    };
  }

  /** Encodes decided events as the command handler does: catalog.encode (zod) plus the command's metadata. */
  private encode(events: EventOf[], metadata: EventMetadata): NewEvent[] {
    return events.map((e) => {
      this.counts.set(e.type, (this.counts.get(e.type) ?? 0) + 1);
      return { ...this.g.catalog.encode(e), metadata };
    });
  }

  /**
   * The appends of one plant day, a line at a time (so the caller can keep appends in
   * flight between lines): each equipment's stops, the planned stops, the reports. The
   * analyses of the day's stops (written the next morning) go to `analyses`, for the
   * caller to append once the day's stops are stored.
   */
  *day(dayIndex: number, analyses: PlannedAppend[]): Generator<PlannedAppend[]> {
    const day = this.g.days[dayIndex]!;
    const clock = clockOf(day);
    for (const line of this.g.plant.lines) {
      const out: PlannedAppend[] = [];
      for (const eq of line.equipments) out.push(this.unplanned(day, clock, eq, dayIndex, analyses));
      out.push(...this.planned(day, line.equipments));
      for (const shift of this.g.plant.shifts.get(day) ?? []) {
        if (!shift.extra) out.push(this.report(line.id, line.name, day, shift.code, shift.startTime, shift.endTime));
      }
      yield out.filter((a) => a.events.length > 0);
    }
  }

  private unplanned(day: string, clock: (m: number) => number, eq: BenchEquipment, dayIndex: number, analyses: PlannedAppend[]): PlannedAppend {
    const { g } = this;
    const random = createRandom(hashSeed(`u|${day}|${eq.id}`));
    const heavy = eq.id === g.heavy.id;
    const n = heavy
      ? Math.floor((g.heavyStops * (dayIndex + 1)) / g.days.length) - Math.floor((g.heavyStops * dayIndex) / g.days.length)
      : random.int(...g.options.stopsPerEquipmentDay);
    const nearby = g.previous.get(eq.id) ?? [];
    let state: UnplannedStopsState = initialUnplannedStopsState;
    const events: NewEvent[] = [];
    const recorded: UnplannedStopRecordedData[] = [];
    const codeNames = new Map<number, string>();
    for (const [from, to] of placeSpans(random, n)) {
      const workpoint = random.pick(eq.workpoints);
      const code = random.pick(workpoint.codes);
      const texts = stopTextsFor(code.name);
      const [action, flags] = random.pick(texts.correctiveActions);
      const triggerName = random.pick(texts.triggers);
      const trigger = g.plant.triggeringEvents.find((t) => t.name === triggerName) ?? g.plant.triggeringEvents.at(-1)!;
      const startTime = new Date(clock(from)).toISOString();
      const endTime = new Date(clock(to)).toISOString();
      const at = clock(to) + random.int(2, 20) * MINUTE;
      const decided = decideRecordUnplannedStop(
        {
          type: 'RecordUnplannedStop',
          equipmentId: eq.id,
          day,
          plant: g.plant.state,
          role: g.operator.role,
          shiftSubmitted: false,
          nearby,
          workpointId: workpoint.id,
          stopCodeId: code.id,
          triggeringEventId: trigger.id,
          failureMode: random.pick(texts.failureModes),
          correctiveAction: action,
          actionMaterialChange: flags.includes('M'),
          actionCleaning: flags.includes('C'),
          actionSettingAdjustment: flags.includes('S'),
          actionComponentRestore: flags.includes('R'),
          startTime,
          endTime,
        },
        state,
        new Date(at),
      );
      state = evolveUnplannedStopsMany(state, decided);
      events.push(...this.encode(decided, this.meta(g.operator, at)));
      const data = (decided[0] as Extract<UnplannedStopEvent, { type: 'UnplannedStopRecorded' }>).data;
      recorded.push(data);
      codeNames.set(data.stopId, code.name);
    }
    for (const stop of recorded) {
      const at = Date.parse(stop.endTime) + 25 * MINUTE;
      let decided: UnplannedStopEvent[] = [];
      if (!heavy && random.chance(g.options.deleteShare)) {
        decided = decideDeleteUnplannedStop({ type: 'DeleteUnplannedStop', stopId: stop.stopId, role: g.operator.role, shiftSubmitted: false }, state);
      } else if (random.chance(g.options.editShare)) {
        const field = random.chance(0.5) ? 'failureMode' : 'correctiveAction';
        const value = `${stop[field]} (${field === 'failureMode' ? 'precisato a fine turno' : 'completata dal capoturno'})`;
        decided = decideEditUnplannedStopDetail({ type: 'EditUnplannedStopDetail', stopId: stop.stopId, field, value, role: g.operator.role, shiftSubmitted: false }, state);
      }
      state = evolveUnplannedStopsMany(state, decided);
      events.push(...this.encode(decided, this.meta(g.operator, at)));
    }
    for (const stop of state.stops.values()) {
      if (!random.chance(g.options.rootCauseShare)) continue;
      const [rootCause, troubleshooting] = random.pick(stopTextsFor(codeNames.get(stop.id) ?? '').rootCauses);
      const decided = decideRecordRootCause({ type: 'RecordRootCause', stopEventId: stop.id, rootCause, troubleshooting, stopExists: true }, initialRootCauseState);
      const nextMorning = DateTime.fromMillis(Date.parse(stop.endTime), { zone: PLANT_ZONE })
        .plus({ days: 1 })
        .set({ hour: 9, minute: random.int(0, 150) })
        .toMillis();
      analyses.push({ stream: rootCauseStream(stop.id), events: this.encode(decided, this.meta(g.analyst, nextMorning)) });
    }
    g.previous.set(eq.id, [...state.stops.values()]);
    return { stream: unplannedStopsStream(eq.id, day), events };
  }

  /** About one planned stop every other shift per line, at the start of a regular shift (never in the reserved half hour). */
  private planned(day: string, equipments: BenchEquipment[]): PlannedAppend[] {
    const { g } = this;
    const random = createRandom(hashSeed(`p|${day}|${equipments[0]!.lineId}`));
    const byEquipment = new Map<number, { state: PlannedStopsState; events: NewEvent[] }>();
    for (const shift of g.plant.shifts.get(day) ?? []) {
      if (shift.extra || !random.chance(g.options.plannedPerShift)) continue;
      const eq = random.pick(equipments);
      const reason = random.pick(g.plant.plannedReasons);
      const start = Date.parse(shift.startTime) + 5 * random.int(0, 12) * MINUTE;
      const end = start + 5 * random.int(3, 12) * MINUTE;
      const entry = byEquipment.get(eq.id) ?? { state: initialPlannedStopsState, events: [] };
      const at = end + random.int(2, 20) * MINUTE;
      const notes = random.chance(0.2)
        ? null
        : `${reason.name} su ${eq.name}: ${random.pick(['come da piano', 'anticipato su richiesta del capoturno', 'durata come previsto', 'completato senza anomalie'])}`;
      let decided: PlannedStopEvent[] = decideRecordPlannedStop(
        {
          type: 'RecordPlannedStop',
          equipmentId: eq.id,
          plannedReasonId: reason.id,
          day,
          plant: g.plant.state,
          role: g.operator.role,
          shiftSubmitted: false,
          nearby: [],
          startTime: new Date(start).toISOString(),
          endTime: new Date(end).toISOString(),
          notes,
        },
        entry.state,
        new Date(at),
      );
      entry.state = evolvePlannedStopsMany(entry.state, decided);
      entry.events.push(...this.encode(decided, this.meta(g.operator, at)));
      const stopId = (decided[0]!.data as { stopId: number }).stopId;
      decided = random.chance(0.03)
        ? decideDeletePlannedStop({ type: 'DeletePlannedStop', stopId, role: g.operator.role, shiftSubmitted: false }, entry.state)
        : random.chance(0.1)
          ? decideEditPlannedStopNote(
              { type: 'EditPlannedStopNote', stopId, notes: `${reason.name}: nota aggiornata a fine turno`, role: g.operator.role, shiftSubmitted: false },
              entry.state,
            )
          : [];
      entry.state = evolvePlannedStopsMany(entry.state, decided);
      entry.events.push(...this.encode(decided, this.meta(g.operator, at + MINUTE)));
      byEquipment.set(eq.id, entry);
    }
    return [...byEquipment].map(([id, e]) => ({ stream: plannedStopsStream(id, day), events: e.events }));
  }

  /** One to three autosaved drafts, then the submit, each decided on the state the previous ones left. */
  private report(lineId: number, lineName: string, day: string, code: string, startTime: string, endTime: string): PlannedAppend {
    const { g } = this;
    const random = createRandom(hashSeed(`r|${day}|${code}|${lineId}`));
    const shiftHours = (Date.parse(endTime) - Date.parse(startTime)) / 3_600_000;
    const workingTime = Math.min(shiftHours, random.pick([7, 7.25, 7.5, 7.75, 8]));
    const productionVolume = Math.round((12_000 * workingTime * (0.6 + 0.3 * random.next())) / 10) * 10;
    const full: ReportContent = {
      notes: `${lineName}, turno ${code}: ${random.pick(['produzione regolare', 'rallentamenti in avvio', 'fermate brevi frequenti', 'cambio formato a inizio turno'])}. ${random.pick(['Nessuna anomalia di qualità.', 'Scarti nella norma.', 'Scarti sopra la media nella prima ora.', 'Da verificare la tenuta tappi.'])}`,
      machineNotes: Array.from({ length: random.int(1, 3) }, () => ({
        Macchina: random.pick(['Filler', 'Capper', 'Cartoner', 'Labeller']),
        Nota: random.pick(['Regolata la velocità', 'Pulizia a fine turno', 'Sostituita una guarnizione', 'Nessuna nota', 'Controllo visivo ok']),
      })),
      productionVolume,
      waste: Math.round(productionVolume * (0.005 + 0.02 * random.next())),
      workingTime,
    };
    const drafts: ReportContent[] = [
      { notes: full.notes.slice(0, Math.max(10, Math.floor(full.notes.length / 2))), machineNotes: [], productionVolume: null, waste: null, workingTime: null },
      { ...full, waste: null, workingTime: null },
      { ...full, workingTime: null },
    ].slice(0, random.int(1, 3));
    const key = { lineId, shopFloorId: g.plant.shopFloorId, day, shiftCode: code };
    let state = shiftReportDecider.initialState;
    const events: NewEvent[] = [];
    let at = Date.parse(endTime) - 3_600_000;
    for (const [i, content] of [...drafts, full].entries()) {
      const type = i < drafts.length ? 'SaveShiftReportDraft' : 'SubmitShiftReport';
      const command = { type, key, content, labels: g.plant.labels, shiftHours, shiftStart: startTime, username: g.operator.username, revisionPinned: false } as ShiftReportCommand;
      at += random.int(5, 25) * MINUTE;
      const decided = shiftReportDecider.decide(command, state, new Date(at));
      state = decided.reduce(shiftReportDecider.evolve, state);
      events.push(...this.encode(decided, this.meta(g.operator, at)));
    }
    return { stream: shiftReportStream(lineId, day, code), events };
  }
}
