/**
 * Every mutating route of the app (read from the app, not listed by hand), called with no session
 * and by each role its permission leaves out: the documented status and body (DESIGN §4), in en, es
 * and ca, and never an internal text. The call is refused before its input is read, so any id does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, LOCALES, type Role } from '@verba/contracts';
import { call, createTestApp, type TestApp } from './harness.ts';
import { apiRoutes } from './api-routes.ts';
import { tokensByRole, type RoleName } from './roles.ts';
import { errorBodyProblem, refusalBody } from './error-bodies.ts';

const ROLE_TYPES: Array<[RoleName, Role]> = [
  ['admin', 'VERBA_ADMIN'],
  ['pm', 'VERBA_PM'],
  ['acmeAdmin', 'CLIENT_ADMIN'],
  ['acmeUser', 'CLIENT_USER'],
];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let tokens: Record<RoleName, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
});
afterAll(() => t?.close());

/** A concrete URL for a route pattern: every parameter is 1. */
const urlOf = (path: string) => path.replace(/:[A-Za-z_]+/g, '1');

function mutatingRoutes() {
  return apiRoutes(t.app)
    .filter((route) => MUTATING.has(route.split(' ')[0]!))
    .map((route) => {
      const access = t.app.routeAccess.get(route);
      if (!access) throw new Error(`no access rule known for ${route}`);
      const [method, path] = route.split(' ') as [string, string];
      return { route, method, url: urlOf(path), access };
    });
}

describe('refused writes say why, in the caller’s language', () => {
  it('with no session: 401 and the session message, on every mutating route', async () => {
    const routes = mutatingRoutes().filter((r) => r.access !== 'public');
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const r of routes) {
      for (const lang of LOCALES) {
        const res = await call(t.app, r.method as 'POST', `${r.url}?lang=${lang}`, {
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        const problem = errorBodyProblem(res.raw.body);
        if (
          res.status !== 401 ||
          problem ||
          JSON.stringify(res.json) !== JSON.stringify(refusalBody(401, lang))
        )
          failures.push(`${r.route} (${lang}) -> ${res.status} ${res.raw.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('by a role its permission leaves out: 403 and the refusal message, on every mutating route', async () => {
    let checked = 0;
    const failures: string[] = [];
    for (const r of mutatingRoutes()) {
      if (r.access === 'public' || r.access === 'authenticated') continue;
      for (const [role, type] of ROLE_TYPES) {
        if (can(type, r.access)) continue;
        checked++;
        for (const lang of LOCALES) {
          const res = await call(t.app, r.method as 'POST', r.url, {
            token: tokens[role],
            headers: { 'content-type': 'application/json', 'accept-language': lang },
            body: '{}',
          });
          const problem = errorBodyProblem(res.raw.body);
          if (
            res.status !== 403 ||
            problem ||
            JSON.stringify(res.json) !== JSON.stringify(refusalBody(403, lang))
          )
            failures.push(`${role} ${r.route} (${lang}) -> ${res.status} ${res.raw.body.slice(0, 160)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(failures).toEqual([]);
  });

  it('the refusal messages differ by language (they are translated)', () => {
    const messages = LOCALES.map((lang) => refusalBody(403, lang).message);
    expect(new Set(messages).size).toBe(LOCALES.length);
    expect(new Set(LOCALES.map((lang) => refusalBody(401, lang).message)).size).toBe(LOCALES.length);
  });
});
