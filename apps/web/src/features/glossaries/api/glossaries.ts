import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GlossaryDto, GlossaryExportFormat, Paginated } from '@verba/contracts';
import { useUiLocale } from '../../../components/use-locale.ts';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { buildFormData, uploadRequest } from '../../../lib/upload.ts';

export type Glossary = GlossaryDto;

export const GLOSSARIES_PER_PAGE = 10;

export interface GlossaryFilters {
  customer_id: number | null;
  language: number | null;
}

export const glossaryKeys = {
  all: ['glossaries'] as const,
  list: (filters: GlossaryFilters, page: number, locale: string) =>
    ['glossaries', 'list', filters, page, locale] as const,
};

/** `GET /glossaries`: a client's own customer's; staff every customer's, filtered. */
export const useGlossaries = (filters: GlossaryFilters, page: number) =>
  useQuery({
    queryKey: glossaryKeys.list(filters, page, useUiLocale()),
    queryFn: () =>
      api.get<Paginated<Glossary>>('/glossaries', {
        query: {
          page,
          per_page: GLOSSARIES_PER_PAGE,
          customer_id: filters.customer_id ?? undefined,
          language: filters.language ?? undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

export interface GlossaryUploadInput {
  customer_id: number;
  file: File;
  type: '1' | '2';
  source_language: number | null;
  target_language: number | null;
  languages: number[];
}

/** `POST /glossaries` (multipart, spec part 2 §7); 422 and 413 are the form's to show. */
export const uploadGlossary = (input: GlossaryUploadInput) =>
  uploadRequest<Glossary>(
    '/glossaries',
    buildFormData(
      input.type === '1'
        ? {
            customer_id: input.customer_id,
            file: input.file,
            type: '1',
            source_language: input.source_language,
            target_language: input.target_language,
          }
        : { customer_id: input.customer_id, file: input.file, type: '2', languages: input.languages },
    ),
    { handles: [413, 422] },
  );

export const useUploadGlossary = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadGlossary,
    onSuccess: () => client.invalidateQueries({ queryKey: glossaryKeys.all }),
  });
};

export const useDeleteGlossary = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ deleted: true; message: string }>(`/glossaries/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: glossaryKeys.all }),
  });
};

const EXTENSION: Record<GlossaryExportFormat, string> = { original: 'csv', csv: 'csv', tbx: 'tbx' };

/** Saves the original CSV, the normalised CSV or the TBX (the server names the file). */
export const downloadGlossary = (glossary: Glossary, format: GlossaryExportFormat) =>
  downloadFile(`/glossaries/${glossary.id}/download`, `glossary-${glossary.id}.${EXTENSION[format]}`, {
    query: { format },
  });
