import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, Table, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { modals } from '../../../../components/modals/modal-store.ts';
import { Money } from '../../../../components/money.tsx';
import { TableScrollRegion } from '../../../../components/table-scroll-region.tsx';
import { useDeleteOtherConceptMutation } from '../../api/delete-other-concept.ts';
import type { OtherConcept, TaskDetail } from '../../api/types.ts';
import { Section } from '../section.tsx';
import { hidden } from './hidden.ts';
import { OtherConceptModal } from './other-concept-modal.tsx';

/** Other concepts (extra lines priced by staff): shown when there are some or the user may add them. */
export function ConceptsSection({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const [concept, setConcept] = useState<OtherConcept | null | undefined>(undefined);
  const removeConcept = useDeleteOtherConceptMutation();
  const manageConcepts = task.abilities.can_edit_concepts;
  if (task.other_concepts.length === 0 && !manageConcepts) return null;
  return (
    <>
      <Section
        title={t('detail.concepts.title')}
        help="otherConcepts"
        testId="section-concepts"
        actions={
          manageConcepts ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setConcept(null)}
              data-testid="add-concept"
            >
              {t('detail.concepts.add')}
            </Button>
          ) : null
        }
      >
        {task.other_concepts.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('detail.concepts.empty')}
          </Text>
        ) : (
          <TableScrollRegion label={t('detail.concepts.title')}>
            <Table data-testid="concepts-table">
              <caption style={hidden}>{t('detail.concepts.title')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('detail.concepts.concept')}</Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">
                    {t('detail.concepts.unit')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('detail.concepts.quantity')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('detail.concepts.price')}
                  </Table.Th>
                  {manageConcepts ? (
                    <Table.Th scope="col">
                      <span style={hidden}>{t('detail.files.actions')}</span>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {task.other_concepts.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {item.concept}
                      </Text>
                      {item.description ? (
                        <Text size="xs" c="gray.7">
                          {item.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{item.unit || '—'}</Table.Td>
                    <Table.Td ta="right">{item.quantity}</Table.Td>
                    <Table.Td ta="right">
                      <Money amount={item.price} />
                    </Table.Td>
                    {manageConcepts ? (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('detail.concepts.edit', { name: item.concept })}
                            onClick={() => setConcept(item)}
                          >
                            <IconEdit size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('detail.concepts.delete', { name: item.concept })}
                            onClick={() =>
                              modals.open('confirm', {
                                title: t('detail.concepts.deleteTitle'),
                                message: t('detail.concepts.deleteMessage', { name: item.concept }),
                                confirmLabel: t('detail.concepts.deleteConfirm'),
                                cancelLabel: t('detail.concepts.keep'),
                                danger: true,
                                onConfirm: () => removeConcept.mutateAsync(item.id).then(() => undefined),
                              })
                            }
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
      </Section>
      {concept !== undefined ? (
        <OtherConceptModal taskId={task.id} concept={concept} onClose={() => setConcept(undefined)} />
      ) : null}
    </>
  );
}
