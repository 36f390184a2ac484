import { findRoute, pageTitle } from '../../app/routes.js';
import { AssistantChat, centerlineScript } from '../../features/assistant/index.js';

const SCRIPT = centerlineScript('it');
const ROUTE = findRoute('/assistenteCL');

/** Italian centerline assistant (/assistenteCL, line log §4.6). */
export function AssistenteCLPage() {
  return <AssistantChat title={ROUTE ? pageTitle(ROUTE) : '/assistenteCL'} script={SCRIPT} kind="centerline" />;
}
