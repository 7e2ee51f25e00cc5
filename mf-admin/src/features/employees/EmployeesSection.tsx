import { Navigate, Route, Routes } from 'react-router-dom';
import { EmployeeFormPage } from './EmployeeFormPage';
import { EmployeesPage } from './EmployeesPage';

/** /account/settings/employees and employees/{id} ('new' creates). */
export function EmployeesSection() {
  return (
    <Routes>
      <Route index element={<EmployeesPage />} />
      <Route path=":id" element={<EmployeeFormPage />} />
      <Route path="*" element={<Navigate to="/account/settings/employees" replace />} />
    </Routes>
  );
}
