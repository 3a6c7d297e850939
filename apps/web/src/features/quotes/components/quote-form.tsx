import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { quoteRequestSchema, type QuoteChallenge } from '@verba/contracts';
import {
  type FieldErrors,
  serverFieldErrors,
  validationMessage,
  zodFieldErrors,
} from '../../../components/form-errors.ts';
import { useEffectiveLocale } from '../../../lib/locale.ts';
import { perFileProgress } from '../../../lib/upload.ts';
import {
  addFiles,
  ERROR_CONTRAST,
  FilePicker,
  useSourceLanguages,
  useTargetLanguages,
  type PendingFile,
} from '../../tasks/index.ts';
import { fetchChallenge } from '../api/get-challenge.ts';
import { useCountries } from '../api/get-countries.ts';
import { sendQuoteRequest, type QuoteRequestValues } from '../api/send-quote-request.ts';
import { BotCheck } from './bot-check.tsx';
import { ContactFields, LanguageFields, OptionFields } from './quote-fields.tsx';

const EMPTY: QuoteRequestValues = {
  company_name: '',
  country: null,
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  source_language: null,
  target_languages: [],
  comments: '',
  review_originals: false,
  privacy_policy: false,
  recaptcha_token: '',
};
let fileSeq = 0;

/** The public quote request (spec part 1 §2 /quote, part 2 §5 and §7 POST /register). */
export function QuoteForm() {
  const { t } = useTranslation('quotes');
  const navigate = useNavigate();
  const locale = useEffectiveLocale();
  const countries = useCountries();
  const sources = useSourceLanguages();
  const targets = useTargetLanguages();
  const [values, setValues] = useState<QuoteRequestValues>(EMPTY);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<QuoteChallenge>();
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  const newChallenge = () => {
    setValues((current) => ({ ...current, recaptcha_token: '' }));
    fetchChallenge()
      .then(setChallenge)
      .catch(() => setFormError(t('form.genericError')));
  };
  useEffect(newChallenge, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (values.source_language || !sources.data) return;
    const english = sources.data.find((l) => l.iso_code === 'en') ?? sources.data[0];
    if (english) setValues((current) => ({ ...current, source_language: String(english.id) }));
  }, [sources.data, values.source_language]);

  const set = <K extends keyof QuoteRequestValues>(key: K, value: QuoteRequestValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onDrop = (files: File[]) => {
    const result = addFiles(
      pending.map((item) => item.file.name),
      files,
    );
    for (const [names, key] of [
      [result.duplicates, 'duplicate'],
      [result.rejectedType, 'type'],
    ] as const)
      if (names.length)
        notifications.show({ color: 'red', message: t(`form.files.${key}`, { names: names.join(', ') }) });
    if (result.added.length) {
      setPending((current) => [...current, ...result.added.map((file) => ({ key: `q${++fileSeq}`, file }))]);
      setErrors((current) => ({ ...current, files: undefined }));
    }
  };

  const fail = (next: FieldErrors) => {
    setErrors(next);
    requestAnimationFrame(() => summary.current?.focus());
  };

  const submit = async () => {
    setFormError(null);
    const parsed = quoteRequestSchema.safeParse({
      ...values,
      country: values.country ?? '',
      source_language: values.source_language ?? '',
    });
    const next: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error.issues);
    if (pending.length === 0) next.files = validationMessage('validation.required');
    if (Object.values(next).some(Boolean)) return fail(next);
    const sizes = pending.map((item) => item.file.size);
    setProgress(sizes.map(() => 0));
    setBusy(true);
    try {
      const registered = await sendQuoteRequest(
        values,
        pending.map((item) => item.file),
        locale,
        (loaded, total) => setProgress(perFileProgress(sizes, loaded, total)),
      );
      void navigate('/quote/registered', { state: { id: registered.id } });
    } catch (error) {
      setProgress(null);
      setBusy(false);
      // A solution is accepted once: every new attempt solves a new challenge.
      newChallenge();
      const fields = serverFieldErrors(error);
      if (!fields) return setFormError(t('form.genericError'));
      const mapped: FieldErrors = {};
      for (const [field, message] of Object.entries(fields))
        mapped[field.replace(/\[\]$/, '').replace(/^file$/, 'files')] = message;
      fail(mapped);
    }
  };

  const props = {
    values,
    errors,
    set,
    countries: countries.data,
    sources: sources.data,
    targets: targets.data,
    locale,
  };
  const errorCount = Object.values(errors).filter(Boolean).length;
  return (
    <form
      noValidate
      style={ERROR_CONTRAST}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="quote-form"
    >
      <Stack gap="lg">
        {errorCount > 0 ? (
          <Alert
            color="red"
            ref={summary}
            tabIndex={-1}
            title={t('form.errorsTitle')}
            data-testid="quote-form-errors"
          >
            {t('form.errorsBody', { count: errorCount })}
          </Alert>
        ) : null}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="md">
            {t('form.sections.contact')}
          </Title>
          <ContactFields {...props} />
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="md">
            {t('form.sections.project')}
          </Title>
          <Stack gap="md">
            <LanguageFields {...props} />
            <FilePicker
              ns="quotes"
              pending={pending}
              progress={progress}
              error={errors.files}
              busy={busy}
              onDrop={onDrop}
              onRemovePending={(key) => setPending((current) => current.filter((other) => other.key !== key))}
              testIds={{ dropzone: 'quote-dropzone', list: 'quote-file-list', error: 'quote-error-files' }}
            />
            <OptionFields {...props} />
          </Stack>
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <BotCheck
            challenge={challenge}
            language={locale}
            error={errors.recaptcha_token}
            onChange={(payload) => set('recaptcha_token', payload)}
          />
        </Paper>
        <Stack gap={4} align="flex-end">
          <Button type="submit" loading={busy} data-testid="quote-submit">
            {t('form.submit')}
          </Button>
          {formError ? (
            <Text c="red.9" size="sm" role="alert" data-testid="quote-generic-error">
              {formError}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </form>
  );
}
