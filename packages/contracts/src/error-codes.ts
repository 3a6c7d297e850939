/** `error_code` values carried by 401 answers (spec part 2 §8). */
export const ERROR_CODES = {
  BAD_CREDENTIALS: 2,
  INACTIVE_USER: 6,
  /** The session may only enrol a second factor until its user does. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 20,
} as const;

export interface ApiErrorBody {
  message: string;
  error_code?: number;
  errors?: Record<string, string[]>;
}
