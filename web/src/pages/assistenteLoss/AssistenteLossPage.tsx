import { findRoute, pageTitle } from '../../app/routes.js';
import { AssistantChat, lossScript } from '../../features/assistant/index.js';

const SCRIPT = lossScript('it');
const ROUTE = findRoute('/assistenteLoss');

/** Italian loss-investigation assistant (/assistenteLoss, line log §4.7). */
export function AssistenteLossPage() {
  return <AssistantChat title={ROUTE ? pageTitle(ROUTE) : '/assistenteLoss'} script={SCRIPT} kind="loss" />;
}
