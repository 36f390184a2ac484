import type { Role } from '../domain/users/roles.js';

/**
 * What each role may do on the server. Routes name one action; the UI hides links,
 * but this map is what is enforced. A new route adds its action here.
 */
export const ACTIONS = [
  // GET /me, the one read open to a user who must change the password first.
  'session:check',
  // What any signed-in user reads that is no plant data: the live channel, the API description.
  'session:read',
  'ops:read',
  'ops:rebuild',
  // Plant structure, shifts, DBR constants and each user's own default station (docs/plant.md).
  'plant:read',
  'station:write',
  'shifts:generate',
  'dbr_constants:write',
  // The whole plant file from the browser ('Impianto'): read, preview and apply (docs/plant.md).
  'plant:admin',
  // The line log's shift report (docs/line-log.md): operators write, the improvement role amends.
  'shift_reports:read',
  'shift_reports:write',
  'shift_reports:amend',
  // Stops and root causes (docs/line-log.md): everyone records stops, the improvement roles analyse them.
  'stops:read',
  'stops:write',
  'root_causes:write',
  // The production dashboards (docs/dashboard.md): every role that has a dashboard in its sidebar, i.e. everyone.
  'dashboard:read',
  // DBR actions (docs/dbr-actions.md): everyone reads and ticks them, the improvement roles plan and delete them.
  'dbr_actions:read',
  'dbr_actions:tick',
  'dbr_actions:write',
  // The sections' start pages (docs/start-pages.md): each for the roles whose sidebar has its section.
  'start:operator',
  'start:support',
  // Audit (docs/audit.md): the line log's report and stops for whoever keeps the log, every record's history for the improvement roles.
  'line_log_history:read',
  'history:read',
  // Accounts (docs/accounts.md): everyone changes their own password, the admin manages the accounts.
  'password:change',
  'users:admin',
  // Service accounts' API keys (docs/accounts.md): the admin makes and revokes them; no key can.
  'api_keys:admin',
  // The TV board (docs/board.md): every role may open it; the display account opens nothing else.
  'board:read',
] as const;
export type Action = (typeof ACTIONS)[number];

const everyone: Action[] = [
  'session:check',
  'session:read',
  'plant:read',
  'station:write',
  'shift_reports:read',
  'stops:read',
  'stops:write',
  'dashboard:read',
  'dbr_actions:read',
  'dbr_actions:tick',
  'line_log_history:read',
  'password:change',
  'board:read',
];

export const PERMISSIONS: Record<Role, readonly Action[]> = {
  frontline: [...everyone, 'shift_reports:write', 'start:operator'],
  support: [...everyone, 'history:read', 'shift_reports:amend', 'root_causes:write', 'dbr_actions:write', 'start:support'],
  demoit: [...everyone, 'history:read', 'shift_reports:write', 'shift_reports:amend', 'root_causes:write', 'dbr_actions:write', 'start:operator', 'start:support'],
  demoen: [...everyone, 'history:read', 'shift_reports:write', 'shift_reports:amend', 'root_causes:write', 'dbr_actions:write', 'start:operator', 'start:support'],
  admin: [
    ...everyone,
    'history:read',
    'ops:read',
    'ops:rebuild',
    'users:admin',
    'api_keys:admin',
    'shifts:generate',
    'dbr_constants:write',
    'plant:admin',
    'shift_reports:write',
    'shift_reports:amend',
    'root_causes:write',
    'dbr_actions:write',
    'start:operator',
    'start:support',
  ],
  // Read-only: its session, the plant's names to choose a shop floor and line, and the board.
  display: ['session:check', 'session:read', 'plant:read', 'board:read'],
};

export function can(role: string, action: Action): boolean {
  return (PERMISSIONS as Record<string, readonly Action[] | undefined>)[role]?.includes(action) ?? false;
}
