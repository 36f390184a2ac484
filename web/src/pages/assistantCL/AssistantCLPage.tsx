import { findRoute, pageTitle } from '../../app/routes.js';
import { AssistantChat, centerlineScript } from '../../features/assistant/index.js';

const SCRIPT = centerlineScript('en');
const ROUTE = findRoute('/assistantCL');

/** English centerline assistant (/assistantCL, line log §4.6). */
export function AssistantCLPage() {
  return <AssistantChat title={ROUTE ? pageTitle(ROUTE) : '/assistantCL'} script={SCRIPT} kind="centerline" />;
}
