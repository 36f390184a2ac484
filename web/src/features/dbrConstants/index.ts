/** The DBR constants editor of a line. */
export { DbrConstantsEditor } from './components/DbrConstantsEditor.js';
