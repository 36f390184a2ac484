/**
 * Sign-in through the plant's directory (issue 36): a real OIDC provider (oidc-provider in its
 * own process, its development login and consent pages) and a real OpenLDAP (Debian's slapd,
 * over TLS). Each person lands with the role their group maps to; a person whose groups map to
 * none is refused with the Italian message; the local demo admin still logs in with a password.
 */
import type { Page } from 'playwright-core';
import { callApi } from '../support/apiClient.js';
import { PHONE_VIEWPORT, screenshot } from '../support/browser.js';
import { browserSuite } from '../support/browserSuite.js';
import { startOidcProvider, type TestOidcProvider } from '../support/oidcProvider.js';
import { describeWith } from '../support/services.js';
import { fillLogin } from '../support/pageActions.js';
import { freePort, PEOPLE, SERVICE_DN, SERVICE_PW, startSlapd, type Slapd } from '../support/slapd.js';

const NO_ROLE = "Nessun tuo gruppo dà accesso a Linea: chiedi all'amministratore di aggiungerti al gruppo giusto";
const CLIENT = { id: 'linea', secret: 'secret-of-the-linea-client' };

let slapd: Slapd;
let provider: TestOidcProvider;
let port: number;

/** Through the provider's development pages: any password, then the consent. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.getByRole('link', { name: 'Accedi con Keycloak di prova' }).click();
  await page.waitForURL((u) => u.port !== String(port));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: /continue/i }).click();
}

const me = async (page: Page) =>
  callApi<{ username: string; role: string; display_name: string }>(`http://127.0.0.1:${port}`, (await page.evaluate(() => localStorage.getItem('token'))) ?? '', 'GET', '/me');

describeWith(['postgres', 'chromium', 'slapd'])('sign-in through the directory', () => {
  beforeAll(async () => {
    port = await freePort();
    slapd = await startSlapd([
      { uid: 'gbianchi', password: 'password di giulia', displayName: 'Giulia Bianchi', groups: ['linea-capi'] },
      { uid: 'nmoretti', password: 'password di nicola', displayName: 'Nicola Moretti', groups: ['contabilita'] },
    ]);
    provider = await startOidcProvider({
      client: { ...CLIENT, redirectUri: `http://127.0.0.1:${port}/auth/oidc/callback` },
      accounts: {
        'sub-mrossi': { name: 'Mario Rossi', preferred_username: 'mario.rossi@plant.test', groups: ['/linea/operatori'] },
        'sub-vverdi': { name: 'Valeria Verdi', preferred_username: 'vverdi', groups: ['/ospiti'] },
      },
    });
  }, 40_000);
  afterAll(async () => {
    await provider?.stop();
    await slapd?.stop();
  });

  const suite = browserSuite({
    timeout: 60_000,
    app: () => ({
      env: {
        PORT: String(port),
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: CLIENT.id,
        OIDC_CLIENT_SECRET: CLIENT.secret,
        OIDC_PROVIDER_NAME: 'Keycloak di prova',
        OIDC_REDIRECT_URI: `http://127.0.0.1:${port}/auth/oidc/callback`,
        OIDC_ROLE_MAP: '/linea/admin=admin,/linea/operatori=frontline',
        LDAP_URL: slapd.ldapsUrl,
        LDAP_CA_FILE: slapd.caFile,
        LDAP_BIND_DN: SERVICE_DN,
        LDAP_BIND_PASSWORD: SERVICE_PW,
        LDAP_USER_BASE: PEOPLE,
        LDAP_ROLE_MAP: 'linea-capi=support,linea-operatori=frontline',
      },
    }),
  });

  it('OIDC: mario lands as Operatore with his name; an unmapped group is refused', async () => {
    const { page } = await suite.newPage();
    await page.goto('/login');
    await screenshot(page, 'directory-login');
    await signInAtProvider(page, 'sub-mrossi');
    await page.waitForURL((u) => u.port === String(port) && u.pathname === '/setup');
    expect(new URL(page.url()).hash).toBe('');
    const mario = await me(page);
    expect(mario).toEqual({ status: 200, body: { username: 'mario.rossi', role: 'frontline', display_name: 'Mario Rossi', must_change_password: false, demo: true } });

    const { page: valeria } = await suite.newPage(PHONE_VIEWPORT);
    await valeria.goto('/login');
    await signInAtProvider(valeria, 'sub-vverdi');
    await valeria.waitForURL((u) => u.port === String(port) && u.pathname === '/login');
    await valeria.getByRole('alert').filter({ hasText: NO_ROLE }).waitFor();
    await screenshot(valeria, 'directory-refused-phone');
    expect(await valeria.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('LDAP: giulia lands as Supporto operativo; an unmapped group and a wrong password are refused; the local admin still logs in', async () => {
    const { page } = await suite.newPage();
    await fillLogin(page, 'gbianchi', 'password di giulia');
    await page.waitForURL((u) => u.pathname === '/setup');
    expect(await me(page)).toEqual({ status: 200, body: { username: 'gbianchi', role: 'support', display_name: 'Giulia Bianchi', must_change_password: false, demo: true } });

    const { page: nicola } = await suite.newPage(PHONE_VIEWPORT);
    await fillLogin(nicola, 'nmoretti', 'password di nicola');
    await nicola.getByRole('alert').filter({ hasText: NO_ROLE }).waitFor();
    await fillLogin(nicola, 'gbianchi', 'password sbagliata');
    await nicola.getByRole('alert').filter({ hasText: 'Credenziali non valide' }).waitFor();

    const { page: admin } = await suite.newPage();
    await fillLogin(admin, 'admin', 'demo');
    await admin.waitForURL((u) => u.pathname !== '/login');
    expect((await me(admin)).body.role).toBe('admin');
  });
});
