import { render, screen } from '@testing-library/react';
import { utilitiesApi } from '@agency/api-client';
import type { AppConfig } from '@agency/contracts';
import { SimulatedBanner, SiteSimulatedBanner } from './SimulatedBanner';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());

const config = (simulated: AppConfig['simulated']): AppConfig => ({
  version: '2.10.0',
  desktopDownloads: { windows: '/w.exe', mac: '/m.dmg' },
  featureRequestUrl: 'mailto:x@y.test',
  features: {},
  simulated,
  simulators: false,
});

describe('SimulatedBanner', () => {
  it("shows on every staff page of a staging site, from the server's GET /config", async () => {
    (utilitiesApi.config as jest.Mock).mockResolvedValue(config(['texts', 'calls', 'payments']));
    render(<SiteSimulatedBanner />);
    const banner = await screen.findByTestId('simulated-banner');
    expect(banner).toHaveTextContent('Texts, calls and payments are simulated on this site: none of them are real.');
    expect(screen.getByRole('alert')).toBe(banner);
    expect(utilitiesApi.config).toHaveBeenCalledTimes(1);
  });

  it('names only what is simulated', () => {
    render(<SimulatedBanner simulated={['texts', 'calls']} />);
    expect(screen.getByTestId('simulated-banner')).toHaveTextContent('Texts and calls are simulated on this site: none of them are real.');
  });

  it('stays away on a site with real providers', () => {
    const { container } = render(<SimulatedBanner simulated={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
