import { findRoute, pageTitle } from '../../app/routes.js';
import { AssistantChat } from '../../features/assistant/components/AssistantChat.js';
import { cilScript } from '../../features/assistant/model/scripts/cil.js';

const SCRIPT = cilScript('it');
const ROUTE = findRoute('/assistenteCIL');

/** Italian CIL assistant (/assistenteCIL, line log §4.5). */
export function AssistenteCILPage() {
  return <AssistantChat title={ROUTE ? pageTitle(ROUTE) : '/assistenteCIL'} script={SCRIPT} kind="cil" />;
}
