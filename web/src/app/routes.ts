/**
 * The spec's route table (foundations §2) as data, so the router, the sidebar and the
 * placeholder pages all read one list and cannot drift apart.
 */

/** Sidebar sections; the ids are ours, the titles live in navigation.ts. */
export type SectionId = 'operator' | 'assistente' | 'assistant' | 'support' | 'admin';

/** One row of the route table. */
export interface RouteEntry {
  /** Exact path as the spec writes it (case matters for /DBRConstantsForm links). */
  path: string;
  /** Link text in the sidebar. */
  label: string;
  /** Page heading when the screen has its own title in the spec; defaults to the label. */
  title?: string;
  section: SectionId;
  /** The spec hides the two loss chats and the DBR actions page from the sidebar. */
  hidden?: boolean;
  /** The section's landing page: the section title links to it. */
  landing?: boolean;
  /** A landing page that is also a link of its section, under these words (the heading alone does not say what it holds). */
  linkLabel?: string;
}

/** Every path of the route table except / (home), in the spec's order. */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/operatore', label: 'LINEA DI PRODUZIONE', section: 'operator', landing: true },
  { path: '/report-operatore', label: 'Registro di Linea', section: 'operator' },
  { path: '/dashboard-operatore', label: 'Cruscotto', section: 'operator' },
  { path: '/daily-routine-operatore', label: 'Attività giornaliere', section: 'operator' },
  { path: '/inserimento-loss-ai-operatore', label: 'Chat Loss NON pian.', section: 'operator', hidden: true },
  { path: '/inserimento-pianificate-ai-operatore', label: 'Chat Loss pian.', section: 'operator', hidden: true },
  { path: '/miglioramento', label: 'SUPPORTO OPERATIVO', section: 'support', landing: true },
  { path: '/report-miglioramento', label: 'Registro di Linea', section: 'support' },
  { path: '/dashboard-miglioramento', label: 'Riepilogo Operativo', section: 'support' },
  { path: '/rca-miglioramento', label: 'Root Cause Tool', section: 'support' },
  { path: '/analisi-perdite', label: 'Analisi perdite', section: 'support' },
  { path: '/azioni-dbr-miglioramento', label: 'Riepilogo Operativo Giornaliero', title: 'Azioni DBR', section: 'support', hidden: true },
  { path: '/admin', label: 'ADMIN', title: 'ADMIN – Generazione Turni', section: 'admin', landing: true, linkLabel: 'Generazione turni' },
  { path: '/DBRConstantsForm', label: 'DBR Constants', title: 'Edit DBR Constants', section: 'admin' },
  { path: '/impianto', label: 'Impianto', section: 'admin' },
  { path: '/utenti', label: 'Utenti', section: 'admin' },
  { path: '/chiavi-api', label: 'Chiavi API', section: 'admin' },
  { path: '/proiezioni', label: 'Proiezioni', section: 'admin' },
  { path: '/api-docs', label: 'Riferimento API', section: 'admin' },
  { path: '/assistente', label: 'Assistente', title: 'Assistente AI', section: 'assistente', landing: true },
  { path: '/assistenteCIL', label: 'Assistente CIL', section: 'assistente' },
  { path: '/assistenteCL', label: 'Assistente Centerline', section: 'assistente' },
  { path: '/assistenteLoss', label: 'Assistente Loss', section: 'assistente' },
  { path: '/assistant', label: 'Assistant', title: 'AI Assistant', section: 'assistant', landing: true },
  { path: '/assistantCIL', label: 'CIL Assistant', section: 'assistant' },
  { path: '/assistantCL', label: 'Centerline Assistant', section: 'assistant' },
  { path: '/assistantLoss', label: 'Loss Assistant', section: 'assistant' },
];

/** React Router matches paths case-insensitively; so do we, ignoring a trailing slash. */
function normalize(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase();
}

/** The route-table row for a browser path, or undefined for home, /login, /setup and unknown paths. */
export function findRoute(pathname: string): RouteEntry | undefined {
  const key = normalize(pathname);
  return ROUTES.find((r) => r.path.toLowerCase() === key);
}

/** Heading a page shows: the spec's screen title where it names one, else the route label. */
export function pageTitle(entry: RouteEntry): string {
  return entry.title ?? entry.label;
}
