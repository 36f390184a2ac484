/** What the app shell, pages and other features use of sign-in: the signed-in user, the login form and the in-place password prompt. */
export { useMe, type Me } from './api/useMe.js';
export { LoginForm } from './components/LoginForm.js';
export { SessionPrompt } from './components/SessionPrompt.js';
export { DirectorySignIn } from './components/DirectorySignIn.js';
export { takeFragmentToken } from './api/directory.js';
export { restoreStationDefaults } from './api/restoreStation.js';
