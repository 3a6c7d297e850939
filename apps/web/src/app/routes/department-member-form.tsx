import type { ComponentProps } from 'react';
import { DepartmentForm } from '../../features/departments/index.ts';
import { useAllUsers } from '../../features/users/index.ts';

/** The department form with the users it may hold: departments and users meet here, not in each other. */
export function DepartmentMemberForm(
  props: Omit<ComponentProps<typeof DepartmentForm>, 'candidates' | 'loadingCandidates'>,
) {
  const users = useAllUsers();
  return (
    <DepartmentForm {...props} candidates={users.data?.data ?? []} loadingCandidates={users.isPending} />
  );
}
