import { describe, expect, it } from 'vitest';
import { STATUS_SCREEN_STATES, hasStatusScreen, statusOptions } from './status-options.ts';

describe('statusOptions', () => {
  it('offers every staff state but the current one to a customer task', () => {
    expect(statusOptions('APPROVED', false)).toEqual(['TEMPORAL', 'DEFERRED', 'IN_COURSE', 'DONE']);
    expect(statusOptions('DONE', false)).toEqual(['TEMPORAL', 'DEFERRED', 'APPROVED', 'IN_COURSE']);
  });

  it('offers a guest task the temporary and deferred states and the production path (ADR 0018)', () => {
    expect(statusOptions('IN_COURSE', true)).toEqual(['TEMPORAL', 'DEFERRED', 'DONE']);
    expect(statusOptions('DONE', true)).toEqual(['TEMPORAL', 'DEFERRED', 'IN_COURSE']);
  });

  it('starts a deferred task: only IN_COURSE, as the API allows', () => {
    expect(statusOptions('DEFERRED', false)).toEqual(['IN_COURSE']);
    expect(hasStatusScreen('DEFERRED', false)).toBe(true);
    expect(hasStatusScreen('DEFERRED', true)).toBe(false);
  });

  it('has no screen for drafts and cancelled tasks', () => {
    expect(hasStatusScreen('DRAFT', false)).toBe(false);
    expect(hasStatusScreen('CANCELLED', false)).toBe(false);
  });
});

describe('STATUS_SCREEN_STATES', () => {
  it('are the states staff move a customer task from', () => {
    expect([...STATUS_SCREEN_STATES].sort()).toEqual(['APPROVED', 'DEFERRED', 'DONE', 'IN_COURSE']);
  });
});
