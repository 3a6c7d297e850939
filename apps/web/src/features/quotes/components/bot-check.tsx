import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/en';
import 'altcha/i18n/es-es';
import 'altcha/i18n/ca';
import AltchaWorker from 'altcha/worker?worker';
import type { QuoteChallenge } from '@verba/contracts';

// The CSP allows only our own scripts: the proof of work runs in a worker served by us.
globalThis.altchaCreateWorker = () => new AltchaWorker();

const WIDGET_LANGUAGE = { en: 'en', es: 'es-es', ca: 'ca' } as const;

interface BotCheckProps {
  challenge: QuoteChallenge | undefined;
  language: keyof typeof WIDGET_LANGUAGE;
  error: ReactNode;
  /** The solved payload (base64 JSON), or '' when unsolved or expired. */
  onChange: (payload: string) => void;
}

/**
 * The ALTCHA widget (self-hosted proof of work): it solves the challenge of GET /quote/challenge
 * in the browser and hands back the payload the form sends as `recaptcha_token`.
 */
export function BotCheck({ challenge, language, error, onChange }: BotCheckProps) {
  const { t } = useTranslation('quotes');
  const widget = useRef<HTMLElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as AltchaStateChangeEvent).detail;
      changed.current(state === 'verified' && payload ? payload : '');
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, [challenge]);

  if (!challenge) return null;
  return (
    <div data-testid="quote-bot-check" key={challenge.signature}>
      <altcha-widget
        ref={widget}
        challengejson={JSON.stringify(challenge)}
        maxnumber={challenge.maxnumber}
        language={WIDGET_LANGUAGE[language]}
        hidefooter
        hidelogo
        name="recaptcha_token"
      />
      {error ? (
        <Text c="red.8" size="sm" mt={4} role="alert" data-testid="quote-error-recaptcha_token">
          {error}
        </Text>
      ) : (
        <Text size="xs" c="gray.7" mt={4}>
          {t('form.botCheckHelp')}
        </Text>
      )}
    </div>
  );
}
