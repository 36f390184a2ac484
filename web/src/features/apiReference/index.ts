/** The API reference's public entry: what the 'Riferimento API' page uses. */
export { useApiDescription } from './api/useApiDescription.js';
export { OperationCard } from './components/OperationCard.js';
export { filterOperations, groupOperations, type ApiDescription, type Operation, type OperationGroup } from './model/operations.js';
