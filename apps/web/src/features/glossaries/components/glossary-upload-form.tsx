import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  MultiSelect,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBook, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { glossaryUploadFields, type GlossaryType } from '@verba/contracts';
import { zodFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import formClasses from '../../../components/forms.module.css';
import { ApiError } from '../../../lib/api-client.ts';
import { useUploadGlossary } from '../api/upload-glossary.ts';
import { defaultLanguage } from '../lib/default-languages.ts';

interface Option {
  value: string;
  label: string;
}

interface GlossaryUploadFormProps {
  /** The customers the client may upload for (its own); the first is chosen by default. */
  customers: Array<{ id: number; name: string }>;
  languages: Array<{ id: number; iso_code: string; name: string }>;
}

interface Draft {
  customer: string | null;
  file: File | null;
  type: GlossaryType;
  source: string | null;
  target: string | null;
  languages: string[];
}

/** The API field each part of the draft is sent as (server errors come back under it). */
const FIELD_OF: Record<keyof Draft, string> = {
  customer: 'customer_id',
  file: 'file',
  type: 'type',
  source: 'source_language',
  target: 'target_language',
  languages: 'languages',
};

/**
 * The client's glossary upload (spec part 1 §2): customer, CSV file, type 1 (source and target,
 * both English by default, else the first language) or type 2 (a set of languages). Saving
 * toasts "glossary created" and resets the form; a refused file lists every bad row.
 */
export function GlossaryUploadForm({ customers, languages }: GlossaryUploadFormProps) {
  const { t } = useTranslation('glossaries');
  const upload = useUploadGlossary();
  const languageOptions: Option[] = useMemo(
    () => languages.map((l) => ({ value: String(l.id), label: `${l.name} (${l.iso_code})` })),
    [languages],
  );
  const initial = useMemo((): Draft => {
    const fallback = defaultLanguage(languages);
    const id = fallback === null ? null : String(fallback);
    const first = customers[0];
    return {
      customer: first ? String(first.id) : null,
      file: null,
      type: '1',
      source: id,
      target: id,
      languages: [],
    };
  }, [customers, languages]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [fileMessages, setFileMessages] = useState<{ title: string; lines: string[] } | null>(null);
  useEffect(() => setDraft(initial), [initial]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [FIELD_OF[key]]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFileMessages(null);
    const fields = {
      customer_id: draft.customer ?? '',
      type: draft.type,
      source_language: draft.source ?? '',
      target_language: draft.target ?? '',
      languages: draft.languages,
    };
    const parsed = glossaryUploadFields.safeParse(fields);
    const found: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error.issues);
    if (!draft.file) found.file = t('form.fileRequired');
    setErrors(found);
    if (!parsed.success || !draft.file) return;
    try {
      await upload.mutateAsync({ ...parsed.data, file: draft.file });
      notifications.show({ color: 'green', message: t('created') });
      setDraft(initial);
      setErrors({});
    } catch (error) {
      if (!(error instanceof ApiError) || !error.body) return;
      const server = error.body.errors ?? {};
      const fieldErrors: FieldErrors = {};
      for (const [field, messages] of Object.entries(server))
        if (field !== 'file') fieldErrors[field] = messages[0];
      setErrors(fieldErrors);
      const lines = server.file ?? (Object.keys(server).length ? [] : [error.body.message]);
      if (lines.length) setFileMessages({ title: error.body.message, lines });
    }
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      className={formClasses.form}
      data-testid="glossary-upload-form"
      aria-labelledby="glossary-upload-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Text fw={600} fz="lg" id="glossary-upload-title" component="h2" m={0}>
            {t('form.title')}
          </Text>
          <Anchor component={Link} to="/glossaries/format" data-testid="glossary-format-link">
            <Group gap={4} wrap="nowrap">
              <IconBook size={16} aria-hidden />
              {t('form.formatLink')}
            </Group>
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('form.customer')}
            data={customers.map((c) => ({ value: String(c.id), label: c.name }))}
            value={draft.customer}
            onChange={(value) => set('customer', value)}
            allowDeselect={false}
            error={errors.customer_id}
            required
            data-testid="glossary-customer"
          />
          <FileInput
            key={draft.file ? 'chosen' : 'empty'}
            label={t('form.file')}
            placeholder={t('form.filePlaceholder')}
            accept=".csv,text/csv"
            value={draft.file}
            onChange={(file) => set('file', file)}
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            // Mantine's placeholder grey is below 4.5:1 on white, and here it is real text (axe).
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            clearable
            clearButtonProps={{ 'aria-label': t('form.clearFile') }}
            error={errors.file}
            required
            data-testid="glossary-file"
          />
        </SimpleGrid>
        <Radio.Group
          label={t('form.type')}
          value={draft.type}
          onChange={(value) => set('type', value === '2' ? '2' : '1')}
          error={errors.type}
          required
        >
          <Group mt="xs" gap="lg">
            <Radio
              value="1"
              label={t('types.1')}
              description={t('types.1help')}
              data-testid="glossary-type-1"
            />
            <Radio
              value="2"
              label={t('types.2')}
              description={t('types.2help')}
              data-testid="glossary-type-2"
            />
          </Group>
        </Radio.Group>
        {draft.type === '1' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('form.source')}
              data={languageOptions}
              value={draft.source}
              onChange={(value) => set('source', value)}
              searchable
              error={errors.source_language}
              required
              data-testid="glossary-source"
            />
            <Select
              label={t('form.target')}
              data={languageOptions}
              value={draft.target}
              onChange={(value) => set('target', value)}
              searchable
              error={errors.target_language}
              required
              data-testid="glossary-target"
            />
          </SimpleGrid>
        ) : (
          <MultiSelect
            label={t('form.languages')}
            description={t('form.languagesHelp')}
            data={languageOptions}
            value={draft.languages}
            onChange={(value) => set('languages', value)}
            searchable
            error={errors.languages}
            required
            data-testid="glossary-languages"
          />
        )}
        {fileMessages ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={fileMessages.title}
            role="alert"
            data-testid="glossary-file-errors"
          >
            <List size="sm" spacing={2}>
              {fileMessages.lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconUpload size={18} aria-hidden />}
            loading={upload.isPending}
            data-testid="glossary-save"
          >
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
