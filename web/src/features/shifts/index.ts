/** The admin's shift generation form. */
export { ShiftGenerationForm } from './components/ShiftGenerationForm.js';
export { generateShifts } from './api/generateShifts.js';
