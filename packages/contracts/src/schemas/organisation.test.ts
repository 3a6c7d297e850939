import { describe, expect, it } from 'vitest';
import { loginResponseSchema } from './auth.ts';
import { customerListRowSchema, departmentSchema, userSchema } from './organisation.ts';

const user = {
  id: 7,
  name: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.test',
  phone: null,
  type: 'CLIENT_ADMIN',
  language: 'ca',
  is_active: true,
  customer_id: 3,
  customer: null,
  departments: [{ id: 1, title: 'Marketing' }],
};

describe('organisation reply schemas', () => {
  it('send a user as it is, without what the schema does not name (a password hash)', () => {
    expect(userSchema.parse({ ...user, password_hash: 'secret' })).toEqual(user);
  });

  it('refuse a stored role or language the contracts do not know', () => {
    expect(userSchema.safeParse({ ...user, type: 'ROOT' }).success).toBe(false);
    expect(userSchema.safeParse({ ...user, language: 'fr' }).success).toBe(false);
  });

  it('carry moments as ISO strings, whether the database hands a Date or a string', () => {
    const at = new Date('2026-11-24T08:00:00.000Z');
    const row = {
      id: 1,
      name: 'Acme',
      is_active: true,
      payment_scheme: 'DEFERRED',
      country_code: 'ES',
      last_login: 'Ada Lovelace',
      last_login_date: at,
      last_project_approved: null,
      last_project_approved_date: null,
    };
    expect(customerListRowSchema.parse(row).last_login_date).toBe('2026-11-24T08:00:00.000Z');
    const department = { id: 1, title: 'Legal', created_at: '2026-11-24 09:00:00+01', users: [] };
    expect(departmentSchema.parse(department).created_at).toBe('2026-11-24T08:00:00.000Z');
  });

  it('a sign-in answers a Bearer token only', () => {
    const reply = { user, access_token: 'x'.repeat(43), token_type: 'Bearer', expires_in: 28_800 };
    expect(loginResponseSchema.parse(reply)).toEqual(reply);
    expect(loginResponseSchema.safeParse({ ...reply, token_type: 'Basic' }).success).toBe(false);
  });
});
