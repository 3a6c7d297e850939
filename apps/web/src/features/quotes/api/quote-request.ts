import { useQuery } from '@tanstack/react-query';
import type { QuoteChallenge, quoteRegisteredReply } from '@verba/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { buildFormData, uploadRequest } from '../../../lib/upload.ts';

const HOUR = 60 * 60 * 1000;

export interface Country {
  id: number;
  code: string;
  name: string;
}

/** GET /countries (public: the form asks for the guest's country, which sets the taxes). */
export const useCountries = () =>
  useQuery({
    queryKey: ['countries'],
    queryFn: () => api.get<Country[]>('/countries'),
    staleTime: HOUR,
  });

/** GET /quote/challenge: a fresh proof-of-work challenge for each attempt (a solution works once). */
export const fetchChallenge = () => api.get<QuoteChallenge>('/quote/challenge');

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

type Registered = z.infer<typeof quoteRegisteredReply>['data'];

/** POST /register (multipart, files in file[]), with upload progress; 422/413/429 handled by the form. */
export const sendQuoteRequest = (
  values: QuoteRequestValues,
  files: File[],
  lang: string,
  onProgress: (loaded: number, total: number) => void,
) =>
  uploadRequest<Registered>(
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
