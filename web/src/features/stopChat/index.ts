/** The chat page of both stop bots (unplanned and planned). */
export { StopChatPage } from './components/StopChatPage.js';
