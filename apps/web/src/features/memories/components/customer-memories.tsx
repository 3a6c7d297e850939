import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconTrash, IconUpload } from '@tabler/icons-react';
import { DateText } from '../../../components/money.tsx';
import { useModalStore } from '../../../components/modals/modal-store.ts';
import { PagedTable } from '../../../components/paged-table.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguages } from '../../languages/index.ts';
import type { MemoryPairDto as MemoryPair } from '@verba/contracts';
import { useDeleteMemory } from '../api/delete-memory.ts';
import { exportMemory } from '../api/export-memory.ts';
import { getCustomerMemoriesQueryOptions, useCustomerMemories } from '../api/get-customer-memories.ts';
import { importMemory } from '../api/import-memory.ts';

/**
 * A customer's translation memory per language pair, on the customer page (staff): import a TMX
 * for a pair, see units and where they came from, export a pair as TMX or delete it.
 */
export function CustomerMemories({ customerId }: { customerId: number }) {
  const { t } = useTranslation('memories');
  const client = useQueryClient();
  const openModal = useModalStore((state) => state.openModal);
  const memories = useCustomerMemories(customerId);
  const languages = useLanguages('');
  const remove = useDeleteMemory(customerId);
  const [source, setSource] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const options = (languages.data ?? []).map((l) => ({ value: String(l.id), label: l.name }));

  const importFile = async (file: File | null) => {
    if (!file) return;
    setErrors({});
    setProgress(0);
    try {
      const result = await importMemory(
        customerId,
        { source_language: source, target_language: target, file },
        (loaded, total) => setProgress(Math.round((loaded / total) * 100)),
      );
      notifications.show({
        color: 'green',
        title: t('imported.title'),
        message: t('imported.message', {
          count: result.units,
          source: result.source_lang,
          target: result.target_lang,
        }),
      });
      await client.invalidateQueries({ queryKey: getCustomerMemoriesQueryOptions(customerId).queryKey });
    } catch (error) {
      const body = error instanceof ApiError ? error.body : null;
      setErrors(
        (body?.errors as Record<string, string[]> | undefined) ?? { file: [body?.message ?? t('failed')] },
      );
    } finally {
      setProgress(null);
    }
  };

  const confirmDelete = (pair: MemoryPair) =>
    openModal('confirm', {
      title: t('delete.title'),
      message: t('delete.message', { source: pair.source_name, target: pair.target_name, count: pair.units }),
      confirmLabel: t('delete.confirm'),
      danger: true,
      onConfirm: () => remove.mutateAsync(pair).then(() => undefined),
    });

  const fieldError = (name: string) => errors[name]?.join(' ');

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="customer-memories">
      <Title order={2} fz="lg" mb={4}>
        {t('title')}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {t('intro')}
      </Text>
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('source')}
            data={options}
            value={source}
            onChange={setSource}
            searchable
            error={fieldError('source_language')}
            data-testid="memory-source"
            w={{ base: '100%', sm: 200 }}
          />
          <Select
            label={t('target')}
            data={options}
            value={target}
            onChange={setTarget}
            searchable
            error={fieldError('target_language')}
            data-testid="memory-target"
            w={{ base: '100%', sm: 200 }}
          />
          <FileButton onChange={(file) => void importFile(file)} accept=".tmx,application/x-tmx+xml,text/xml">
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={18} aria-hidden />}
                loading={progress !== null}
                disabled={!source || !target}
                data-testid="memory-import"
              >
                {t('import')}
              </Button>
            )}
          </FileButton>
        </Group>
        {progress !== null ? (
          <Text size="sm" role="status">
            {t('uploading', { progress })}
          </Text>
        ) : null}
        {fieldError('file') ? (
          <Text size="sm" c="red.9" role="alert" data-testid="memory-error">
            {fieldError('file')}
          </Text>
        ) : null}
        <PagedTable
          caption={t('title')}
          rows={memories.data}
          rowKey={(pair) => `${pair.source_lang}-${pair.target_lang}`}
          rowTestId={(pair) => `memory-${pair.source_lang}-${pair.target_lang}`}
          loading={memories.isPending}
          loadingLabel={t('states.loading', { ns: 'common' })}
          empty={
            <Text size="sm" c="gray.7">
              {t('empty')}
            </Text>
          }
          columns={[
            {
              key: 'pair',
              header: t('pair'),
              render: (pair) => `${pair.source_name} → ${pair.target_name}`,
            },
            {
              key: 'units',
              header: t('units'),
              align: 'right',
              render: (pair) => pair.units.toLocaleString(),
            },
            {
              key: 'source',
              header: t('lastImport'),
              wide: true,
              render: (pair) =>
                pair.last_import ? (
                  <Stack gap={0}>
                    <Group gap={6}>
                      <Badge
                        variant="light"
                        color={pair.last_import.origin === 'TMX' ? 'blue' : 'teal'}
                        c="dark.7"
                      >
                        {t(`origin.${pair.last_import.origin}`)}
                      </Badge>
                      <Text size="sm" span>
                        {pair.last_import.file_name}
                      </Text>
                    </Group>
                    <Text size="xs" c="gray.7">
                      <DateText value={pair.last_import.at} />
                      {pair.last_import.by ? ` · ${pair.last_import.by}` : ''}
                    </Text>
                  </Stack>
                ) : (
                  '—'
                ),
            },
            {
              key: 'actions',
              header: t('actions'),
              align: 'right',
              render: (pair) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={t('export')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('exportPair', { source: pair.source_name, target: pair.target_name })}
                      onClick={() => void exportMemory(customerId, pair).catch(() => undefined)}
                    >
                      <IconDownload size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('delete.confirm')}>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={t('deletePair', { source: pair.source_name, target: pair.target_name })}
                      onClick={() => confirmDelete(pair)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}
