import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Anchor, Badge, Button, Checkbox, Group, Text } from '@mantine/core';
import { IconArrowRight, IconFiles } from '@tabler/icons-react';
import { useValidateSourceFilesMutation } from '../../api/validate-source-files.ts';
import type { TaskDetail } from '../../api/types.ts';
import { useNumber } from '../../lib/use-number.ts';
import { Section } from '../section.tsx';
import { SourceFilesTable } from './source-files.tsx';
import { BulkDeliveryModal } from './bulk-delivery-modal.tsx';

export function FilesSection({ task, staff }: { task: TaskDetail; staff: boolean }) {
  const { t } = useTranslation('tasks');
  const number = useNumber();
  const validate = useValidateSourceFilesMutation();
  const calculating = task.state === 'CALCULATING';
  const [bulk, setBulk] = useState(false);
  return (
    <Section
      title={t('detail.files.title')}
      help="sourceFiles"
      testId="section-files"
      actions={
        staff && task.custom_quote ? (
          <Checkbox
            label={t('detail.files.validated')}
            checked={task.source_files_validated}
            disabled={validate.isPending}
            onChange={(event) => validate.mutate({ id: task.id, validated: event.currentTarget.checked })}
            data-testid="validate-source-files"
          />
        ) : task.custom_quote ? (
          <Badge
            variant="light"
            color={task.source_files_validated ? 'green' : 'yellow'}
            styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
            radius="sm"
          >
            {task.source_files_validated
              ? t('detail.files.validatedBadge')
              : task.source_files_validation_requested
                ? t('detail.files.requestedBadge')
                : t('detail.files.pendingBadge')}
          </Badge>
        ) : null
      }
    >
      <SourceFilesTable task={task} staff={staff} />
      {task.abilities.can_upload_translations ? (
        <Group mt="md">
          <Button
            variant="light"
            leftSection={<IconFiles size={18} aria-hidden />}
            onClick={() => setBulk(true)}
            data-testid="bulk-delivery-open"
          >
            {t('detail.bulk.open')}
          </Button>
          {bulk ? <BulkDeliveryModal task={task} onClose={() => setBulk(false)} /> : null}
        </Group>
      ) : null}
      <Group justify="space-between" mt="md" gap="sm">
        <Text fw={600} data-testid="total-words">
          {t('detail.files.totalTranslation')}: {calculating ? '…' : number(task.word_count)}
        </Text>
        {!calculating && task.quoted_at ? (
          <Anchor component={Link} to={`/tasks/${task.id}/quote`} data-testid="quote-link" fw={600}>
            <Group gap={4} component="span">
              {t('detail.files.quoteLink')}
              <IconArrowRight size={16} aria-hidden />
            </Group>
          </Anchor>
        ) : null}
      </Group>
    </Section>
  );
}
