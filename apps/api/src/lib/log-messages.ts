import { TASK_STATES, type Locale } from '@verba/contracts';
import type en from '../i18n/en/logs.json';
import { hasMessage, translator } from './i18n.ts';

/**
 * Action-log rows keep what happened as a message key and its values, so each reader
 * sees it in their own language; the English text is stored beside them for old readers and search.
 */
type Descriptions = (typeof en)['log']['descriptions'];
/** A message with plural forms is one key to its writers: `tasks.created` for `created_one` and `created_other`. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
export type LogKey = {
  [G in keyof Descriptions]: `${G & string}.${WithoutPlural<keyof Descriptions[G] & string>}`;
}[keyof Descriptions];
export type LogParams = Record<string, string | number>;

/**
 * The value that chooses the plural form of a description ("1 file", "2 files"), for the keys whose writers store
 * that number under a name of its own (the stored rows keep it; it is passed to i18next as `count` too). Keys that
 * store `count` themselves need no entry. A second number in the same sentence is a nested `log.counts.*` message.
 */
const COUNT_PARAM: Partial<Record<LogKey, string>> = {
  'tasks.created': 'files',
  'tasks.edited': 'added',
  'tasks.delivered_batch': 'files',
  'tasks.delivered_batch_learned': 'files',
  'tasks.delivered_learned': 'units',
  'guest_quotes.registered': 'files',
  'invoices.issued': 'tasks',
  'glossaries.uploaded': 'terms',
  'memories.imported': 'units',
  'memories.exported': 'units',
  'memories.deleted': 'units',
  'payments.amount_mismatch': 'got',
};

/** Whether a description key exists, as a plain message or with plural forms. */
const hasDescription = (key: string) =>
  hasMessage(`log.descriptions.${key}`) || hasMessage(`log.descriptions.${key}_other`);

const STATES = new Set<string>(TASK_STATES);

/** Values that are codes of their own (task states, refusal reasons, where a bank answer came from, payment statuses) are translated too. */
/** A decimal such as an amount (`1234.50`) in the reader's notation (`1.234,50` in es and ca). */
function localDecimals(locale: Locale, text: string): string {
  return text.replace(/(?<![\w.])-?\d+\.\d+(?![\w.])/g, (n) => {
    const decimals = n.length - n.indexOf('.') - 1;
    return new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(Number(n));
  });
}

function localParams(
  t: (key: string) => string,
  locale: Locale,
  params: LogParams,
  namedStates: boolean,
): LogParams {
  const out: LogParams = { ...params };
  for (const [name, value] of Object.entries(params)) {
    // amounts and the minimum rates' list read in the reader's notation (stored text stays plain)
    if (namedStates && typeof value === 'string' && (/^-?\d+\.\d+$/.test(value) || name === 'rates'))
      out[name] = localDecimals(locale, value);
    if (namedStates && (name === 'from' || name === 'to' || name === 'state') && STATES.has(String(value)))
      out[name] = t(`log.states.${value}`);
    if (name === 'reason' && hasMessage(`log.reasons.${value}`)) out[name] = t(`log.reasons.${value}`);
    if (name === 'via' && hasMessage(`log.via.${value}`)) out[name] = t(`log.via.${value}`);
    if (name === 'status' && hasMessage(`log.payment_statuses.${value}`))
      out[name] = t(`log.payment_statuses.${value}`);
  }
  return out;
}

/**
 * The description of a key in `locale`; null when the key is unknown (the stored text is shown then).
 * `codes: 'raw'` keeps task states as codes (the stored English text, as searched and read before).
 */
export function renderLogDescription(
  locale: Locale,
  key: string | null,
  params: LogParams | null,
  codes: 'named' | 'raw' = 'named',
): string | null {
  if (!key || !hasDescription(key)) return null;
  const t = translator(locale);
  const values = params ?? {};
  const counted = COUNT_PARAM[key as LogKey];
  const count = counted === undefined ? values.count : values[counted];
  const text = t(`log.descriptions.${key}`, {
    ...localParams(t, locale, values, codes === 'named'),
    ...(count === undefined ? {} : { count: Number(count) }),
  });
  // a call made with a personal API token says so, whatever it did
  return values.via_token === undefined ? text : `${text} ${t('log.via_token', { name: values.via_token })}`;
}

/** The name of an action code in `locale`, or the code itself when it has none. */
export function actionLabel(locale: Locale, action: string): string {
  return hasMessage(`log.actions.${action}`) ? translator(locale)(`log.actions.${action}`) : action;
}

/** Every action code with a name, for the filter's list. */
export function knownActions(): string[] {
  const t = translator('en');
  const groups = t('log.actions', { returnObjects: true }) as unknown as Record<
    string,
    Record<string, string>
  >;
  return Object.entries(groups).flatMap(([group, actions]) =>
    Object.keys(actions).map((a) => `${group}.${a}`),
  );
}
