import { Alert } from 'antd';
import type { AppConfig } from '@agency/contracts';
import { useAppConfig } from './useAppConfig';

/** "texts, calls and payments": the simulated work named in one phrase. */
function listed(items: AppConfig['simulated']): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * A staging site running in production on the local carrier or payment ledger
 * (ALLOW_SIMULATED_PROVIDERS=1) says so on every staff page: nothing sent or paid there is real.
 */
export function SimulatedBanner({ simulated }: { simulated: AppConfig['simulated'] }) {
  if (!simulated.length) return null;
  const what = listed(simulated);
  const sentence = `${what[0]!.toUpperCase()}${what.slice(1)} are simulated on this site: none of them are real.`;
  return <Alert type="warning" banner data-testid="simulated-banner" title={sentence} />;
}

/** The banner for what this site's GET /config says is simulated. */
export function SiteSimulatedBanner() {
  return <SimulatedBanner simulated={useAppConfig()?.simulated ?? []} />;
}
