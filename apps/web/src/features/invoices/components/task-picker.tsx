import { useTranslation } from 'react-i18next';
import { Checkbox, Table, Text } from '@mantine/core';
import { Money, NumberText } from '../../../components/money.tsx';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';
import type { InvoiceDraft } from '@verba/contracts';

interface TaskPickerProps {
  tasks: InvoiceDraft['tasks'];
  selected: number[];
  onChange: (ids: number[]) => void;
}

/** Step 2: the customer's approved (or later) tasks not invoiced yet, each with its cost. */
export function TaskPicker({ tasks, selected, onChange }: TaskPickerProps) {
  const { t } = useTranslation(['invoices', 'tasks']);
  const all = tasks.length > 0 && selected.length === tasks.length;
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <TableScrollRegion label={t('create.tasksCaption')}>
      <Table striped verticalSpacing="xs" data-testid="invoice-task-picker">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('create.selectAll')}
                checked={all}
                indeterminate={selected.length > 0 && !all}
                onChange={() => onChange(all ? [] : tasks.map((task) => task.id))}
              />
            </Table.Th>
            <Table.Th>{t('columns.task')}</Table.Th>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.languages')}</Table.Th>
            <Table.Th ta="right">{t('columns.words')}</Table.Th>
            <Table.Th ta="right">{t('columns.cost')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => (
            <Table.Tr key={task.id} data-testid={`invoice-task-${task.code}`}>
              <Table.Td>
                <Checkbox
                  aria-label={t('create.selectTask', { code: task.code })}
                  checked={selected.includes(task.id)}
                  onChange={() => toggle(task.id)}
                />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{task.code}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 180 }}>
                  {task.description}
                </Text>
                <Text size="xs" c="gray.7">
                  {t(`states.${task.state}`, { ns: 'tasks', defaultValue: task.state })}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{task.languages}</Table.Td>
              <Table.Td ta="right">
                <NumberText value={task.words} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Money amount={task.amount} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}
