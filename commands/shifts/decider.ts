import type { ShiftEvent } from '../../domain/shifts/events.js';
import { evolveShiftCalendar, initialShiftCalendarState, type ShiftCalendarState } from '../../domain/shifts/state.js';
import type { Decider } from '../handleCommand.js';
import { decideGenerateShifts, type GenerateShifts } from './generateShifts.js';

export type ShiftCalendarCommand = GenerateShifts;

export const shiftCalendarDecider: Decider<ShiftCalendarCommand, ShiftCalendarState, ShiftEvent> = {
  initialState: initialShiftCalendarState,
  evolve: evolveShiftCalendar,
  decide(command, state) {
    switch (command.type) {
      case 'GenerateShifts':
        return decideGenerateShifts(command, state);
      default: {
        const never: never = command.type;
        return never;
      }
    }
  },
};
