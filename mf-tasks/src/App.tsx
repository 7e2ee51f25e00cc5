import { Route, Routes } from 'react-router-dom';
import { FeedbackBridge, type RemoteProps } from '@agency/ui';
import { AdminBoardsPage } from './features/admin/AdminBoardsPage';
import { BoardPage } from './features/board/BoardPage';
import { BoardsPage } from './features/boards/BoardsPage';

/** The routes of this remote; the shell mounts it on them. */
export function App(_props: Partial<RemoteProps>) {
  return (
    <>
      <FeedbackBridge />
      <Routes>
        <Route path="/tasks" element={<BoardsPage />} />
        <Route path="/tasks/:id" element={<BoardPage />} />
        <Route path="/admin/tasks" element={<AdminBoardsPage />} />
      </Routes>
    </>
  );
}
