/**
 * A test OIDC provider in a process of its own (oidc-provider's development login and consent
 * pages): one confidential client, PKCE required, and the accounts of OIDC_TEST_SETUP with the
 * groups claim each is given. Prints `listening <issuer>` once it answers.
 */
import http from 'node:http';
import Provider from 'oidc-provider';

interface Setup {
  port: number;
  client: { id: string; secret: string; redirectUri: string };
  accounts: Record<string, { name: string; preferred_username: string; groups: string[] }>;
}

const setup = JSON.parse(process.env.OIDC_TEST_SETUP ?? '{}') as Setup;
const issuer = `http://127.0.0.1:${setup.port}`;
const provider = new Provider(issuer, {
  clients: [
    { client_id: setup.client.id, client_secret: setup.client.secret, redirect_uris: [setup.client.redirectUri], grant_types: ['authorization_code'], response_types: ['code'] },
  ],
  claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'groups'] },
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  cookies: { keys: ['oidc-test-provider-cookie-key'] },
  async findAccount(_ctx, id) {
    const account = setup.accounts[id];
    if (!account) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...account }) };
  },
});
const server = http.createServer(provider.callback());
server.listen(setup.port, '127.0.0.1', () => console.log(`listening ${issuer}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
