import type { quoteRegisteredReply } from '@verba/contracts';
import { type DataOf } from '../../../lib/api-client.ts';
import { buildFormData, uploadRequest } from '../../../lib/upload.ts';

/**
 * The form's values: the fields of `quoteRequestSchema` as the inputs hold them (a select holds its
 * option's string, null when none is chosen); the schema checks them before they are sent.
 */
export interface QuoteRequestValues {
  company_name: string;
  country: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  source_language: string | null;
  target_languages: string[];
  comments: string;
  review_originals: boolean;
  privacy_policy: boolean;
  recaptcha_token: string;
}

/** POST /register (multipart, files in file[]), with upload progress; 422/413/429 handled by the form. */
export const sendQuoteRequest = (
  values: QuoteRequestValues,
  files: File[],
  lang: string,
  onProgress: (loaded: number, total: number) => void,
) =>
  uploadRequest<DataOf<typeof quoteRegisteredReply>>(
    '/register',
    buildFormData({
      ...values,
      country: values.country ?? '',
      source_language: values.source_language ?? '',
      lang,
      file: files,
    }),
    { onProgress, handles: [413, 422, 429] },
  );
