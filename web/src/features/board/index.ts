export { Board } from './components/Board.js';
export { BoardSetup } from './components/BoardSetup.js';
export { readChoice, saveChoice, type BoardChoice } from './model/board.js';
