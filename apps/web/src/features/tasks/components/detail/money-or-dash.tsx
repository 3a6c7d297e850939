import { Money } from '../../../../components/money.tsx';

/** An amount, or a dash while the task has none. */
export const moneyOrDash = (value: string | null | undefined) =>
  value === null || value === undefined ? '—' : <Money amount={value} />;
