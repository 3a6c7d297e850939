import { useLocation } from 'react-router';

/** The customer id carried in router state when a user screen is opened from a customer's page. */
export function useFromCustomer(): number | undefined {
  const state = useLocation().state as { fromCustomer?: unknown } | null;
  const value = Number(state?.fromCustomer);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
