/** `error_code` values carried by 401 answers (spec part 2 §8). */
export const ERROR_CODES = {
  BAD_CREDENTIALS: 2,
  INACTIVE_USER: 6,
} as const;

export interface ApiErrorBody {
  message: string;
  error_code?: number;
  errors?: Record<string, string[]>;
}
