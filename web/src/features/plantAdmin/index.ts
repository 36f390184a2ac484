/** The admin's plant ('Impianto', docs/plant.md): the tree editor with its preview, import and export. */
export { PlantAdmin } from './components/PlantAdmin.js';
export { FirstRunGate } from './components/FirstRun.js';
