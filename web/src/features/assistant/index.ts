/** The assistants' chat and landing pages and the three scripts they play. */
export { AssistantChat } from './components/AssistantChat.js';
export { AssistantLanding } from './components/AssistantLanding.js';
export { centerlineScript } from './model/scripts/centerline.js';
export { cilScript } from './model/scripts/cil.js';
export { lossScript } from './model/scripts/loss.js';
