/**
 * One list of a start page: a heading with how many there are, the items (each a link to where it
 * is done), an empty text, and under a shortened list 'e altri N' with the link to the full page.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { moreText } from '../model/startLinks.js';

export interface StartSectionProps {
  title: string;
  total: number;
  /** The items, already rendered as list entries. */
  items: ReactNode[];
  empty: string;
  /** Shown beside the count while the data loads or failed. */
  status?: string | null;
  /** The page that lists them all, and its link text. */
  full: { to: string; text: string };
}

export function StartSection({ title, total, items, empty, status, full }: StartSectionProps) {
  const id = useId();
  const more = moreText(total, items.length);
  return (
    <section className="card start-section" aria-labelledby={id}>
      <h2 className="start-section-title" id={id}>
        {title} <span className="start-count">{status ?? total}</span>
      </h2>
      {status ? null : items.length === 0 ? <p className="start-empty">{empty}</p> : <ul className="start-list">{items}</ul>}
      <p className="start-more">
        {more && <span>{more} · </span>}
        <Link to={full.to}>{full.text}</Link>
      </p>
    </section>
  );
}
