import { useEffect, type ReactNode } from 'react';
import publicCss from './public.css';
import { addStyleSheet } from './styleSheet';
import { themeVariables, type PublicTheme } from './theme';
import { BrandMark } from './BrandMark';

/** The public pages' styles, added to the document once. */
function usePublicStyles() {
  useEffect(() => addStyleSheet('public-page-styles', publicCss), []);
}

/**
 * The frame of every public page (sign in, password reset, MFA setup): the brand panel and a card,
 * drawn from the product's design tokens without antd's components, so a page of its own stays light.
 */
export function PublicFrame({
  theme,
  title,
  subtitle,
  children,
  aside,
}: {
  theme: PublicTheme;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  usePublicStyles();
  return (
    <main className="public-page" style={themeVariables(theme)}>
      <section className="public-hero" aria-label="About Agency Desk">
        <div className="public-hero-brand">
          <BrandMark size={44} />
          <span>Agency Desk</span>
        </div>
        <div className="public-hero-copy">
          <h2>Your agency's calls, clients and follow-ups in one place.</h2>
          <ul>
            <li>Client records with policies, quotes and notes</li>
            <li>A softphone with queues, transfers and call notes</li>
            <li>Team texting, campaigns, task boards and chat</li>
          </ul>
        </div>
        {/* kept when empty, so the copy stays in the middle */}
        <div className="public-hero-aside">{aside}</div>
      </section>
      <section className="public-main">
        <div className="public-card">
          <div className="public-card-brand">
            <BrandMark size={32} />
            <span>Agency Desk</span>
          </div>
          <h1 className="public-title">{title}</h1>
          {subtitle && <p className="public-subtitle">{subtitle}</p>}
          {children}
        </div>
        <p className="public-version">Agency Desk {__APP_VERSION__}</p>
      </section>
    </main>
  );
}

/**
 * The frame of a page for the agency's clients (a service review): the card alone, in the
 * product's look, with the product named small beneath it.
 */
export function ClientFrame({ theme, children, ...rest }: { theme: PublicTheme; children: ReactNode; 'data-testid'?: string }) {
  usePublicStyles();
  return (
    <main className="public-page client" style={themeVariables(theme)} {...rest}>
      <section className="public-main">
        <div className="public-card">{children}</div>
        <p className="public-version">Powered by Agency Desk</p>
      </section>
    </main>
  );
}
