/**
 * The landing pages /assistente and /assistant: the three assistants of the language, each a
 * card that opens its chat (foundations §2; the layout is ours).
 */
import { Link } from 'react-router-dom';
import { findRoute, pageTitle } from '../../../app/routes.js';
import { ASSISTANT_CATALOG } from '../model/catalog.js';
import type { Lang } from '../model/engine.js';
import '../../../styles/assistant.css';

/** Props: the language and the landing path (its title comes from the route table). */
export interface AssistantLandingProps {
  lang: Lang;
  path: string;
}

/** Heading, intro and the three cards. */
export function AssistantLanding({ lang, path }: AssistantLandingProps) {
  const catalog = ASSISTANT_CATALOG[lang];
  const landing = findRoute(path);
  return (
    <div className="page assistant-landing" lang={lang}>
      <h1 className="page-title">{landing ? pageTitle(landing) : path}</h1>
      <p className="assistant-landing-intro">{catalog.intro}</p>
      <ul className="assistant-cards">
        {catalog.entries.map((entry) => {
          const route = findRoute(entry.path);
          const title = route ? pageTitle(route) : entry.path;
          return (
            <li key={entry.path} className="card assistant-card">
              <h2 className="assistant-card-title">{title}</h2>
              <p className="assistant-card-text">{entry.summary}</p>
              <Link className="button button-primary assistant-card-open" to={entry.path} aria-label={`${catalog.open}: ${title}`}>
                {catalog.open}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
