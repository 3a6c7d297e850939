import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Checkbox, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPaperclip, IconSend, IconX } from '@tabler/icons-react';
import { MESSAGE_BODY_MAX } from '@verba/contracts';
import { translatedMessage, validationMessage } from '../../../components/form-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePostMessageMutation } from '../api/post-message.ts';
import type { ThreadSource } from '../api/thread-source.ts';

interface ComposeErrors {
  body?: ReactNode;
  files?: ReactNode;
  other?: string;
}

/** Write in the thread: text, attachments and, for staff, the internal-note tick. */
export function MessageCompose({ source, staff }: { source: ThreadSource; staff: boolean }) {
  const { t } = useTranslation('messages');
  const post = usePostMessageMutation(source);
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<ComposeErrors>({});

  const send = async () => {
    if (!body.trim()) return setErrors({ body: validationMessage('validation.required') });
    setErrors({});
    try {
      await post.mutateAsync({ body, internal: staff && internal, files });
      setBody('');
      setFiles([]);
      setInternal(false);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fileError = error.fieldError('files') ?? error.fieldError('files[]');
      if (error.status === 413) setErrors({ files: translatedMessage('messages', 'tooLarge') });
      else
        setErrors({
          body: error.fieldError('body'),
          files: fileError,
          other: error.fieldError('body') || fileError ? undefined : error.message,
        });
    }
  };

  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      data-testid="message-compose"
    >
      <Textarea
        label={t('compose.label')}
        placeholder={t('compose.placeholder')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={MESSAGE_BODY_MAX}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        error={errors.body}
        data-testid="message-input"
      />
      {files.length ? (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="message-files">
          {files.map((file, index) => (
            <Group key={`${file.name}-${index}`} component="li" gap="xs" wrap="nowrap">
              <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {file.name}
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('compose.removeFile', { name: file.name })}
                onClick={() => setFiles((list) => list.filter((_, i) => i !== index))}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      ) : null}
      {errors.files ? (
        <Text c="red.8" size="sm" role="alert" data-testid="message-files-error">
          {errors.files}
        </Text>
      ) : null}
      {errors.other ? (
        <Text c="red.8" size="sm" role="alert">
          {errors.other}
        </Text>
      ) : null}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <FileButton
            multiple
            inputProps={{ 'data-testid': 'message-file-input' } as never}
            onChange={(picked) => setFiles((list) => [...list, ...picked])}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPaperclip size={16} aria-hidden />}
                data-testid="message-attach"
              >
                {t('compose.attach')}
              </Button>
            )}
          </FileButton>
          {staff ? (
            <Checkbox
              label={t('compose.internal')}
              description={t('compose.internalHelp')}
              checked={internal}
              onChange={(event) => setInternal(event.currentTarget.checked)}
              data-testid="message-internal-toggle"
            />
          ) : null}
        </Group>
        <Button
          type="submit"
          loading={post.isPending}
          color={internal ? 'yellow.4' : undefined}
          autoContrast
          leftSection={<IconSend size={16} aria-hidden />}
          data-testid="message-send"
        >
          {internal ? t('compose.sendInternal') : t('compose.send')}
        </Button>
      </Group>
    </Stack>
  );
}
