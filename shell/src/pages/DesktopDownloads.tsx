import { useEffect, useState } from 'react';
import AppleFilled from '@ant-design/icons/es/icons/AppleFilled';
import WindowsFilled from '@ant-design/icons/es/icons/WindowsFilled';
import type { AppConfig } from '@agency/contracts';
import { publicApi } from '@agency/api-client/src/publicCalls';

/** True inside the desktop app, which exposes its bridge on window. */
export const inDesktopApp = () => typeof window !== 'undefined' && 'desktopBridge' in window;

/** Offers the desktop apps (from GET /config), unless we are running inside one. */
export function DesktopDownloads() {
  const [config, setConfig] = useState<AppConfig | null>(null);
  const inDesktop = inDesktopApp();
  useEffect(() => {
    if (!inDesktop) publicApi.config().then(setConfig, () => setConfig(null));
  }, [inDesktop]);
  if (inDesktop || !config?.desktopDownloads) return null;
  return (
    <div data-testid="desktop-downloads">
      <div className="public-downloads-title">Get the desktop app</div>
      <div className="public-downloads-copy">Calls ring even when the browser is closed.</div>
      <div className="public-downloads">
        <a href={config.desktopDownloads.windows}>
          <WindowsFilled /> Windows
        </a>
        <a href={config.desktopDownloads.mac}>
          <AppleFilled /> Mac
        </a>
      </div>
    </div>
  );
}
