import type { PlantEvent } from '../../domain/plant/events.js';
import { evolvePlant, initialPlantState, type PlantState } from '../../domain/plant/state.js';
import type { Decider } from '../handleCommand.js';
import { decideImportPlantStructure, type ImportPlantStructure } from './importPlantStructure.js';

export type PlantCommand = ImportPlantStructure;

export const plantDecider: Decider<PlantCommand, PlantState, PlantEvent> = {
  initialState: initialPlantState,
  evolve: evolvePlant,
  decide(command, state) {
    switch (command.type) {
      case 'ImportPlantStructure':
        return decideImportPlantStructure(command, state);
      default: {
        const never: never = command.type;
        return never;
      }
    }
  },
};
