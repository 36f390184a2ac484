import { findRoute, pageTitle } from '../../app/routes.js';
import { AssistantChat, cilScript } from '../../features/assistant/index.js';

const SCRIPT = cilScript('it');
const ROUTE = findRoute('/assistenteCIL');

/** Italian CIL assistant (/assistenteCIL, line log §4.5). */
export function AssistenteCILPage() {
  return <AssistantChat title={ROUTE ? pageTitle(ROUTE) : '/assistenteCIL'} script={SCRIPT} kind="cil" />;
}
