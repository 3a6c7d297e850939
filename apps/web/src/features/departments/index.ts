// The departments feature's public API: other features and src/app import only this file.
export { useDepartments } from './api/get-departments.ts';
export { useDepartment } from './api/get-department.ts';
export { useCreateDepartment } from './api/create-department.ts';
export { useUpdateDepartment } from './api/update-department.ts';
export { useConfirmDeleteDepartment } from './components/delete-department.ts';
export { DepartmentForm } from './components/department-form.tsx';
