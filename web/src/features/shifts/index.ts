/** The admin's shift generation form. */
export { ShiftGenerationForm } from './components/ShiftGenerationForm.js';
