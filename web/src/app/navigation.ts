/**
 * Who sees what in the sidebar (foundations §2 "Sidebar" and §6). Access is by sidebar
 * only (routes are not guarded beyond the session check), so this map is the whole of the
 * client-side permission model and is kept pure for unit tests.
 */
import { findRoute, ROUTES, type SectionId } from './routes.js';

/** A link inside a sidebar section. */
export interface NavLinkItem {
  path: string;
  label: string;
}

/** A sidebar section as rendered: its title links to the section's landing page. */
export interface NavSection {
  id: SectionId;
  title: string;
  landing: string;
  links: NavLinkItem[];
}

/** Section titles exactly as the spec's role table writes them. */
export const SECTION_TITLES: Readonly<Record<SectionId, string>> = {
  operator: 'LINEA DI PRODUZIONE',
  assistente: 'ASSISTENTE',
  assistant: 'ASSISTANT',
  support: 'SUPPORTO OPERATIVO',
  admin: 'ADMIN',
};

/** The role table (§6); the order is the order the sections appear in. */
export const ROLE_SECTIONS: Readonly<Record<string, readonly SectionId[]>> = {
  frontline: ['operator'],
  support: ['support'],
  demoit: ['operator', 'assistente', 'support'],
  demoen: ['operator', 'assistant', 'support'],
  admin: ['operator', 'assistente', 'assistant', 'support', 'admin'],
};

/** Sidebar title per section of the current path (§2 "Sidebar"). */
const PATH_TITLES: Readonly<Record<SectionId, string>> = {
  operator: 'LINEA DI PRODUZIONE',
  support: 'SUPPORTO OPERATIVO',
  admin: 'ADMIN PANEL',
  assistente: 'ASSISTENTE AI',
  assistant: 'AI ASSISTANT',
};

/** Builds one section from the route table: landing page as title link (and as a link too when it has a linkLabel), hidden routes left out. */
function buildSection(id: SectionId): NavSection {
  const rows = ROUTES.filter((r) => r.section === id);
  const landing = rows.find((r) => r.landing)?.path ?? rows[0]?.path ?? '/';
  return {
    id,
    title: SECTION_TITLES[id],
    landing,
    links: rows.filter((r) => (!r.landing || r.linkLabel) && !r.hidden).map((r) => ({ path: r.path, label: r.linkLabel ?? r.label })),
  };
}

/**
 * The sections a role may see. Any username outside the table sees none; the own-property
 * check keeps names like "constructor" from reaching Object.prototype.
 */
export function sectionsForRole(role: string | null | undefined): NavSection[] {
  if (!role || !Object.hasOwn(ROLE_SECTIONS, role)) return [];
  return (ROLE_SECTIONS[role] ?? []).map(buildSection);
}

/** The sidebar's title for a browser path; HOME for /, /home and anything outside the table. */
export function sidebarTitle(pathname: string): string {
  const entry = findRoute(pathname);
  return entry ? PATH_TITLES[entry.section] : 'HOME';
}
