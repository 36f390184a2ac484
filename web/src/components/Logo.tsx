/**
 * The product logo: a packed box on an amber tile with the wordmark. Inline SVG so it needs no
 * asset pipeline, scales crisply on tablets and inherits the sidebar's text colour.
 */

/** Props: `compact` drops the subtitle for the narrow top bar. */
export interface LogoProps {
  compact?: boolean;
}

/** The mark alone, also used as the favicon (web/public/favicon.svg). */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="11" fill="#F2A541" />
      <path d="M24 8.5 38 16 24 23.5 10 16Z" fill="#1B3A57" opacity="0.78" />
      <path d="M10 16 24 23.5V39L10 31.5Z" fill="#1B3A57" />
      <path d="M38 16 24 23.5V39L38 31.5Z" fill="#10263A" />
      <path d="M17 12.25 31 19.75" stroke="#F2A541" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/** Mark plus wordmark, as shown at the top of the sidebar and on the login card. */
export function Logo({ compact = false }: LogoProps) {
  return (
    <span className="logo">
      <LogoMark size={compact ? 32 : 40} />
      <span className="logo-text">
        <span className="logo-name">Linea</span>
        {!compact && <span className="logo-sub">Gestione produzione</span>}
      </span>
    </span>
  );
}
