import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { invoiceDetailSchema, taskDetail, WEBHOOK_EVENTS } from '@verba/contracts';

const asJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' });

/** The deliveries an endpoint receives, as OpenAPI 3.1 `webhooks`: one POST per event. */
export function webhookDocs(): Record<string, OpenAPIV3_1.PathItemObject> {
  const task = asJsonSchema(taskDetail);
  const invoice = asJsonSchema(invoiceDetailSchema);
  const docs: Record<string, unknown> = Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => [
      type,
      {
        post: {
          summary: `${type}: ${type.startsWith('invoice.') ? 'the invoice' : 'the task'} as GET answers it`,
          description:
            'Verify `Verba-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>` before trusting ' +
            'the body. Answer 2xx within 10 s; anything else is retried with exponential backoff for 24 h.',
          parameters: [
            { name: 'Verba-Signature', in: 'header', required: true, schema: { type: 'string' } },
            { name: 'Verba-Event', in: 'header', required: true, schema: { type: 'string', const: type } },
            { name: 'Verba-Delivery', in: 'header', required: true, schema: { type: 'string' } },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'type', 'created_at', 'data'],
                  properties: {
                    id: { type: 'integer', description: 'The event: the same on every attempt' },
                    type: { type: 'string', const: type },
                    created_at: { type: 'string', format: 'date-time' },
                    data: type.startsWith('invoice.') ? invoice : task,
                  },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Received' } },
        },
      },
    ]),
  );
  return docs as Record<string, OpenAPIV3_1.PathItemObject>;
}
