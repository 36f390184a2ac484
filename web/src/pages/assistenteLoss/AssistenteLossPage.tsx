import { findRoute, pageTitle } from '../../app/routes.js';
import { AssistantChat } from '../../features/assistant/components/AssistantChat.js';
import { lossScript } from '../../features/assistant/model/scripts/loss.js';

const SCRIPT = lossScript('it');
const ROUTE = findRoute('/assistenteLoss');

/** Italian loss-investigation assistant (/assistenteLoss, line log §4.7). */
export function AssistenteLossPage() {
  return <AssistantChat title={ROUTE ? pageTitle(ROUTE) : '/assistenteLoss'} script={SCRIPT} kind="loss" />;
}
