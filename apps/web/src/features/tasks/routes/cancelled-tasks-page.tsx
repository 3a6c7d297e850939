import { TaskList } from '../components/task-list.tsx';

export default function CancelledTasksPage() {
  return <TaskList cancelled />;
}
