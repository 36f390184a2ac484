/**
 * Every API route for every role, against a LITERAL table written from the spec and the
 * docs (docs/line-log.md "Call | Action (roles)", docs/plant.md, README's ADMIN section),
 * not from api/permissions.ts: giving a role one action too many, or one too few, fails here.
 */
import { startTestApp, type TestApp } from '../test/support/app.js';
import { describeWith } from '../test/support/services.js';
import { DEMO_ROLES, ROLES } from '../domain/users/roles.js';
import { callApi } from '../test/support/apiClient.js';
import { allRoutes } from './routes/index.js';

const ALL = 'frontline support demoit demoen admin'; // every role that works in the pages
const EVERYONE = `${ALL} display`; // with the TV board's read-only display account (docs/board.md)
const PLANT_NAMES = EVERYONE; // the plant's structure and shifts: the board picks its shop floor and line with them
const OPERATORS = 'frontline demoit demoen admin'; // write the line log's report (docs/line-log.md)
const IMPROVEMENT = 'support demoit demoen admin'; // amend reports, write root causes (docs/line-log.md)
const LINE_LOG_AUDIT = 'frontline support demoit demoen admin'; // the operator of the line log, the improvement roles, admin (docs/audit.md)
const ADMIN = 'admin'; // shifts, DBR constants, operations (docs/plant.md, README)

/** `METHOD path` → the roles that may call it; every other role gets 403. */
const TABLE: Record<string, string> = {
  'GET /me': EVERYONE,
  'GET /admin/projections': ADMIN,
  'GET /admin/machine_signals': ADMIN,
  'POST /admin/projections/:name/rebuild': ADMIN,
  'GET /admin/projections/rebuilds/:jobId': ADMIN,
  'POST /admin/queues-session': ADMIN,
  'GET /factory/shift_notes': ALL,
  'POST /factory/shift_notes/save': OPERATORS,
  'POST /factory/shift_notes/submit': OPERATORS,
  'PUT /factory/shift_notes/update': IMPROVEMENT,
  'GET /factory/shifts': PLANT_NAMES,
  'GET /factory/shifts-range': PLANT_NAMES,
  'POST /admin/generate-shifts': ADMIN,
  'GET /admin/plant': ADMIN,
  'GET /admin/plant/history': ADMIN,
  'POST /admin/plant/preview': ADMIN,
  'PUT /admin/plant': ADMIN,
  'GET /factory/default_station': EVERYONE, // the user's own station (session:read)
  'PUT /factory/default_station': ALL,
  'GET /factory/root_cause/:stopEventId': ALL,
  'POST /factory/root_cause': IMPROVEMENT,
  'GET /factory/shop_floors': PLANT_NAMES,
  'GET /factory/lines': PLANT_NAMES,
  'GET /factory/equipments': PLANT_NAMES,
  'GET /factory/line_ref_machine/:line_id': PLANT_NAMES,
  'GET /factory/workpoints': PLANT_NAMES,
  'GET /factory/stop_codes': PLANT_NAMES,
  'GET /factory/triggering_events': PLANT_NAMES,
  'GET /factory/planned_stop_reasons': PLANT_NAMES,
  'GET /factory/units_of_measurement/:shop_floor_id': PLANT_NAMES,
  'GET /factory/report_labels/:shop_floor_id': PLANT_NAMES,
  'POST /factory/stop_events': ALL,
  'POST /factory/stop_events/update_unplanned_details': ALL,
  'DELETE /factory/stop_events/delete_unplanned/:id': ALL,
  'GET /factory/stop_events/unplanned_by_shift': ALL,
  'GET /factory/stop_events/planned_by_shift': ALL,
  'GET /factory/stop_events/unplanned': ALL,
  'POST /factory/planned_stops': ALL,
  'POST /factory/stop_events/update_planned_note': ALL,
  'DELETE /factory/stop_events/delete_planned/:id': ALL,
  'GET /factory/dbr_constants/:line_id': PLANT_NAMES,
  'PUT /factory/dbr_constants/:line_id': ADMIN,
  'POST /factory/dbr_constants/average': PLANT_NAMES, // a read sent as POST (the spec's call)
  // DBR actions (issue 9, docs/dbr-actions.md): everyone reads and ticks; the improvement roles plan and delete.
  'GET /factory/dbr_actions-range': ALL,
  'POST /factory/dbr_actions': IMPROVEMENT,
  'PATCH /factory/dbr_actions/:id/mark-executed': ALL,
  'PATCH /factory/dbr_actions/:id/unmark-executed': ALL,
  'DELETE /factory/dbr_actions/:id': IMPROVEMENT,
  // The sections' start pages (issue 22, docs/start-pages.md): the roles whose sidebar shows the section.
  'GET /factory/start/operator': OPERATORS,
  'GET /factory/start/support': IMPROVEMENT,
  // The loss an action targets and its effect (issue 23, docs/oee.md): set as the actions are planned, read by all.
  'PATCH /factory/dbr_actions/:id/target': IMPROVEMENT,
  'GET /factory/dbr/action-effectiveness': ALL,
  // The dashboards (docs/dashboard.md): Cruscotto for the operators, Riepilogo Operativo for support; both read for all.
  'GET /factory/dashboard-improvement': ALL,
  'GET /factory/volumes-history': ALL,
  'GET /factory/dashboard/default-dates': ALL,
  'GET /factory/dashboard/last-production-date': ALL,
  'GET /factory/dashboard/last-stop-date': ALL,
  // The 'Pareto fermate' read model (docs/analysts.md), charted on Riepilogo Operativo.
  'GET /factory/pareto-fermate': ALL,
  // The loss analysis (docs/oee.md): sums over what every role may already read on the dashboards.
  'GET /factory/oee': ALL,
  'GET /factory/oee/pareto': ALL,
  // The machines' signals (docs/machine-signals.md): detected stops as the stops are read, counted hours as the dashboards.
  'GET /factory/detected_stops': ALL,
  'GET /factory/line_hours': ALL,
  // History (issue 13, docs/audit.md): the improvement roles and admin for everything; an operator for the report and stops of its line log.
  'GET /factory/shift_notes/history': LINE_LOG_AUDIT,
  'GET /factory/stop_events/:id/history': LINE_LOG_AUDIT,
  'GET /factory/planned_stops/:id/history': LINE_LOG_AUDIT,
  'GET /factory/root_cause/:stopEventId/history': IMPROVEMENT,
  'GET /factory/dbr_actions/:id/history': IMPROVEMENT,
  // Accounts (issue 21, docs/accounts.md): the admin manages them; everyone changes their own password.
  'GET /admin/users': ADMIN,
  'POST /admin/users': ADMIN,
  'PATCH /admin/users/:username': ADMIN,
  'POST /admin/users/:username/reset-password': ADMIN,
  'GET /admin/users/:username/history': ADMIN,
  'GET /admin/api-keys': ADMIN,
  'POST /admin/api-keys': ADMIN,
  'DELETE /admin/api-keys/:id': ADMIN,
  'POST /me/password': ALL,
  // The live push channel (issue 24, docs/live.md): every signed-in user's pages listen.
  'GET /live': EVERYONE,
  // The TV board (issue 24, docs/board.md): every role, and the display account for nothing else.
  'GET /factory/board': EVERYONE,
  // The API description (README, Operations): every signed-in user, not anonymous visitors.
  'GET /openapi.json': EVERYONE,
};

// Health checks and the metrics need no login (README, Operations; /metrics has its own guard, docs/metrics.md),
// nor what signs a person in: the login page's options and the OIDC round trip (docs/accounts.md).
const PUBLIC = ['POST /loginjwt', 'GET /health', 'GET /health/live', 'GET /health/ready', 'GET /metrics', 'GET /login/options', 'GET /auth/oidc/start', 'GET /auth/oidc/callback'];

describeWith(['postgres'])('permissions over every route', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    app = await startTestApp({ redis: false });
    for (const role of DEMO_ROLES) tokens[role] = await app.login(role);
    // The display account is no demo account: an admin creates it (docs/board.md).
    const created = await callApi(app.url, tokens.admin, 'POST', '/admin/users', {
      username: 'tv-linea1',
      display_name: 'TV Linea 1',
      role: 'display',
      password: 'tabellone della linea 1',
    });
    expect(created.status).toBe(201);
    tokens.display = await app.login('tv-linea1', 'tabellone della linea 1');
  });
  afterAll(async () => {
    await app?.close();
  });

  const keyOf = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

  it('has a row for every route the server has, and the server has every row', () => {
    const server = allRoutes(app.deps)
      .map(keyOf)
      .filter((k) => !PUBLIC.includes(k))
      .sort();
    expect(server).toEqual(Object.keys(TABLE).sort());
    expect([...ROLES].sort()).toEqual(EVERYONE.split(' ').sort());
  });

  const call = (key: string, token?: string) => {
    const [method, path] = key.split(' ') as [string, string];
    return fetch(`${app.url}${path.replace(/:(\w+)/g, '1')}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{}',
    });
  };

  it('answers 401 without a token on every non-public route', async () => {
    for (const key of Object.keys(TABLE)) expect([key, (await call(key)).status]).toEqual([key, 401]);
  });

  it.each(ROLES)('answers %s as the table says: 403 where it is not listed, never 403 or 401 where it is', async (role) => {
    for (const [key, roles] of Object.entries(TABLE)) {
      const status = (await call(key, tokens[role])).status;
      const allowed = roles.split(' ').includes(role);
      expect([key, role, allowed ? (status === 403 || status === 401 ? status : 'allowed') : status]).toEqual([key, role, allowed ? 'allowed' : 403]);
    }
  });
});
