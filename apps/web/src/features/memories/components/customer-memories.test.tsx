import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { screen } from '@testing-library/react';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
import { CustomerMemories } from './customer-memories.tsx';

const PAIRS = [
  {
    source_lang: 'en',
    target_lang: 'es',
    source_name: 'English',
    target_name: 'Spanish',
    units: 25,
    last_import: {
      file_name: 'acme-en-es.tmx',
      origin: 'TMX',
      units: 25,
      at: '2026-11-24T10:00:00.000Z',
      by: 'Ada Admin',
    },
  },
];

describe('customer memories section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each pair with its units and last import', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const data = String(url).includes('/memories') ? PAIRS : [{ id: 1, iso_code: 'en', name: 'English' }];
        return new Response(JSON.stringify({ data }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderSignedIn(
      <Suspense fallback={<p>suspended</p>}>
        <CustomerMemories customerId={1} />
      </Suspense>,
    );
    const row = await screen.findByTestId('memory-en-es', undefined, { timeout: 5000 });
    expect(row.textContent).toContain('acme-en-es.tmx');
    expect(row.textContent).toContain('TMX import');
  });
});
