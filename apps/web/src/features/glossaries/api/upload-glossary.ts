import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { glossaryDto, GlossaryUploadFields } from '@verba/contracts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { buildFormData, uploadRequest } from '../../../lib/upload.ts';

export type GlossaryUploadInput = GlossaryUploadFields & { file: File };

/** `POST /glossaries` (multipart, spec part 2 §7); 422 and 413 are the form's to show. */
export const uploadGlossary = (input: GlossaryUploadInput) =>
  uploadRequest<typeof glossaryDto>(
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
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_ROOTS.glossaries }),
  });
};
