import { DateTime } from 'luxon';
import { activeChildren, type PlantState } from '../domain/plant/state.js';
import type { ReportContent } from '../domain/shiftReports/events.js';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import type { PlannedStopInput } from '../commands/stops/recordPlannedStop.js';
import type { UnplannedStopInput } from '../commands/stops/recordUnplannedStop.js';
import { machineNotes, plannedNote, REASON, reportNotes, type ReasonKind, type ShiftFacts } from './demoHistoryNotes.js';
import { stopTextsFor, TRIGGER } from './demoHistoryStopTexts.js';
import { createRandom, hashSeed, type Random } from './random.js';

/**
 * The demo history as a pure function: what happens on one line in one shift, from the
 * plant, the shift's window and a seed. No I/O and no clock, so the same day always
 * yields the same stops and report (demoHistory.ts turns the plan into commands).
 */

/** Fixed, so every first start on the same day tells the same story. */
export const DEMO_HISTORY_SEED = 20310610;

export interface Named {
  id: number;
  name: string;
}
export interface HistoryEquipment extends Named {
  workpoints: Array<Named & { stopCodes: Named[] }>;
}
export interface HistoryLine extends Named {
  /** Position among the shop floor's lines: picks the line's character (reliability, chronic problem). */
  index: number;
  defSpeed: number;
  labels: string[];
  equipments: HistoryEquipment[];
}
export interface HistoryCatalog {
  triggeringEvents: Named[];
  plannedReasons: Named[];
}
export interface HistoryShift {
  day: string;
  code: string;
  startTime: string;
  endTime: string;
}

export interface PlannedStopPlan {
  input: PlannedStopInput;
  now: Date;
}
export interface UnplannedStopPlan {
  input: UnplannedStopInput;
  /** The workpoint's equipment: the stream the stop is recorded on. */
  equipmentId: number;
  now: Date;
  /** The improvement staff's analysis, recorded the next morning; null for most stops. */
  rootCause: { rootCause: string; troubleshooting: string; now: Date } | null;
}
export interface ShiftPlan {
  lineId: number;
  lineName: string;
  day: string;
  shiftCode: string;
  planned: PlannedStopPlan[];
  unplanned: UnplannedStopPlan[];
  report: { content: ReportContent; now: Date };
}

/** Each line's character: base efficiency, weights of 0..3 unplanned stops, its recurring problem. */
const PROFILES = [
  { efficiency: 0.84, stops: [0.3, 0.4, 0.2, 0.1], chronic: 'Tappo storto' },
  { efficiency: 0.79, stops: [0.2, 0.35, 0.3, 0.15], chronic: 'Colla insufficiente' },
  { efficiency: 0.73, stops: [0.15, 0.3, 0.35, 0.2], chronic: 'Inceppamento coclea' },
] as const;
const PLANNED_PER_SHIFT = 0.17;
const ROOT_CAUSE_SHARE = 1 / 3;
const LONG_STOP_MINUTES = 15;
const MINUTE = 60_000;

const named = (plant: PlantState, kind: Parameters<typeof activeChildren>[1], parentId: number | null): Named[] =>
  activeChildren(plant, kind, parentId).map((i) => ({ id: i.id, name: i.name }));

/** The shop floor's active lines with what the plan picks from; def_speed null (no constants) counts 10 000 pz/h. */
export function historyLines(plant: PlantState, shopFloorId: number, labels: string[], defSpeeds: ReadonlyMap<number, number | null>): HistoryLine[] {
  return named(plant, 'line', shopFloorId).map((line, index) => ({
    ...line,
    index,
    defSpeed: defSpeeds.get(line.id) ?? 10_000,
    labels,
    equipments: named(plant, 'equipment', line.id).map((e) => ({
      ...e,
      workpoints: named(plant, 'workpoint', e.id).map((w) => ({ ...w, stopCodes: named(plant, 'stopCode', w.id) })),
    })),
  }));
}

export function historyCatalog(plant: PlantState): HistoryCatalog {
  return { triggeringEvents: named(plant, 'triggeringEvent', null), plannedReasons: named(plant, 'plannedStopReason', null) };
}

interface Span {
  start: number;
  end: number;
}
const free = (busy: Span[], s: Span) => busy.every((b) => !(s.start < b.end && b.start < s.end));

/** Places a span of `minutes` inside [from, to) (minutes from the shift start) on a free stretch, or null. */
function place(random: Random, busy: Span[], minutes: number, from: number, to: number): Span | null {
  for (let attempt = 0; attempt < 20; attempt++) {
    const start = random.int(from, to - minutes);
    const span = { start, end: start + minutes };
    if (free(busy, span)) return span;
  }
  return null;
}

/** 3 to 45 minutes, mostly short: microstops are common, long breakdowns rare. */
const unplannedMinutes = (random: Random) => 3 + Math.floor(42 * random.next() ** 2.2);

function chooseStopCode(random: Random, line: HistoryLine, chronic: string) {
  const all = line.equipments.flatMap((e) => e.workpoints.flatMap((w) => w.stopCodes.map((c) => ({ equipment: e, workpoint: w, code: c }))));
  const chronicOnes = all.filter((c) => c.code.name === chronic);
  if (chronicOnes.length > 0 && random.chance(0.25)) return random.pick(chronicOnes);
  const equipment = random.weighted(line.equipments.map((e, i) => [e, i === 0 ? 4 : i === 1 ? 3.5 : 2.5] as const));
  const workpoints = equipment.workpoints.filter((w) => w.stopCodes.length > 0);
  if (workpoints.length === 0) return null;
  const workpoint = random.pick(workpoints);
  return { equipment, workpoint, code: random.pick(workpoint.stopCodes) };
}

const hasFlag = (flags: string, f: string) => flags.includes(f);
const at = (startMs: number, minute: number) => new Date(startMs + minute * MINUTE).toISOString();

/** The next morning's office hours after the shift: when the improvement staff analyse the stops. */
function analysisTime(random: Random, shiftEnd: Date): Date {
  const end = DateTime.fromJSDate(shiftEnd, { zone: PLANT_ZONE });
  const morning = (end.hour < 9 ? end : end.plus({ days: 1 })).startOf('day').set({ hour: 9 });
  return morning.plus({ minutes: random.int(0, 150) }).toJSDate();
}

/** One line's shift: planned stops, unplanned stops (with some analyses) and the submitted report's content. */
export function planShift(line: HistoryLine, catalog: HistoryCatalog, shift: HistoryShift, seed = DEMO_HISTORY_SEED): ShiftPlan {
  const random = createRandom(hashSeed(`${seed}|${shift.day}|${shift.code}|${line.id}`));
  const profile = PROFILES[line.index % PROFILES.length]!;
  const startMs = Date.parse(shift.startTime);
  const endMs = Date.parse(shift.endTime);
  const shiftEnd = new Date(endMs);
  const length = Math.round((endMs - startMs) / MINUTE);
  const busy = new Map<number, Span[]>(line.equipments.map((e) => [e.id, []]));
  const reasonId = (kind: ReasonKind) => catalog.plannedReasons.find((r) => r.name === REASON[kind])?.id;
  const facts: ShiftFacts = { efficiency: 0, wasteRate: 0, unplanned: [], planned: [] };

  const planned: Array<PlannedStopInput & { span: Span }> = [];
  if (line.equipments.length > 0 && random.chance(PLANNED_PER_SHIFT)) {
    const kind = random.weighted<ReasonKind>([
      ['format', 0.45],
      ['cleaning', 0.3],
      ['maintenance', 0.25],
    ]);
    const id = reasonId(kind);
    const minutes = 5 * random.int(3, 12);
    const equipment = kind === 'format' ? line.equipments[0]! : random.pick(line.equipments);
    const offset = random.int(0, 10);
    // A format change opens the shift and stops the whole line; cleaning closes it; maintenance fits anywhere.
    const span =
      kind === 'format'
        ? { start: offset, end: offset + minutes }
        : kind === 'cleaning'
          ? { start: length - offset - minutes, end: length - offset }
          : place(random, [], minutes, 30, length - 30);
    if (id !== undefined && span) {
      const notes = plannedNote(random, kind, equipment.name);
      planned.push({ equipmentId: equipment.id, plannedReasonId: id, startTime: at(startMs, span.start), endTime: at(startMs, span.end), notes, span });
      for (const e of kind === 'format' ? line.equipments : [equipment]) busy.get(e.id)!.push(span);
      facts.planned.push({ equipment: equipment.name, reason: REASON[kind], notes, minutes });
    }
  }
  const formatChangeEnd = planned.find((p) => reasonId('format') === p.plannedReasonId)?.span.end ?? null;

  const unplanned: Array<Omit<UnplannedStopPlan, 'now'> & { span: Span }> = [];
  const count = random.weighted(profile.stops.map((w, n) => [n, w] as const));
  for (let i = 0; i < count && catalog.triggeringEvents.length > 0; i++) {
    const choice = chooseStopCode(random, line, profile.chronic);
    if (!choice) continue;
    const minutes = unplannedMinutes(random);
    const span = place(random, busy.get(choice.equipment.id)!, minutes, 1, length - 1);
    if (!span) continue;
    busy.get(choice.equipment.id)!.push(span);
    const texts = stopTextsFor(choice.code.name);
    const [action, flags] = random.pick(texts.correctiveActions);
    let trigger = random.weighted(texts.triggers.map((t, k) => [t, 3 - Math.min(k, 2)] as const));
    if (formatChangeEnd !== null && span.start >= formatChangeEnd && span.start - formatChangeEnd < 60 && random.chance(0.6)) trigger = TRIGGER.format;
    else if (span.start < 20 && random.chance(0.3)) trigger = TRIGGER.shiftChange;
    const analysis = minutes >= LONG_STOP_MINUTES && random.chance(ROOT_CAUSE_SHARE) ? random.pick(texts.rootCauses) : null;
    // An analysis that blames the format change names it as the trigger too.
    if (analysis && /cambio formato/i.test(analysis[0])) trigger = TRIGGER.format;
    const triggerId = (catalog.triggeringEvents.find((t) => t.name === trigger) ?? catalog.triggeringEvents[catalog.triggeringEvents.length - 1]!).id;
    unplanned.push({
      span,
      equipmentId: choice.equipment.id,
      input: {
        workpointId: choice.workpoint.id,
        stopCodeId: choice.code.id,
        triggeringEventId: triggerId,
        failureMode: random.pick(texts.failureModes),
        correctiveAction: action,
        actionMaterialChange: hasFlag(flags, 'M'),
        actionCleaning: hasFlag(flags, 'C'),
        actionSettingAdjustment: hasFlag(flags, 'S'),
        actionComponentRestore: hasFlag(flags, 'R'),
        startTime: at(startMs, span.start),
        endTime: at(startMs, span.end),
      },
      rootCause: analysis ? { rootCause: analysis[0], troubleshooting: analysis[1], now: analysisTime(random, shiftEnd) } : null,
    });
    facts.unplanned.push({ equipment: choice.equipment.name, stopCode: choice.code.name, correctiveAction: action, minutes });
  }
  unplanned.sort((a, b) => a.span.start - b.span.start);

  // Operators record the stops right after the shift, then submit the report.
  const recordedAt = (n: number) => new Date(endMs + (2 + n) * MINUTE);
  const plannedPlans = planned.map(({ span: _span, ...input }, n) => ({ input, now: recordedAt(n) }));
  const unplannedPlans = unplanned.map(({ span: _span, ...u }, n) => ({ ...u, now: recordedAt(planned.length + n) }));

  const shiftHours = (endMs - startMs) / 3_600_000;
  const workingTime = Math.min(shiftHours, random.pick([7, 7.25, 7.5, 7.5, 7.75, 7.75, 8]));
  const nightPenalty = shift.code === 'C' ? 0.02 : 0;
  facts.efficiency = Math.min(0.9, Math.max(0.6, profile.efficiency - nightPenalty + (random.next() - 0.5) * 0.14));
  const downMinutes = [...facts.unplanned, ...facts.planned].reduce((s, x) => s + x.minutes, 0);
  const runningHours = Math.max(workingTime * 0.3, workingTime - downMinutes / 60);
  const productionVolume = Math.round((line.defSpeed * runningHours * facts.efficiency) / 10) * 10;
  facts.wasteRate = Math.min(0.03, 0.005 + random.next() * 0.017 + 0.002 * facts.unplanned.length);
  const content: ReportContent = {
    notes: reportNotes(random, facts),
    machineNotes: machineNotes(random, line.labels, facts, line.equipments[0]?.name ?? line.name),
    productionVolume,
    waste: Math.round(productionVolume * facts.wasteRate),
    workingTime,
  };
  const report = { content, now: new Date(endMs + (8 + planned.length + unplanned.length + random.int(0, 6)) * MINUTE) };
  return { lineId: line.id, lineName: line.name, day: shift.day, shiftCode: shift.code, planned: plannedPlans, unplanned: unplannedPlans, report };
}
