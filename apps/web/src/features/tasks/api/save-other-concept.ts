import type { otherConceptBody, taskReplies } from '@verba/contracts';
import type { z } from 'zod';
import { api, type DataOf } from '../../../lib/api-client.ts';
import { useTaskAction } from './use-task-action.ts';

/** A concept as the modal holds it; with `id` it is one to change. */
export type OtherConceptInput = z.input<typeof otherConceptBody> & { id?: number };

/** `POST /other-concepts` (a new one) or `PUT /other-concepts/{id}`. */
export const saveOtherConcept = ({ id, ...body }: OtherConceptInput) =>
  id
    ? api.put<DataOf<typeof taskReplies.otherConcept>, typeof otherConceptBody>(
        `/other-concepts/${id}`,
        body,
        {
          handles: [422],
        },
      )
    : api.post<DataOf<typeof taskReplies.otherConcept>, typeof otherConceptBody>('/other-concepts', body, {
        handles: [422],
      });

export const useSaveOtherConceptMutation = () => useTaskAction(saveOtherConcept);
