import { Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@agency/ui';
import { PublicReviewPage } from './features/publicReview/PublicReviewPage';

/** The public service review page (the shell mounts it on /review/{account?}, signed in or not). */
export function ReviewApp(_props: Partial<RemoteProps>) {
  return (
    <Routes>
      <Route path="/review/:account?" element={<PublicReviewPage />} />
    </Routes>
  );
}
