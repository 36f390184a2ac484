/** The sections' start pages (/operatore, /miglioramento; docs/start-pages.md). */
export { OperatorStart } from './components/OperatorStart.js';
export { SupportStart } from './components/SupportStart.js';
