import { parsePlantFile } from '../domain/plant/plantFile.js';
import { settingsOf, type PlantState } from '../domain/plant/state.js';
import { eachDay } from '../domain/shifts/calendar.js';
import { initialShiftCalendarState } from '../domain/shifts/state.js';
import type { DbrActionState } from '../domain/dbrActions/state.js';
import { DomainError } from '../domain/shared/errors.js';
import { dbrActionDecider } from '../commands/dbrActions/decider.js';
import { plantDecider } from '../commands/plant/decider.js';
import { decideGenerateShifts } from '../commands/shifts/generateShifts.js';
import { planDbrActions, type DbrActionPlan } from './demoHistoryDbr.js';
import { historyLines } from './demoHistoryPlan.js';
import { readDemoPlantFile } from './demoPlant.js';

function demoPlant(): PlantState {
  const parsed = parsePlantFile(readDemoPlantFile());
  if (!parsed.ok) throw new Error('demo plant file invalid');
  const events = plantDecider.decide({ type: 'ImportPlantStructure', plant: parsed.plant }, plantDecider.initialState, new Date(0));
  return events.reduce(plantDecider.evolve, plantDecider.initialState);
}

const plant = demoPlant();
const lines = historyLines(plant, 1, [], new Map());
// 60 days before 10 April 2031, over the change to summer time, and the 10th itself.
const DAYS = eachDay('2031-02-09', '2031-04-10');
const calendar = decideGenerateShifts(
  { type: 'GenerateShifts', shopFloorId: 1, startDate: DAYS[0]!, endDate: DAYS.at(-1)!, patterns: settingsOf(plant, 1).patterns, manageExtraShift: false },
  initialShiftCalendarState,
).flatMap((e) => e.data.shifts);
const shiftsOf = (day: string) => calendar.filter((s) => s.shiftDay === day).map((s) => ({ id: s.shiftId, name: s.name, startTime: s.startTime, endTime: s.endTime }));
const planAll = (seed?: number) => DAYS.flatMap((day) => lines.map((line) => ({ day, line, plans: planDbrActions(line, 1, day, shiftsOf(day), seed) })));
const all = planAll();
const plans: DbrActionPlan[] = all.flatMap((p) => p.plans);

describe('the demo DBR routine', () => {
  it('is the same for the same days and seed, and another seed plans otherwise', () => {
    expect(planAll()).toEqual(all);
    expect(planAll(7)).not.toEqual(all);
  });

  it('plans 0 to 2 actions a line a day, about one a day per line, with every outcome and some due at the end of the day', () => {
    expect(Math.max(...all.map((p) => p.plans.length))).toBeLessThanOrEqual(2);
    expect(plans.length).toBeGreaterThan(61 * 3 * 0.7);
    expect(plans.length).toBeLessThan(61 * 3 * 1.5);
    const share = (f: (p: DbrActionPlan) => boolean) => plans.filter(f).length / plans.length;
    expect(share((p) => p.outcome === 'on_time')).toBeGreaterThan(0.45);
    expect(share((p) => p.outcome === 'late')).toBeGreaterThan(0.1);
    expect(share((p) => p.outcome === 'open')).toBeGreaterThan(0.1);
    expect(share((p) => p.input.dueShiftId === null)).toBeGreaterThan(0.15);
    expect(share((p) => p.input.equipmentId === null)).toBeGreaterThan(0.15);
  });

  it('plans at least the minimum asked (two for today), and a line’s recurring problem on the machine it concerns', () => {
    for (const line of lines) expect(planDbrActions(line, 1, '2031-04-10', shiftsOf('2031-04-10'), undefined, 2).length).toBeGreaterThanOrEqual(2);
    const chronic = plans.filter((p) => p.input.activity.includes('tappo storto'));
    expect(chronic.length).toBeGreaterThan(3);
    expect(chronic.every((p) => p.input.equipmentId === 2)).toBe(true);
  });

  it('creates each action the afternoon before its day and ticks it after: inside its shift when on time, after it when late', () => {
    for (const p of plans) {
      expect(p.createdAt.getTime()).toBeLessThan(Date.parse(`${p.input.day}T00:00:00+01:00`) + 2 * 3_600_000);
      if (p.executedAt) expect(p.executedAt.getTime()).toBeGreaterThan(p.createdAt.getTime());
      const shift = calendar.find((s) => s.shiftId === p.input.dueShiftId);
      if (shift && p.outcome === 'on_time') expect(p.executedAt!.getTime()).toBeLessThan(Date.parse(shift.endTime));
      if (shift && p.outcome === 'late') expect(p.executedAt!.getTime()).toBeGreaterThan(Date.parse(shift.endTime));
    }
  });

  it('passes every rule of the decider: nothing the seed writes would be refused', () => {
    for (const { day, line, plans: mine } of all) {
      for (const [n, p] of mine.entries()) {
        const actionId = line.id * 1e9 + 1 + n;
        const command = { ...p.input, type: 'CreateDbrAction' as const, actionId, plant, stationShopFloorId: null, dayShifts: calendar.filter((s) => s.shiftDay === day) };
        let state: DbrActionState = dbrActionDecider.initialState;
        try {
          state = dbrActionDecider.decide(command, state, p.createdAt).reduce(dbrActionDecider.evolve, state);
          if (p.executedAt) expect(dbrActionDecider.decide({ type: 'MarkDbrExecuted', actionId }, state, p.executedAt)).toHaveLength(1);
        } catch (err) {
          if (err instanceof DomainError) throw new Error(`${day} ${line.name}: ${err.message} ${JSON.stringify(err.fields)}`, { cause: err });
          throw err;
        }
        expect(state.status).toBe('active');
      }
    }
  });
});
