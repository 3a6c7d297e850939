import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { z } from 'zod';
import { i18next, initI18n } from '../lib/i18n.ts';
import { validationMessage, zodFieldErrors } from './form-errors.ts';

describe('a refusal on screen', () => {
  beforeAll(() => void initI18n('en'));
  afterEach(async () => void (await i18next.changeLanguage('en')));

  it('follows a change of the interface language, a field’s limit included', async () => {
    const parsed = z
      .object({
        name: z.string().min(1, 'validation.required'),
        code: z.string().max(3, 'validation.max_length'),
      })
      .safeParse({ name: '', code: 'ABCDE' });
    const errors = parsed.success ? {} : zodFieldErrors(parsed.error.issues);
    render(
      <p>
        <span data-testid="name">{errors.name}</span> <span data-testid="code">{errors.code}</span>{' '}
        <span data-testid="files">{validationMessage('validation.required')}</span>
      </p>,
    );
    expect(screen.getByTestId('name').textContent).toBe('This field is required.');
    const englishCode = screen.getByTestId('code').textContent;
    expect(englishCode).toContain('3');
    await act(async () => void (await i18next.changeLanguage('es')));
    expect(screen.getByTestId('name').textContent).toBe('Este campo es obligatorio.');
    expect(screen.getByTestId('files').textContent).toBe('Este campo es obligatorio.');
    expect(screen.getByTestId('code').textContent).toContain('3');
    expect(screen.getByTestId('code').textContent).not.toBe(englishCode);
    await act(async () => void (await i18next.changeLanguage('ca')));
    expect(screen.getByTestId('name').textContent).toBe('Aquest camp és obligatori.');
  });
});
