// The departments feature's public API: other features and src/app import only this file.
export {
  useDepartments,
  useDepartment,
  useCreateDepartment,
  useUpdateDepartment,
} from './api/departments.ts';
export { useConfirmDeleteDepartment } from './components/delete-department.ts';
export { DepartmentForm } from './components/department-form.tsx';
