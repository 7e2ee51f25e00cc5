import { Route, Routes } from 'react-router-dom';
import type { RemoteProps } from '@agency/ui';
import { ChatPage } from './features/chat/ChatPage';

/** The routes of this remote; the shell mounts it on them. */
export function App(_props: Partial<RemoteProps>) {
  return (
    <Routes>
      <Route path="/chat/:roomId?" element={<ChatPage />} />
    </Routes>
  );
}
