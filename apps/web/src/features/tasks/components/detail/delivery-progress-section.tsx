import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Group, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { serverFieldErrors } from '../../../../components/form-errors.ts';
import { useMarkDeliveryMutation } from '../../api/mark-delivery.ts';
import type { TaskDetail } from '../../api/types.ts';
import { deliveryKind } from '../../lib/amounts.ts';
import { Section } from '../section.tsx';

// outline badges on white: each shade keeps AA contrast (Mantine's darkest orange, #d9480f, is 4.3:1)
const KIND_COLOR = { final: 'teal.9', partial: '#a63c06', inProgress: 'gray.8' } as const;

/** Per target language: how many files are delivered, whether that is all, and staff's note. */
export function DeliveryProgressSection({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('amounts');
  const progress = task.delivery_progress ?? [];
  const started = progress.some((p) => p.delivered > 0 || p.final || p.note);
  if (!started && !task.abilities.can_upload_translations) return null;
  const nameOf = (id: number) =>
    task.target_languages.find((l) => l.target_language_id === id)?.target_language.name ?? String(id);
  return (
    <Section title={t('delivery.title')} testId="section-delivery-progress">
      <Stack gap="sm">
        {progress.map((row) => {
          const kind = deliveryKind(row);
          return (
            <div key={row.language_id} data-testid={`delivery-progress-${row.language_id}`}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{nameOf(row.language_id)}</Text>
                <Badge color={KIND_COLOR[kind]} variant="outline" radius="sm" style={{ maxWidth: '100%' }}>
                  {t(`delivery.${kind}`)}
                </Badge>
              </Group>
              <Text size="sm">{t('delivery.progress', { delivered: row.delivered, count: row.total })}</Text>
              {row.note ? (
                <Text size="sm" c="gray.7" data-testid="delivery-note">
                  {row.note}
                </Text>
              ) : null}
            </div>
          );
        })}
        {progress.some((p) => !p.final && p.delivered > 0) && task.abilities.can_download_translations ? (
          <Alert color="orange" variant="light" p="xs" data-testid="zip-partial">
            {t('delivery.zipPartial')}
          </Alert>
        ) : null}
        {task.abilities.can_upload_translations ? <MarkDeliveryForm task={task} nameOf={nameOf} /> : null}
      </Stack>
    </Section>
  );
}

function MarkDeliveryForm({ task, nameOf }: { task: TaskDetail; nameOf: (id: number) => string }) {
  const { t } = useTranslation('amounts');
  const mark = useMarkDeliveryMutation();
  const first = task.delivery_progress[0];
  const [language, setLanguage] = useState(String(first?.language_id ?? ''));
  const current = task.delivery_progress.find((p) => String(p.language_id) === language);
  const [kind, setKind] = useState<'partial' | 'final'>(current?.final ? 'final' : 'partial');
  const [note, setNote] = useState(current?.note ?? '');
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      data-testid="mark-delivery-form"
      onSubmit={(event) => {
        event.preventDefault();
        mark.mutate(
          { id: task.id, language_id: Number(language), final: kind === 'final', note },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: t('delivery.saved') }),
            onError: (failure) => {
              const fields = serverFieldErrors(failure);
              setError(fields?.note ?? fields?.language_id ?? failure.message);
            },
          },
        );
      }}
    >
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('delivery.staffTitle')}
        </Text>
        <Select
          label={t('delivery.language')}
          data={task.delivery_progress.map((p) => ({
            value: String(p.language_id),
            label: nameOf(p.language_id),
          }))}
          value={language}
          allowDeselect={false}
          onChange={(value) => {
            const next = task.delivery_progress.find((p) => String(p.language_id) === value);
            setLanguage(value ?? language);
            setKind(next?.final ? 'final' : 'partial');
            setNote(next?.note ?? '');
          }}
          data-testid="mark-delivery-language"
        />
        <Text size="sm" id="delivery-kind-label">
          {t('delivery.kind')}
        </Text>
        <SegmentedControl
          aria-labelledby="delivery-kind-label"
          value={kind}
          onChange={(value) => setKind(value as 'partial' | 'final')}
          data={[
            { value: 'partial', label: t('delivery.markPartial') },
            { value: 'final', label: t('delivery.markFinal') },
          ]}
          data-testid="mark-delivery-kind"
        />
        <Textarea
          label={t('delivery.noteLabel')}
          value={note}
          maxLength={500}
          autosize
          minRows={2}
          error={error}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-testid="mark-delivery-note"
        />
        <Group>
          <Button type="submit" loading={mark.isPending} data-testid="mark-delivery-save">
            {t('delivery.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
