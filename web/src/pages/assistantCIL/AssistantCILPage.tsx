import { findRoute, pageTitle } from '../../app/routes.js';
import { AssistantChat, cilScript } from '../../features/assistant/index.js';

const SCRIPT = cilScript('en');
const ROUTE = findRoute('/assistantCIL');

/** English CIL assistant (/assistantCIL, line log §4.5). */
export function AssistantCILPage() {
  return <AssistantChat title={ROUTE ? pageTitle(ROUTE) : '/assistantCIL'} script={SCRIPT} kind="cil" />;
}
