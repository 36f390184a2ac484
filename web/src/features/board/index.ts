export { Board } from './components/Board.js';
export { BoardSetup } from './components/BoardSetup.js';
export { readChoice, saveChoice, type BoardChoice } from './model/board.js';
export { HourlyControl } from './components/HourlyControl.js';
export { ShiftHours } from './components/ShiftHours.js';
