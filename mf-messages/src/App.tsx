import { Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@agency/ui';
import { FeedbackBridge } from '@agency/ui';
import { ServiceReviewsPage } from './features/reviews/ServiceReviewsPage';
import { ReferralsPage } from './features/referrals/ReferralsPage';
import { MessagesPage } from './features/inbox/MessagesPage';
import { SimulatorPage } from './features/inbox/SimulatorPage';
import { WalkInsPage } from './features/walkins/WalkInsPage';
import { CampaignsPage } from './features/campaigns/CampaignsPage';
import { CampaignWizard } from './features/campaigns/CampaignWizard';

/** The routes of this remote; the shell mounts it on them. */
export function App(_props: Partial<RemoteProps>) {
  return (
    <>
      <FeedbackBridge />
      <Routes>
        <Route path="/messages/simulator" element={<SimulatorPage />} />
        <Route path="/messages/:roomId?" element={<MessagesPage />} />
        <Route path="/walkins" element={<WalkInsPage />} />
        <Route path="/campaigns" element={<CampaignsPage />} />
        <Route path="/campaigns/create" element={<CampaignWizard />} />
        <Route path="/campaigns/:id" element={<CampaignWizard />} />
        <Route path="/report/service-reviews" element={<ServiceReviewsPage />} />
        <Route path="/report/referrals" element={<ReferralsPage />} />
      </Routes>
    </>
  );
}
