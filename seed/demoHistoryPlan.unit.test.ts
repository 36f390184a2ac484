import { DateTime } from 'luxon';
import { parsePlantFile } from '../domain/plant/plantFile.js';
import type { PlantState } from '../domain/plant/state.js';
import { isFutureDay } from '../domain/shiftReports/rules.js';
import { eachDay, PLANT_ZONE, shiftTimes } from '../domain/shifts/calendar.js';
import type { PlannedStopsState } from '../domain/stops/plannedState.js';
import { plantDay } from '../domain/stops/rules.js';
import type { UnplannedStopsState } from '../domain/stops/unplannedState.js';
import { plantDecider } from '../commands/plant/decider.js';
import { rootCauseDecider } from '../commands/rootCauses/decider.js';
import { shiftReportDecider } from '../commands/shiftReports/decider.js';
import { plannedStopsDecider } from '../commands/stops/plannedDecider.js';
import { unplannedStopsDecider } from '../commands/stops/unplannedDecider.js';
import { historyCatalog, historyLines, planShift, type ShiftPlan } from './demoHistoryPlan.js';
import { readDemoPlantFile } from './demoPlant.js';

/** The demo plant as its import records it, folded without any store. */
function demoPlant(): PlantState {
  const parsed = parsePlantFile(readDemoPlantFile());
  if (!parsed.ok) throw new Error('demo plant file invalid');
  const events = plantDecider.decide({ type: 'ImportPlantStructure', plant: parsed.plant }, plantDecider.initialState, new Date(0));
  return events.reduce(plantDecider.evolve, plantDecider.initialState);
}

const plant = demoPlant();
const LABELS = ['Macchina', 'Nota'];
const lines = historyLines(
  plant,
  1,
  LABELS,
  new Map([
    [1, 12000],
    [2, 10000],
    [3, 8000],
  ]),
);
const catalog = historyCatalog(plant);
const PATTERNS = [
  { code: 'A', start: '06:00', end: '14:00' },
  { code: 'B', start: '14:00', end: '22:00' },
  { code: 'C', start: '22:00', end: '06:00' },
];
// 60 days before 10 April 2031: the change to summer time (30 March) makes one night shift 7 hours long.
const DAYS = eachDay('2031-02-09', '2031-04-09');
const shifts = DAYS.flatMap((day) => PATTERNS.map((p) => ({ day, code: p.code, ...shiftTimes(day, p) })));
const planAll = (seed?: number): ShiftPlan[] => shifts.flatMap((s) => lines.map((line) => planShift(line, catalog, s, seed)));
const plans = planAll();
const minutes = (s: { startTime: string; endTime: string }) => (Date.parse(s.endTime) - Date.parse(s.startTime)) / 60_000;
const windowOf = (p: ShiftPlan) => shifts.find((s) => s.day === p.day && s.code === p.shiftCode)!;

describe('the demo history plan', () => {
  it('is the same for the same days and seed, and another seed tells another story', () => {
    expect(planAll()).toEqual(plans);
    expect(planAll(7)).not.toEqual(plans);
  });

  it('has a plausible number of stops: 0 to 3 unplanned per line and shift, a few planned per week and line', () => {
    const unplanned = plans.reduce((n, p) => n + p.unplanned.length, 0);
    expect(plans).toHaveLength(60 * 3 * 3);
    expect(Math.max(...plans.map((p) => p.unplanned.length))).toBeLessThanOrEqual(3);
    expect(unplanned).toBeGreaterThan(500);
    expect(unplanned).toBeLessThan(1100);
    for (const line of lines) {
      const perWeek = (plans.filter((p) => p.lineId === line.id).reduce((n, p) => n + p.planned.length, 0) / 60) * 7;
      expect(perWeek).toBeGreaterThanOrEqual(1.5);
      expect(perWeek).toBeLessThanOrEqual(6);
    }
  });

  it('keeps every stop inside its shift, unplanned 3-45 minutes, planned 15-60', () => {
    for (const p of plans) {
      const w = windowOf(p);
      for (const s of [...p.unplanned, ...p.planned]) {
        expect(Date.parse(s.input.startTime)).toBeGreaterThanOrEqual(Date.parse(w.startTime));
        expect(Date.parse(s.input.endTime)).toBeLessThanOrEqual(Date.parse(w.endTime));
        expect(s.now.getTime()).toBeGreaterThan(Date.parse(w.endTime));
      }
      for (const u of p.unplanned) expect(minutes(u.input)).toBeGreaterThanOrEqual(3);
      for (const u of p.unplanned) expect(minutes(u.input)).toBeLessThanOrEqual(45);
      for (const s of p.planned) expect([minutes(s.input) >= 15, minutes(s.input) <= 60]).toEqual([true, true]);
    }
  });

  it('analyses roughly a third of the stops of 15 minutes or more, and no shorter one', () => {
    const stops = plans.flatMap((p) => p.unplanned);
    expect(stops.filter((u) => u.rootCause && minutes(u.input) < 15)).toEqual([]);
    const long = stops.filter((u) => minutes(u.input) >= 15);
    const share = long.filter((u) => u.rootCause).length / long.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.47);
  });

  it('writes reports whose figures fit the line: hours within the shift, volume from def_speed at 60-90%, scrap 0.5-3%', () => {
    for (const p of plans) {
      const { productionVolume, waste, workingTime, notes, machineNotes } = p.report.content;
      const line = lines.find((l) => l.id === p.lineId)!;
      expect(workingTime!).toBeLessThanOrEqual(minutes(windowOf(p)) / 60);
      expect(workingTime!).toBeGreaterThanOrEqual(7);
      expect(productionVolume!).toBeLessThanOrEqual(line.defSpeed * workingTime! * 0.9 + 10);
      expect(productionVolume!).toBeGreaterThanOrEqual(line.defSpeed * workingTime! * 0.6 * 0.3 - 10);
      expect(waste! / productionVolume!).toBeGreaterThanOrEqual(0.0049);
      expect(waste! / productionVolume!).toBeLessThanOrEqual(0.0301);
      expect(notes.length).toBeGreaterThan(10);
      expect(machineNotes.length).toBeGreaterThan(0);
      for (const row of machineNotes) expect(Object.keys(row)).toEqual(LABELS);
    }
    expect(new Set(plans.map((p) => p.report.content.notes)).size).toBeGreaterThan(plans.length / 2);
  });

  it('passes the deciders the API uses, in the order the seed runs them, as the frontline and support roles', () => {
    // Keyed by day stream (equipment and plant day of the start), as the handlers read them.
    const unplanned = new Map<string, UnplannedStopsState>();
    const planned = new Map<string, PlannedStopsState>();
    const streamKey = (equipmentId: number, startTime: string) => `${equipmentId}|${plantDay(startTime)}`;
    let analysed = 0;
    for (const p of plans) {
      for (const s of p.planned) {
        const key = streamKey(s.input.equipmentId, s.input.startTime);
        const state = planned.get(key) ?? plannedStopsDecider.initialState;
        const nearby = [...planned].filter(([k]) => k !== key && k.startsWith(`${s.input.equipmentId}|`)).flatMap(([, st]) => [...st.stops.values()]);
        const events = plannedStopsDecider.decide(
          { type: 'RecordPlannedStop', ...s.input, day: plantDay(s.input.startTime), plant, role: 'frontline', shiftSubmitted: false, nearby },
          state,
          s.now,
        );
        planned.set(key, events.reduce(plannedStopsDecider.evolve, state));
      }
      for (const u of p.unplanned) {
        const key = streamKey(u.equipmentId, u.input.startTime);
        const state = unplanned.get(key) ?? unplannedStopsDecider.initialState;
        const nearby = [...unplanned].filter(([k]) => k !== key && k.startsWith(`${u.equipmentId}|`)).flatMap(([, st]) => [...st.stops.values()]);
        const command = {
          type: 'RecordUnplannedStop' as const,
          ...u.input,
          equipmentId: u.equipmentId,
          day: plantDay(u.input.startTime),
          nearby,
          plant,
          role: 'frontline',
          shiftSubmitted: false,
        };
        const events = unplannedStopsDecider.decide(command, state, u.now);
        expect(events.map((e) => e.type)).toEqual(['UnplannedStopRecorded']);
        unplanned.set(key, events.reduce(unplannedStopsDecider.evolve, state));
        if (u.rootCause) {
          const rc = rootCauseDecider.decide(
            { type: 'RecordRootCause', stopEventId: events[0]!.data.stopId, ...u.rootCause, stopExists: true },
            rootCauseDecider.initialState,
            u.rootCause.now,
          );
          analysed += rc.length;
        }
      }
      const key = { lineId: p.lineId, shopFloorId: 1, day: p.day, shiftCode: p.shiftCode };
      const submit = {
        type: 'SubmitShiftReport' as const,
        key,
        content: p.report.content,
        labels: LABELS,
        shiftHours: minutes(windowOf(p)) / 60,
        shiftStart: windowOf(p).startTime,
        username: 'frontline',
        revisionPinned: false,
      };
      expect(shiftReportDecider.decide(submit, shiftReportDecider.initialState, p.report.now).map((e) => e.type)).toEqual(['ShiftReportSubmitted']);
      expect(isFutureDay(p.day, p.report.now)).toBe(false);
    }
    expect(analysed).toBeGreaterThan(50);
  });

  it('dates the analyses the next morning, in office hours', () => {
    for (const u of plans.flatMap((p) => p.unplanned)) {
      if (!u.rootCause) continue;
      const t = DateTime.fromJSDate(u.rootCause.now, { zone: PLANT_ZONE });
      expect(t.hour).toBeGreaterThanOrEqual(9);
      expect(t.hour).toBeLessThanOrEqual(11);
      expect(u.rootCause.now.getTime()).toBeGreaterThan(Date.parse(u.input.endTime));
    }
  });
});
