import { Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@agency/ui';
import { FeedbackBridge } from '@agency/ui';
import { ContactListPage } from './features/list/ContactListPage';
import { CreateContactPage } from './features/create/CreateContactPage';
import { ContactDetailPage } from './features/detail/ContactDetailPage';
import { EditContactPage } from './features/edit/EditContactPage';
import { ImportPage } from './features/importExport/ImportPage';
import { UsersPage } from './features/users/UsersPage';
import { RenewalsPage } from './features/renewals/RenewalsPage';

/** The routes of this remote; the shell mounts it on them. */
export function App(_props: Partial<RemoteProps>) {
  return (
    <>
      <FeedbackBridge />
      <Routes>
        <Route path="/contacts" element={<ContactListPage />} />
        <Route path="/contacts/import" element={<ImportPage />} />
        <Route path="/contacts/contact/new" element={<CreateContactPage />} />
        <Route path="/contacts/contact/:id/edit" element={<EditContactPage />} />
        <Route path="/contacts/contact/:id/:view/edit" element={<EditContactPage />} />
        <Route path="/contacts/contact/:id?" element={<ContactDetailPage />} />
        <Route path="/users" element={<UsersPage />} />
        <Route path="/renewals" element={<RenewalsPage />} />
      </Routes>
    </>
  );
}
