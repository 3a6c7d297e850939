import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ERROR_CONTRAST } from '../lib/error-contrast.ts';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { taskFormSchema } from '@verba/contracts';
import {
  type FieldErrors,
  serverFieldErrors,
  translatedMessage,
  validationMessage,
  zodFieldErrors,
} from '../../../components/form-errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMyDepartments } from '../api/get-my-departments.ts';
import { useSourceLanguages } from '../api/get-source-languages.ts';
import { useTargetLanguages } from '../api/get-target-languages.ts';
import { useServiceLevels } from '../api/get-service-levels.ts';
import { useTranslationTypes } from '../api/get-translation-types.ts';
import { useSaveTaskMutation, type TaskFormValues } from '../api/save-task.ts';
import type { TaskDetail } from '../api/types.ts';
import { perFileProgress } from '../../../lib/upload.ts';
import { addFiles, type PendingFile } from '../lib/file-rules.ts';
import { FilesSection } from './form/files-section.tsx';
import {
  initialValues,
  orderAgainValues,
  orderTranslationTypes,
  showsAnalysedTask,
} from './form/form-values.ts';
import { ReferenceFilesSection } from './form/reference-files-section.tsx';
import { LanguagesSection } from './form/languages-section.tsx';
import { OptionsSection } from './form/options-section.tsx';
import { ProjectSection } from './form/project-section.tsx';
import { TranslationTypeSection } from './form/translation-type-section.tsx';

let fileSeq = 0;

/** Creates a task (pre-filled from `again` when ordering again) or edits the draft `task`. */
export function TaskForm({ task, again }: { task?: TaskDetail; again?: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  const departments = useMyDepartments();
  const sources = useSourceLanguages();
  const targets = useTargetLanguages();
  const types = useTranslationTypes();
  const save = useSaveTaskMutation();
  const [values, setValues] = useState<TaskFormValues>(() =>
    again ? orderAgainValues(again) : initialValues(task),
  );
  const [kept, setKept] = useState(() => task?.source_files ?? []);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [copied, setCopied] = useState(() => again?.reference_files ?? []);
  const [keptReferences, setKeptReferences] = useState(() => task?.reference_files ?? []);
  const [references, setReferences] = useState<PendingFile[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const errorSummary = useRef<HTMLDivElement>(null);

  const { ordered: orderedTypes, defaultId: defaultType } = useMemo(
    () => orderTranslationTypes(types.data ?? []),
    [types.data],
  );
  const departmentList = departments.data?.departments;
  const analysed = showsAnalysedTask(
    task,
    values,
    kept.map((file) => file.id),
    pending.length,
  );
  const levels = useServiceLevels(task?.id, analysed);

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

  const onDropReferences = (files: File[]) => {
    const names = new Set(
      [...keptReferences, ...copied]
        .map((file) => file.file_name)
        .concat(references.map((item) => item.file.name))
        .map((name) => name.toLowerCase()),
    );
    const duplicates = files.filter((file) => names.has(file.name.toLowerCase()));
    if (duplicates.length)
      notifications.show({
        color: 'red',
        title: t('form.files.duplicateTitle'),
        message: t('form.references.duplicate', { names: duplicates.map((file) => file.name).join(', ') }),
      });
    const added = files.filter((file) => !names.has(file.name.toLowerCase()));
    setReferences((current) => [...current, ...added.map((file) => ({ key: `r${++fileSeq}`, file }))]);
    setErrors((current) => ({ ...current, reference_files: undefined }));
  };

  const submit = async () => {
    setFormError(null);
    const parsed = taskFormSchema.safeParse({
      ...values,
      department: values.department ?? '',
      source_language: values.source_language ?? '',
      translation_type: values.translation_type ?? '',
    });
    const nextErrors: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error.issues);
    if (kept.length + pending.length === 0) nextErrors.files = validationMessage('validation.required');
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
        referenceFiles: references.map((item) => item.file),
        copyReferenceFileIds: copied.map((file) => file.id),
        removeReferenceFileIds: (task?.reference_files ?? [])
          .filter((file) => !keptReferences.some((keptFile) => keptFile.id === file.id))
          .map((file) => file.id),
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
          const key = field
            .replace(/\[\]$/, '')
            .replace(/^(file|source_files)$/, 'files')
            .replace(/^(copy|remove)_reference_files$/, 'reference_files');
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
          'po_number',
          'client_reference',
          'requested_date',
          'reference_files',
        ];
        const other = Object.entries(mapped).filter(([key]) => !known.includes(key));
        if (other.length) setFormError(other.map(([, message]) => message).join(' '));
        requestAnimationFrame(() => errorSummary.current?.focus());
      } else if (error instanceof ApiError && error.status === 413) {
        setErrors({ files: translatedMessage('tasks', 'form.files.tooLarge') });
      }
    }
  };

  const busy = save.isPending;
  const errorCount = Object.values(errors).filter(Boolean).length + (formError ? 1 : 0);
  const section = { values, errors, set };

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
        <ProjectSection {...section} departments={departmentList} />
        <LanguagesSection {...section} setValues={setValues} sources={sources.data} targets={targets.data} />
        <TranslationTypeSection
          {...section}
          orderedTypes={orderedTypes}
          levels={analysed ? levels.data : undefined}
        />
        <FilesSection
          kept={kept}
          pending={pending}
          progress={progress}
          error={errors.files}
          busy={busy}
          onDrop={onDrop}
          onRemoveKept={(id) => setKept((current) => current.filter((item) => item.id !== id))}
          onRemovePending={(key) => setPending((current) => current.filter((other) => other.key !== key))}
        />
        <ReferenceFilesSection
          kept={keptReferences}
          copied={copied}
          pending={references}
          error={errors.reference_files}
          busy={busy}
          onDrop={onDropReferences}
          onRemoveCopied={(id) => setCopied((current) => current.filter((file) => file.id !== id))}
          onRemoveKept={(id) => setKeptReferences((current) => current.filter((file) => file.id !== id))}
          onRemovePending={(key) => setReferences((current) => current.filter((item) => item.key !== key))}
        />
        <OptionsSection {...section} />
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
