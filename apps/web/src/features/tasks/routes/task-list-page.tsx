import { TaskList } from '../components/task-list.tsx';

export default function TaskListPage() {
  return <TaskList cancelled={false} />;
}
