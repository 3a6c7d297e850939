import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFiles, IconUpload } from '@tabler/icons-react';
import type { DeliveryAssignment, DeliveryBatchFile } from '@verba/contracts';
import { ApiError } from '../../../../lib/api-client.ts';
import { previewDelivery } from '../../api/preview-delivery.ts';
import { useDeliverTranslationsMutation } from '../../api/deliver-translations.ts';
import type { TaskDetail } from '../../api/types.ts';
import { BulkDeliveryTable, SKIP, choiceOf, type Choice } from './bulk-delivery-table.tsx';

/** The server's message and its field messages, for a refused batch. */
function refusal(error: unknown, fallback: string): string[] {
  if (!(error instanceof ApiError) || !error.body) return [fallback];
  const fields = Object.values(error.body.errors ?? {}).flat();
  return fields.length ? fields : [error.body.message];
}

/**
 * Delivers many translations at once: the PM picks files (or one zip), sees the proposed match of
 * each, fixes or sets aside any, and confirms; the batch raises one toast.
 */
export function BulkDeliveryModal({ task, onClose }: { task: TaskDetail; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const phone = useMediaQuery('(max-width: 48em)');
  const deliver = useDeliverTranslationsMutation();
  const [files, setFiles] = useState<File[]>([]);
  const [proposed, setProposed] = useState<DeliveryBatchFile[] | null>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [reading, setReading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);
  const onProgress = (loaded: number, total: number) => setProgress(total ? (loaded / total) * 100 : 0);

  const pick = async (picked: File[]) => {
    if (!picked.length) return;
    setFiles(picked);
    setErrors([]);
    setReading(true);
    setProgress(0);
    try {
      const preview = await previewDelivery(task.id, picked, onProgress);
      setProposed(preview.files);
      setChoices(Object.fromEntries(preview.files.map((file) => [file.name, choiceOf(file)])));
    } catch (error) {
      setErrors(refusal(error, t('detail.bulk.failed')));
    } finally {
      setReading(false);
    }
  };

  const chosen = proposed?.filter((file) => (choices[file.name] ?? SKIP) !== SKIP) ?? [];
  const confirm = () => {
    if (!proposed) return;
    const assignments: DeliveryAssignment[] = proposed.map((file) => {
      const [source, language] = (choices[file.name] ?? SKIP).split(':');
      return language
        ? { name: file.name, source_file_id: Number(source), language_id: Number(language) }
        : { name: file.name, source_file_id: null, language_id: null };
    });
    setProgress(0);
    deliver.mutate(
      { id: task.id, files, assignments, onProgress },
      {
        onSuccess: (result) => {
          const skipped = result.skipped.length
            ? ` ${t('detail.bulk.doneSkipped', { count: result.skipped.length })}`
            : '';
          notifications.show({
            color: 'teal',
            message: `${t('detail.bulk.done', { count: result.delivered.length })}${skipped}`,
          });
          onClose();
        },
        onError: (error) => setErrors(refusal(error, t('detail.bulk.failed'))),
      },
    );
  };

  const busy = reading || deliver.isPending;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('detail.bulk.title')}
      size="xl"
      fullScreen={phone}
      data-testid="bulk-delivery-modal"
    >
      <Stack gap="md">
        <Text size="sm">{t('detail.bulk.intro')}</Text>
        <Group gap="sm">
          <FileButton onChange={(picked) => void pick(picked)} multiple>
            {(props) => (
              <Button
                {...props}
                variant={proposed ? 'default' : 'filled'}
                leftSection={<IconFiles size={18} aria-hidden />}
                disabled={busy}
                data-testid="bulk-delivery-pick"
              >
                {proposed ? t('detail.bulk.again') : t('detail.bulk.pick')}
              </Button>
            )}
          </FileButton>
          {proposed ? (
            <Text size="sm" c="gray.7" data-testid="bulk-delivery-summary">
              {t('detail.bulk.summary', { matched: chosen.length, total: proposed.length })}
            </Text>
          ) : null}
        </Group>
        {busy ? (
          <Stack gap={4} role="status">
            <Text size="sm">{reading ? t('detail.bulk.reading') : t('detail.bulk.storing')}</Text>
            <Progress value={progress} aria-label={t('detail.bulk.progress')} />
          </Stack>
        ) : null}
        {errors.length ? (
          <Alert color="red" role="alert" data-testid="bulk-delivery-error">
            <Stack gap={2}>
              {errors.map((message) => (
                <Text key={message} size="sm" c="red.9">
                  {message}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        {proposed ? (
          <BulkDeliveryTable
            task={task}
            files={proposed}
            choices={choices}
            onChoose={(name, choice) => {
              setErrors([]);
              setChoices((current) => ({ ...current, [name]: choice }));
            }}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('detail.bulk.cancel')}
          </Button>
          <Button
            leftSection={<IconUpload size={18} aria-hidden />}
            onClick={confirm}
            disabled={!chosen.length || reading}
            loading={deliver.isPending}
            data-testid="bulk-delivery-confirm"
          >
            {t('detail.bulk.confirm', { count: chosen.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
