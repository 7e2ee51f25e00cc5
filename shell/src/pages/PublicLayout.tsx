import type { CSSProperties, ReactNode } from 'react';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { AgencyTheme } from '@agency/ui';

/** The brand mark: the product's initials on the theme colour. */
export function BrandMark({ size = 40 }: { size?: number }) {
  const { token } = theme.useToken();
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: size / 4,
        background: token.colorPrimary,
        color: '#fff',
        fontWeight: 700,
        fontSize: size * 0.4,
        letterSpacing: 0.5,
        flex: 'none',
      }}
    >
      AD
    </span>
  );
}

function Layout({ title, subtitle, children, aside }: { title: string; subtitle?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  const { token } = theme.useToken();
  const vars = {
    '--public-primary': token.colorPrimary,
    '--public-bg': token.colorBgLayout,
    '--public-panel': token.colorBgContainer,
    '--public-border': token.colorBorderSecondary,
  } as CSSProperties;
  return (
    <main className="public-page" style={vars}>
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
        <div className="public-card" style={{ background: token.colorBgContainer, boxShadow: token.boxShadowTertiary, borderRadius: token.borderRadiusLG }}>
          <div className="public-card-brand">
            <BrandMark size={32} />
            <span style={{ color: token.colorText }}>Agency Desk</span>
          </div>
          <Typography.Title level={3} style={{ margin: '0 0 4px' }}>
            {title}
          </Typography.Title>
          {subtitle && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
              {subtitle}
            </Typography.Paragraph>
          )}
          {children}
        </div>
        <p className="public-version" style={{ color: token.colorTextTertiary }}>
          Agency Desk {__APP_VERSION__}
        </p>
      </section>
    </main>
  );
}

/** The frame of every public page (sign in, password reset, MFA setup): brand panel and a card. */
export function PublicLayout(props: { title: string; subtitle?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <AgencyTheme>
      <Layout {...props} />
    </AgencyTheme>
  );
}
