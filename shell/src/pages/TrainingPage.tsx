import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { trainingsApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { AgencyTheme, formatDate, useLiveQuery } from '@agency/ui';
import { TRAINING_TOKEN_KEY } from '../session/session';
import { BrandMark } from '@agency/ui/src/public/BrandMark';

/** The token this window was handed (the opener's session), else this window's own session. */
export const trainingToken = () => localStorage.getItem(TRAINING_TOKEN_KEY) ?? bus.session$.value?.token ?? null;

function TrainingView() {
  const { id = '' } = useParams();
  const { token: t } = theme.useToken();
  const token = trainingToken();
  const query = useLiveQuery(token ? () => trainingsApi.get(id, token) : null, null, [id, token]);
  const training = query.data;
  const error = query.error ? errorMessage(query.error, 'error getting trainings') : null;

  useEffect(() => {
    if (!training || !token) return;
    document.title = `${training.title} · Agency Desk`;
    void trainingsApi.markViewed(training.id, token).catch(() => undefined);
  }, [training, token]);

  return (
    <div style={{ minHeight: '100%', background: t.colorBgLayout }}>
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '12px 24px',
          background: t.colorBgContainer,
          borderBottom: `1px solid ${t.colorBorderSecondary}`,
        }}
      >
        <BrandMark size={28} color={t.colorPrimary} />
        <Typography.Text strong style={{ flex: 1 }}>
          Agency Desk Trainings
        </Typography.Text>
        <Button onClick={() => window.close()}>Close Window</Button>
      </header>
      <main style={{ maxWidth: 960, margin: '0 auto', padding: '24px 24px 48px' }}>
        {!token && (
          <Alert
            type="warning"
            showIcon
            title="Sign in to view this training."
            action={<Link to={`/login?redirect=${encodeURIComponent(`/trainings/${id}`)}`}>Sign in</Link>}
          />
        )}
        {error && <Alert type="error" showIcon role="alert" title={error} />}
        {token && !error && !training && <Skeleton active paragraph={{ rows: 8 }} />}
        {training && (
          <article>
            <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 8 }}>
              {training.title}
            </Typography.Title>
            <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 16 }}>
              <Typography.Text type="secondary">Added {formatDate(training.createdAt)}</Typography.Text>
              {training.tags.map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
            </div>
            {training.description && <Typography.Paragraph style={{ fontSize: 16 }}>{training.description}</Typography.Paragraph>}
            {training.arcadeId ? (
              <div
                style={{
                  position: 'relative',
                  paddingBottom: '56.25%',
                  height: 0,
                  marginBottom: 24,
                  borderRadius: 8,
                  overflow: 'hidden',
                  background: t.colorFillTertiary,
                }}
              >
                <iframe
                  title={`${training.title} walkthrough`}
                  src={`https://demo.arcade.software/${encodeURIComponent(training.arcadeId)}?embed`}
                  loading="lazy"
                  allowFullScreen
                  style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
                />
              </div>
            ) : (
              training.thumbnail && <img src={training.thumbnail} alt="" style={{ width: '100%', maxWidth: 400, borderRadius: 8, marginBottom: 24 }} />
            )}
            {training.details && (
              <div
                style={{
                  whiteSpace: 'pre-wrap',
                  lineHeight: 1.6,
                  background: t.colorBgContainer,
                  padding: 20,
                  borderRadius: 8,
                  border: `1px solid ${t.colorBorderSecondary}`,
                }}
              >
                {training.details}
              </div>
            )}
          </article>
        )}
      </main>
    </div>
  );
}

/** /trainings/:id — one training item, opened in its own window from a training card. */
export default function TrainingPage() {
  return (
    <AgencyTheme>
      <TrainingView />
    </AgencyTheme>
  );
}
