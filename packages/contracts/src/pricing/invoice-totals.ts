import { SCALE, divideRoundHalfUp, formatUnits, pow10, toUnits, type DecimalLike } from './money.ts';

/** The totals of an invoice: the sum of its lines, the tax on that sum, and both together. */
export interface InvoiceTotals {
  base: string;
  tax: string;
  total: string;
}

/**
 * Totals of an invoice whose lines are untaxed amounts (task costs) at one tax rate, exactly:
 * tax = round_half_up(base × percent / 100) once, on the base (ADR 0002), never per line. The
 * web form shows these and the server recomputes them before it issues the invoice.
 */
export function invoiceTotals(lines: readonly DecimalLike[], taxPercentage: DecimalLike): InvoiceTotals {
  const base = lines.reduce<bigint>((sum, line, i) => sum + toUnits(line, SCALE.money, `lines.${i}`), 0n);
  const percent = toUnits(taxPercentage, SCALE.percent, 'tax_percentage');
  const tax = divideRoundHalfUp(base * percent, 100n * pow10(SCALE.percent));
  return {
    base: formatUnits(base, SCALE.money),
    tax: formatUnits(tax, SCALE.money),
    total: formatUnits(base + tax, SCALE.money),
  };
}
