/**
 * The sidebar (foundations §2 "Sidebar"): path-dependent title, the role's sections and links,
 * the clock, 'Cambia stazione', 'Cambia password' (everyone, issue 21) and 'Logout'. On narrow screens it becomes a drawer opened from
 * the top bar in Layout.
 */
import { memo } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Logo } from '../components/Logo.js';
import { Clock } from './Clock.js';
import { sectionsForRole, sidebarTitle } from './navigation.js';

/** Props: the role from the session check (undefined while it loads) and the logout action. */
export interface SidebarProps {
  role: string | undefined;
  open: boolean;
  onLogout(): void;
}

function linkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? 'nav-link is-active' : 'nav-link';
}

/** The navigation panel. `data-ready` tells tests and styles the role is known. Drawn again only when its props or the path change. */
export const Sidebar = memo(function Sidebar({ role, open, onLogout }: SidebarProps) {
  const { pathname } = useLocation();
  const sections = sectionsForRole(role);
  return (
    <aside className={open ? 'sidebar is-open' : 'sidebar'} id="sidebar">
      {/* Named by the logo's own text (plus where it leads), so what is read matches what is seen. */}
      <Link to="/" className="sidebar-logo">
        <Logo />
        <span className="visually-hidden"> – Home</span>
      </Link>
      <p className="sidebar-title" data-testid="sidebar-title">
        {sidebarTitle(pathname)}
      </p>
      <nav className="sidebar-nav" aria-label="Menu principale" data-ready={role !== undefined}>
        {sections.map((section) => (
          <section key={section.id} className="nav-section" aria-labelledby={`nav-${section.id}`}>
            <h2 className="nav-section-title" id={`nav-${section.id}`}>
              <NavLink to={section.landing} end className={linkClass}>
                {section.title}
              </NavLink>
            </h2>
            <ul className="nav-list">
              {section.links.map((link) => (
                <li key={link.path}>
                  <NavLink to={link.path} end className={linkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <div className="sidebar-footer">
        <Clock />
        <Link to="/setup" className="sidebar-action">
          Cambia stazione
        </Link>
        <Link to="/cambia-password" className="sidebar-action">
          Cambia password
        </Link>
        <button type="button" className="sidebar-action sidebar-logout" onClick={onLogout}>
          Logout
        </button>
      </div>
    </aside>
  );
});
