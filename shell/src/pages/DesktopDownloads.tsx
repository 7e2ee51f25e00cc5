import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import type { AppConfig } from '@agency/contracts';
import { utilitiesApi } from '@agency/api-client';

/** Offers the desktop apps, unless we are running inside one. */
export function DesktopDownloads() {
  const [config, setConfig] = useState<AppConfig | null>(null);
  const inDesktop = typeof window !== 'undefined' && 'desktopBridge' in window;
  useEffect(() => {
    if (!inDesktop) utilitiesApi.config().then(setConfig, () => setConfig(null));
  }, [inDesktop]);
  if (inDesktop || !config) return null;
  return (
    <Card style={{ width: 320, maxWidth: '100%' }} title="Desktop app">
      <Typography.Paragraph type="secondary">Calls ring even when the browser is closed.</Typography.Paragraph>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button href={config.desktopDownloads.windows}>Download for Windows</Button>
        <Button href={config.desktopDownloads.mac}>Download for Mac</Button>
      </div>
    </Card>
  );
}
