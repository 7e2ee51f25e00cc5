import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import AppleFilled from '@ant-design/icons/es/icons/AppleFilled';
import WindowsFilled from '@ant-design/icons/es/icons/WindowsFilled';
import type { AppConfig } from '@agency/contracts';
import { utilitiesApi } from '@agency/api-client';

/** White on the brand panel, in light and dark mode alike. */
const ON_COLOUR = { color: '#fff', borderColor: 'rgba(255, 255, 255, 0.7)', background: 'transparent' };

/** True inside the desktop app, which exposes its bridge on window. */
export const inDesktopApp = () => typeof window !== 'undefined' && 'desktopBridge' in window;

/** Offers the desktop apps (from GET /config), unless we are running inside one. */
export function DesktopDownloads() {
  const [config, setConfig] = useState<AppConfig | null>(null);
  const inDesktop = inDesktopApp();
  useEffect(() => {
    if (!inDesktop) utilitiesApi.config().then(setConfig, () => setConfig(null));
  }, [inDesktop]);
  if (inDesktop || !config?.desktopDownloads) return null;
  return (
    <div data-testid="desktop-downloads">
      <div style={{ fontWeight: 600, fontSize: 15, marginBottom: 4 }}>Get the desktop app</div>
      <div style={{ opacity: 0.9, marginBottom: 14 }}>Calls ring even when the browser is closed.</div>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }} className="public-downloads">
        <Button ghost style={ON_COLOUR} icon={<WindowsFilled />} href={config.desktopDownloads.windows}>
          Windows
        </Button>
        <Button ghost style={ON_COLOUR} icon={<AppleFilled />} href={config.desktopDownloads.mac}>
          Mac
        </Button>
      </div>
    </div>
  );
}
