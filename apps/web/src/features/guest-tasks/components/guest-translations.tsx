import { useTranslation } from 'react-i18next';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import type { GuestTask } from '@verba/contracts';
import { apiClientConfig } from '../../../lib/api-client.ts';

/**
 * The delivered translations of a DONE guest task, per target language, each a plain link (the
 * link token is the guest's only credential; no session), and the whole set as one zip.
 */
export function GuestTranslations({ task }: { task: GuestTask }) {
  const { t } = useTranslation('quotes');
  const base = `${apiClientConfig().baseUrl}/task/temporal/${encodeURIComponent(task.id)}`;
  const languages = task.target_languages
    .map((language) => ({
      language,
      files: task.translations.filter((f) => f.language_id === language.id),
    }))
    .filter((group) => group.files.length > 0);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="guest-task-translations">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="lg">
          {t('guest.translations')}
        </Title>
        <Button
          component="a"
          href={`${base}/translations.zip`}
          download
          leftSection={<IconFileZip size={18} aria-hidden />}
          data-testid="guest-task-download-all"
        >
          {t('guest.downloadAll')}
        </Button>
      </Group>
      <Text size="sm" mb="md">
        {t('guest.translationsIntro')}
      </Text>
      <Stack gap="md">
        {languages.map(({ language, files }) => (
          <section key={language.id} aria-labelledby={`guest-translations-${language.id}`}>
            <Title order={3} fz="md" mb={4} id={`guest-translations-${language.id}`}>
              {language.name}
            </Title>
            <Stack gap={4} component="ul" style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}>
              {files.map((file) => (
                <li key={file.id}>
                  <Anchor
                    href={`${base}/downloadTranslatedFile/${file.id}`}
                    download={file.file_name}
                    aria-label={t('guest.downloadFile', { name: file.file_name, language: language.name })}
                    data-testid="guest-task-translation"
                  >
                    <Group gap={6} wrap="nowrap" component="span">
                      <IconDownload size={16} aria-hidden />
                      <span style={{ overflowWrap: 'anywhere' }}>{file.file_name}</span>
                    </Group>
                  </Anchor>
                </li>
              ))}
            </Stack>
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
