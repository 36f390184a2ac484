import { findRoute, pageTitle } from '../../app/routes.js';
import { AssistantChat, lossScript } from '../../features/assistant/index.js';

const SCRIPT = lossScript('en');
const ROUTE = findRoute('/assistantLoss');

/** English loss-investigation assistant (/assistantLoss, line log §4.7). */
export function AssistantLossPage() {
  return <AssistantChat title={ROUTE ? pageTitle(ROUTE) : '/assistantLoss'} script={SCRIPT} kind="loss" />;
}
