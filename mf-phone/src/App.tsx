import { Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@agency/ui';
import { PhoneLogPage } from './features/log/PhoneLogPage';
import { CallSimulatorPage } from './features/simulator/CallSimulatorPage';

/** The routes of this remote; the shell mounts it on them. */
export function App(_props: Partial<RemoteProps>) {
  return (
    <Routes>
      <Route path="/phone-log" element={<PhoneLogPage />} />
      <Route path="/phone-log/simulator" element={<CallSimulatorPage />} />
    </Routes>
  );
}
