import type { ReactNode } from 'react';
import { bus } from '@agency/bus';
import { AgencyTheme, useObservable } from '@agency/ui';
import { PublicFrame } from '@agency/ui/src/public/PublicFrame';

/** The public frame for the pages inside the app (password reset, MFA setup): antd's controls in it take the theme. */
export function PublicLayout(props: { title: string; subtitle?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  const { dark, color } = useObservable(bus.theme$);
  return (
    <AgencyTheme>
      <PublicFrame theme={{ dark, color }} {...props} />
    </AgencyTheme>
  );
}
