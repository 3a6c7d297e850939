import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ERROR_CONTRAST } from '../lib/error-contrast.ts';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Progress,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconFile, IconTrash } from '@tabler/icons-react';
import { ACCEPTED_EXTENSIONS, taskFormSchema } from '@verba/contracts';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../components/form-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  useMyDepartments,
  useSourceLanguages,
  useTargetLanguages,
  useTranslationTypes,
} from '../api/reference-data.ts';
import { useSaveTaskMutation, type TaskFormValues } from '../api/task-mutations.ts';
import type { TaskDetail, TranslationType } from '../api/types.ts';
import { perFileProgress } from '../../../lib/upload.ts';
import { addFiles, formatBytes, type PendingFile } from '../lib/file-rules.ts';
import { InfoButton } from './info-button.tsx';

const DEFAULT_TRANSLATION_TYPE = 4;
const ACCEPT_ATTR = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',');
let fileSeq = 0;

/** Default type 4 when it exists, else the first; the list shows in reverse order (spec part 2 §9). */
export function orderTranslationTypes(types: readonly TranslationType[]) {
  const ordered = [...types].reverse();
  const fallback = types.find((type) => type.id === DEFAULT_TRANSLATION_TYPE) ?? types[0];
  return { ordered, defaultId: fallback ? String(fallback.id) : null };
}

function initialValues(task?: TaskDetail): TaskFormValues {
  return {
    description: task?.description ?? '',
    department: task?.department ? String(task.department.id) : null,
    source_language: task ? String(task.source_language.id) : null,
    target_languages: task?.target_languages.map((target) => String(target.target_language_id)) ?? [],
    translation_type: task ? String(task.translation_type.id) : null,
    review: task?.review ?? false,
    custom_quote: task?.custom_quote ?? false,
    comments: task?.comments ?? '',
  };
}

function LabelWithInfo({ label, help }: { label: string; help: string }) {
  return (
    <Group gap={2} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
      <span>{label}</span>
      <InfoButton section={help} />
    </Group>
  );
}

export function TaskForm({ task }: { task?: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  const departments = useMyDepartments();
  const sources = useSourceLanguages();
  const targets = useTargetLanguages();
  const types = useTranslationTypes();
  const save = useSaveTaskMutation();
  const [values, setValues] = useState<TaskFormValues>(() => initialValues(task));
  const [kept, setKept] = useState(() => task?.source_files ?? []);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const errorSummary = useRef<HTMLDivElement>(null);

  const { ordered: orderedTypes, defaultId: defaultType } = useMemo(
    () => orderTranslationTypes(types.data ?? []),
    [types.data],
  );
  const departmentList = departments.data?.departments;

  // Defaults once the reference data is there: source en, type 4 (else first), the only department.
  useEffect(() => {
    setValues((current) => {
      let next = current;
      if (!next.source_language && sources.data) {
        const english = sources.data.find((language) => language.iso_code === 'en') ?? sources.data[0];
        if (english) next = { ...next, source_language: String(english.id) };
      }
      if (!next.translation_type && defaultType) next = { ...next, translation_type: defaultType };
      if (!next.department && departmentList?.length === 1)
        next = { ...next, department: String(departmentList[0]!.id) };
      return next;
    });
  }, [sources.data, defaultType, departmentList]);

  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onDrop = (files: File[]) => {
    const names = [...kept.map((file) => file.file_name), ...pending.map((item) => item.file.name)];
    const result = addFiles(names, files);
    if (result.duplicates.length)
      notifications.show({
        color: 'red',
        title: t('form.files.duplicateTitle'),
        message: t('form.files.duplicate', { names: result.duplicates.join(', ') }),
      });
    if (result.rejectedType.length)
      notifications.show({
        color: 'red',
        title: t('form.files.typeTitle'),
        message: t('form.files.type', { names: result.rejectedType.join(', ') }),
      });
    if (result.added.length) {
      setPending((current) => [...current, ...result.added.map((file) => ({ key: `f${++fileSeq}`, file }))]);
      setErrors((current) => ({ ...current, files: undefined }));
    }
  };

  const submit = async () => {
    setFormError(null);
    const parsed = taskFormSchema.safeParse({
      ...values,
      department: values.department ?? '',
      source_language: values.source_language ?? '',
      translation_type: values.translation_type ?? '',
    });
    const nextErrors: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error.issues, t);
    if (kept.length + pending.length === 0)
      nextErrors.files = t('validation.required', { ns: 'validation', defaultValue: t('form.required') });
    if (Object.values(nextErrors).some(Boolean)) {
      setErrors(nextErrors);
      requestAnimationFrame(() => errorSummary.current?.focus());
      return;
    }
    const sizes = pending.map((item) => item.file.size);
    setProgress(sizes.map(() => 0));
    try {
      const saved = await save.mutateAsync({
        id: task?.id,
        values,
        files: pending.map((item) => item.file),
        keptFileIds: kept.map((file) => file.id),
        onProgress: (loaded, total) => setProgress(perFileProgress(sizes, loaded, total)),
      });
      notifications.show({ color: 'teal', message: task ? t('form.updated') : t('form.created') });
      void navigate(`/tasks/${saved.id}`);
    } catch (error) {
      setProgress(null);
      const fields = serverFieldErrors(error);
      if (fields) {
        const mapped: FieldErrors = {};
        for (const [field, message] of Object.entries(fields)) {
          const key = field.replace(/\[\]$/, '').replace(/^(file|source_files)$/, 'files');
          mapped[key] = message;
        }
        setErrors(mapped);
        const known = [
          'description',
          'department',
          'source_language',
          'target_languages',
          'translation_type',
          'comments',
          'files',
        ];
        const other = Object.entries(mapped).filter(([key]) => !known.includes(key));
        if (other.length) setFormError(other.map(([, message]) => message).join(' '));
        requestAnimationFrame(() => errorSummary.current?.focus());
      } else if (error instanceof ApiError && error.status === 413) {
        setErrors({ files: t('form.files.tooLarge') });
      }
    }
  };

  const busy = save.isPending;
  const errorCount = Object.values(errors).filter(Boolean).length + (formError ? 1 : 0);
  const targetOptions = (targets.data ?? [])
    .filter((language) => String(language.id) !== values.source_language)
    .map((language) => ({ value: String(language.id), label: language.name }));

  return (
    <form
      noValidate
      style={ERROR_CONTRAST}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="task-form"
    >
      <Stack gap="lg">
        {errorCount > 0 ? (
          <Alert
            color="red"
            ref={errorSummary}
            tabIndex={-1}
            title={t('form.errorsTitle')}
            data-testid="task-form-errors"
          >
            {formError ?? t('form.errorsBody', { count: errorCount })}
          </Alert>
        ) : null}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="md">
            {t('form.sections.project')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={<LabelWithInfo label={t('form.name')} help="projectName" />}
              withAsterisk
              maxLength={255}
              value={values.description}
              onChange={(event) => set('description', event.currentTarget.value)}
              error={errors.description}
              data-testid="task-name"
              aria-label={t('form.name')}
            />
            <Select
              label={<LabelWithInfo label={t('form.department')} help="departments" />}
              aria-label={t('form.department')}
              withAsterisk
              data={(departmentList ?? []).map((department) => ({
                value: String(department.id),
                label: department.title,
              }))}
              value={values.department}
              onChange={(value) => set('department', value)}
              error={errors.department}
              data-testid="task-department"
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Group gap={4} mb="md">
            <Title order={2} fz="lg">
              {t('form.sections.languages')}
            </Title>
            <InfoButton section="languages" />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('form.sourceLanguage')}
              withAsterisk
              searchable
              data={(sources.data ?? []).map((language) => ({
                value: String(language.id),
                label: language.name,
              }))}
              value={values.source_language}
              onChange={(value) => {
                set('source_language', value);
                setValues((current) => ({
                  ...current,
                  source_language: value,
                  target_languages: current.target_languages.filter((id) => id !== value),
                }));
              }}
              error={errors.source_language}
              data-testid="task-source-language"
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label={t('form.targetLanguages')}
              withAsterisk
              searchable
              data={targetOptions}
              value={values.target_languages}
              onChange={(value) => set('target_languages', value)}
              error={errors.target_languages}
              placeholder={values.target_languages.length ? undefined : t('form.targetPlaceholder')}
              data-testid="task-target-languages"
              comboboxProps={{ withinPortal: true }}
              hidePickedOptions
            />
          </SimpleGrid>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Radio.Group
            value={values.translation_type}
            onChange={(value) => set('translation_type', value)}
            label={
              <Group gap={4} component="span" style={{ display: 'inline-flex' }}>
                <Title order={2} fz="lg" component="span">
                  {t('form.translationType')}
                </Title>
                <InfoButton section="translationTypes" />
              </Group>
            }
            withAsterisk
            error={errors.translation_type}
            data-testid="task-translation-type"
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
              {orderedTypes.map((type) => (
                <Radio.Card
                  key={type.id}
                  value={String(type.id)}
                  p="md"
                  radius="md"
                  data-testid={`translation-type-${type.id}`}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600}>{type.name}</Text>
                      {type.description ? (
                        <Text size="sm" c="gray.7">
                          {type.description}
                        </Text>
                      ) : null}
                      {type.description_2 ? (
                        <Text size="xs" c="gray.7" mt={4}>
                          {type.description_2}
                        </Text>
                      ) : null}
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Group gap={4} mb="md">
            <Title order={2} fz="lg">
              {t('form.files.title')}
            </Title>
            <InfoButton section="sourceFiles" />
          </Group>
          <Dropzone
            onDrop={onDrop}
            multiple
            disabled={busy}
            accept={undefined}
            activateOnClick
            inputProps={{ accept: ACCEPT_ATTR, 'aria-label': t('form.files.choose') } as never}
            data-testid="task-dropzone"
            aria-invalid={Boolean(errors.files)}
            styles={{ root: { borderColor: errors.files ? 'var(--mantine-color-red-6)' : undefined } }}
          >
            <Stack align="center" gap="xs" py="lg" style={{ pointerEvents: 'none' }} ta="center">
              <IconCloudUpload size={40} aria-hidden color="var(--mantine-color-blue-6)" />
              <Text fw={600}>{t('form.files.drop')}</Text>
              <Text size="sm" c="gray.7">
                {t('form.files.types', { types: ACCEPTED_EXTENSIONS.join(', ') })}
              </Text>
            </Stack>
          </Dropzone>
          {errors.files ? (
            <Text c="red.8" size="sm" mt="xs" role="alert" data-testid="task-files-error">
              {errors.files}
            </Text>
          ) : null}
          {kept.length + pending.length > 0 ? (
            <Stack
              gap="xs"
              mt="md"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              data-testid="task-file-list"
            >
              {kept.map((file) => (
                <FileRow
                  key={`kept-${file.id}`}
                  name={file.file_name}
                  size={file.size}
                  note={t('form.files.uploaded')}
                  removeLabel={t('form.files.remove', { name: file.file_name })}
                  disabled={busy}
                  onRemove={() => setKept((current) => current.filter((item) => item.id !== file.id))}
                />
              ))}
              {pending.map((item, index) => (
                <FileRow
                  key={item.key}
                  name={item.file.name}
                  size={item.file.size}
                  progress={progress?.[index]}
                  progressLabel={t('form.files.progress', { name: item.file.name })}
                  removeLabel={t('form.files.remove', { name: item.file.name })}
                  disabled={busy}
                  onRemove={() => setPending((current) => current.filter((other) => other.key !== item.key))}
                />
              ))}
            </Stack>
          ) : null}
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="md">
            {t('form.sections.options')}
          </Title>
          <Stack gap="md">
            <Textarea
              label={t('form.comments')}
              description={t('form.commentsHelp', { count: 255 - values.comments.length })}
              maxLength={255}
              autosize
              minRows={3}
              value={values.comments}
              onChange={(event) => set('comments', event.currentTarget.value)}
              error={errors.comments}
              data-testid="task-comments"
            />
            <Checkbox
              label={t('form.review')}
              description={t('form.reviewHelp')}
              checked={values.review}
              onChange={(event) => set('review', event.currentTarget.checked)}
              data-testid="task-review"
            />
            <Group gap={4} wrap="nowrap" align="flex-start">
              <Checkbox
                label={t('form.customQuote')}
                description={t('form.customQuoteHelp')}
                checked={values.custom_quote}
                onChange={(event) => set('custom_quote', event.currentTarget.checked)}
                data-testid="task-custom-quote"
              />
              <InfoButton section="customQuote" />
            </Group>
          </Stack>
        </Paper>

        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => void navigate(task ? `/tasks/${task.id}` : '/tasks')}
            disabled={busy}
          >
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="task-save">
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FileRow({
  name,
  size,
  note,
  progress,
  progressLabel,
  removeLabel,
  disabled,
  onRemove,
}: {
  name: string;
  size: number;
  note?: string;
  progress?: number;
  progressLabel?: string;
  removeLabel: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <Paper component="li" withBorder p="sm" radius="sm" data-testid="task-file">
      <Group wrap="nowrap" gap="sm">
        <IconFile size={20} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="xs" c="gray.7">
            {formatBytes(size)}
            {note ? ` · ${note}` : ''}
          </Text>
          {progress !== undefined ? (
            <Progress
              value={progress}
              size="sm"
              aria-label={progressLabel}
              animated={progress < 100}
              data-testid="file-progress"
            />
          ) : null}
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={removeLabel}
          onClick={onRemove}
          disabled={disabled}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
