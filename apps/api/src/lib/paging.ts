import { LIST_TOTAL_CAP, type Paginated } from '@verba/contracts';

/** Which page a list call asks for (DESIGN §4: `page` from 1, `per_page` rows). */
export interface PageRequest {
  page: number;
  per_page: number;
}

/** Rows to skip before the requested page. */
export const pageOffset = (request: PageRequest): number => (request.page - 1) * request.per_page;

/** A page of rows out of `total` matches; an empty list still has one (empty) page. */
export function toPage<T>(data: T[], total: number, request: PageRequest): Paginated<T> {
  return {
    current_page: request.page,
    per_page: request.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / request.per_page)),
    data,
  };
}

/** A page out of `matches`, counted up to `LIST_TOTAL_CAP + 1`: past the cap the total says "1,000+". */
export function toCappedPage<T>(
  data: T[],
  matches: number,
  request: PageRequest,
): Paginated<T> & { total_is_capped: boolean } {
  return {
    ...toPage(data, Math.min(matches, LIST_TOTAL_CAP), request),
    total_is_capped: matches > LIST_TOTAL_CAP,
  };
}
