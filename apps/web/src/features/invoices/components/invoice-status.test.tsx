// The invoice's status badges: a voided invoice is owed no more, so it shows "Voided" and no
// payment state, in every language.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { Locale } from '@verba/contracts';
import { i18next, initI18n } from '../../../lib/i18n.ts';
import { renderSignedIn } from '../../../test/render-signed-in.tsx';
import { InvoiceStatus } from './invoice-status.tsx';

beforeAll(() => void initI18n('en'));
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

const words: Record<Locale, { pending: string; paid: string; voided: string }> = {
  en: { pending: 'Pending', paid: 'Paid', voided: 'Voided' },
  es: { pending: 'Pendiente', paid: 'Pagada', voided: 'Anulada' },
  ca: { pending: 'Pendent', paid: 'Pagada', voided: 'Anul·lada' },
};

describe('InvoiceStatus', () => {
  for (const locale of ['en', 'es', 'ca'] as const) {
    it(`in ${locale}: a voided invoice shows "${words[locale].voided}" and no payment state`, async () => {
      await act(async () => void (await i18next.changeLanguage(locale)));
      for (const status of ['pending', 'paid'] as const) {
        renderSignedIn(<InvoiceStatus status={status} rectifies={null} rectifiedBy={null} voided />, {
          locale,
        });
        expect((await screen.findByTestId('invoice-voided')).textContent).toBe(words[locale].voided);
        expect(screen.queryByTestId('invoice-status')).toBeNull();
        expect(screen.queryByText(words[locale][status])).toBeNull();
        cleanup();
      }
      renderSignedIn(<InvoiceStatus status="pending" rectifies={null} rectifiedBy={null} />, { locale });
      expect((await screen.findByTestId('invoice-status')).textContent).toBe(words[locale].pending);
      expect(screen.queryByTestId('invoice-voided')).toBeNull();
    });
  }
});
