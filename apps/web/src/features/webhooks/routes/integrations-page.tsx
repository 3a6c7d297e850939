import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@verba/contracts';
import { serverFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useWebhooks } from '../api/get-webhooks.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { Deliveries } from '../components/deliveries.tsx';

/** The client admin's webhook endpoints: register, roll the secret, turn on again, delete, see deliveries. */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['task.quoted', 'task.done']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [secret, setSecret] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    create.mutate(
      { url, events },
      {
        onSuccess: (created) => {
          setSecret(created.secret);
          setUrl('');
        },
        onError: (error) => setErrors(serverFieldErrors(error) ?? {}),
      },
    );
  };

  return (
    <div data-testid="integrations-page">
      <PageHeader title={t('title')} description={t('subtitle')} />
      <Stack gap="lg">
        {secret ? (
          <Alert color="green" title={t('secret.title')} withCloseButton onClose={() => setSecret(null)}>
            <Text size="sm" mb="xs">
              {t('secret.copyNow')}
            </Text>
            <Code block data-testid="webhook-secret">
              {secret}
            </Code>
          </Alert>
        ) : null}
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            {t('add')}
          </Title>
          <form onSubmit={submit} noValidate data-testid="webhook-form">
            <Stack gap="sm" maw={560}>
              <TextInput
                label={t('url')}
                description={t('urlHelp')}
                placeholder="https://"
                value={url}
                onChange={(e) => setUrl(e.currentTarget.value)}
                error={errors.url}
                required
                data-testid="webhook-url"
              />
              <EventChoice value={events} onChange={setEvents} error={errors.events} />
              <div>
                <Button type="submit" loading={create.isPending} data-testid="webhook-create">
                  {t('create')}
                </Button>
              </div>
            </Stack>
          </form>
        </Paper>
        {webhooks.data?.map((webhook) => (
          <Endpoint key={webhook.id} webhook={webhook} onSecret={setSecret} />
        ))}
      </Stack>
    </div>
  );
}

function EventChoice(props: {
  value: WebhookEvent[];
  onChange: (v: WebhookEvent[]) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('integrations');
  return (
    <Checkbox.Group
      label={t('events')}
      value={props.value}
      onChange={(v) => props.onChange(v as WebhookEvent[])}
      error={props.error}
    >
      <Group gap="md" mt={4}>
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox key={event} value={event} label={event} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

function Endpoint({ webhook, onSecret }: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const { t } = useTranslation('integrations');
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [open, setOpen] = useState(false);
  const save = (extra: { roll_secret?: boolean; is_active?: boolean }) =>
    update.mutate(
      { id: webhook.id, url: webhook.url, events: webhook.events, ...extra },
      { onSuccess: (saved) => saved.secret && onSecret(saved.secret) },
    );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid={`webhook-${webhook.id}`}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text fw={600}>{webhook.url}</Text>
          <Group gap={4}>
            {webhook.events.map((event) => (
              <Badge key={event} variant="light" size="sm">
                {event}
              </Badge>
            ))}
          </Group>
          {webhook.is_active ? null : (
            <Badge color="red" data-testid="webhook-disabled">
              {t('disabled')}
            </Badge>
          )}
        </Stack>
        <Group gap="xs">
          {webhook.is_active ? null : (
            <Button size="xs" variant="light" onClick={() => save({ is_active: true })}>
              {t('enable')}
            </Button>
          )}
          <Button size="xs" variant="light" onClick={() => save({ roll_secret: true })}>
            {t('roll')}
          </Button>
          <Button size="xs" variant="light" onClick={() => setOpen((o) => !o)}>
            {t('deliveries.title')}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => remove.mutate(webhook.id)}>
            {t('delete')}
          </Button>
        </Group>
      </Group>
      {open ? (
        <Stack mt="md">
          <Deliveries webhookId={webhook.id} />
        </Stack>
      ) : null}
    </Paper>
  );
}
