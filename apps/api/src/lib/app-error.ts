export type FieldMessages = Record<string, Array<string | { key: string; values?: Record<string, unknown> }>>;

/**
 * The one error type services throw. The error handler turns it into the API's error shape,
 * translating `messageKey` (and field message keys) into the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly options: {
      errorCode?: number;
      values?: Record<string, unknown>;
      /** field -> message keys (with optional values) */
      fields?: FieldMessages;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'errors.not_found');
export const forbidden = () => new AppError(403, 'errors.forbidden');
export const unauthenticated = () => new AppError(401, 'errors.session_expired');
export const invalid = (fields: FieldMessages, messageKey = 'errors.validation') =>
  new AppError(422, messageKey, { fields });
