/** The line log page, and the shifts of a day that the DBR screens choose from too. */
export { useShifts, type Shift } from './api/useLineLogPlant.js';
export { LineLog } from './components/LineLog.js';
