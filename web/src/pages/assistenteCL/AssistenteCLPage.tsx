import { findRoute, pageTitle } from '../../app/routes.js';
import { AssistantChat } from '../../features/assistant/components/AssistantChat.js';
import { centerlineScript } from '../../features/assistant/model/scripts/centerline.js';

const SCRIPT = centerlineScript('it');
const ROUTE = findRoute('/assistenteCL');

/** Italian centerline assistant (/assistenteCL, line log §4.6). */
export function AssistenteCLPage() {
  return <AssistantChat title={ROUTE ? pageTitle(ROUTE) : '/assistenteCL'} script={SCRIPT} kind="centerline" />;
}
