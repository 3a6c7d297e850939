import { describe, expect, it } from 'vitest';
import { pollWhileCalculating } from './poll-while-calculating.ts';

const query = (state: string | undefined, dataUpdateCount: number) => ({
  state: { data: state ? { state } : undefined, dataUpdateCount },
});

describe('pollWhileCalculating', () => {
  const interval = pollWhileCalculating(1500);

  it('looks again quickly at first while the task is analysed, then at the slower pace', () => {
    expect(interval(query('CALCULATING', 1))).toBe(400);
    expect(interval(query('CALCULATING', 8))).toBe(400);
    expect(interval(query('CALCULATING', 9))).toBe(1500);
    expect(interval(query('CALCULATING', 50))).toBe(1500);
  });

  it('stops once the task has a price, and before there is a task', () => {
    expect(interval(query('DRAFT', 1))).toBe(false);
    expect(interval(query(undefined, 0))).toBe(false);
  });
});
