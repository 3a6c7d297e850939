import { describe, expect, it } from 'vitest';
import { returnPath, userFormRules } from './user-form-rules.ts';

describe('userFormRules', () => {
  it('lets the Verba admin create staff and client admins from the users list', () => {
    const rules = userFormRules({ actor: 'VERBA_ADMIN', fromCustomer: false, editingSelf: false });
    expect(rules.types).toEqual(['CLIENT_ADMIN', 'VERBA_ADMIN', 'VERBA_PM']);
    expect(rules.showCustomer('CLIENT_ADMIN')).toBe(true);
    expect(rules.showCustomer('VERBA_PM')).toBe(false);
    expect(rules.showBonus('CLIENT_ADMIN')).toBe(true);
    expect(rules.showDepartments('CLIENT_USER')).toBe(false);
  });

  it('only offers client admin from a customer page, with the customer preset', () => {
    const rules = userFormRules({ actor: 'VERBA_ADMIN', fromCustomer: true, editingSelf: false });
    expect(rules.types).toEqual(['CLIENT_ADMIN']);
    expect(rules.showCustomer('CLIENT_ADMIN')).toBe(false);
  });

  it('lets a client admin create client users with departments, without bonus', () => {
    const rules = userFormRules({ actor: 'CLIENT_ADMIN', fromCustomer: false, editingSelf: false });
    expect(rules.types).toEqual(['CLIENT_ADMIN', 'CLIENT_USER']);
    expect(rules.showDepartments('CLIENT_USER')).toBe(true);
    expect(rules.showDepartments('CLIENT_ADMIN')).toBe(false);
    expect(rules.showBonus('CLIENT_USER')).toBe(false);
    expect(rules.showCustomer('CLIENT_USER')).toBe(false);
    expect(rules.showActive).toBe(false);
  });

  it('hides the type selector and the active switch when editing yourself', () => {
    const rules = userFormRules({
      actor: 'CLIENT_ADMIN',
      fromCustomer: false,
      editingSelf: true,
      existingType: 'CLIENT_ADMIN',
    });
    expect(rules.showType).toBe(false);
    expect(rules.showActive).toBe(false);
  });

  it('keeps the current type of an edited user among the options', () => {
    const rules = userFormRules({
      actor: 'VERBA_ADMIN',
      fromCustomer: false,
      editingSelf: false,
      existingType: 'CLIENT_USER',
    });
    expect(rules.types).toContain('CLIENT_USER');
    expect(rules.showActive).toBe(true);
  });

  it('returns to the customer page when opened from one', () => {
    expect(returnPath(7)).toBe('/customers/7/edit');
    expect(returnPath('create')).toBe('/customers/create');
    expect(returnPath(undefined)).toBe('/users');
  });
});
