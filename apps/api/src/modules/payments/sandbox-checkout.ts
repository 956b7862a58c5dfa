import type { Translator } from '@skillroute/shared/i18n/translator';
import { formatPaise } from '@skillroute/shared/money';
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_SUCCEEDS } from '@skillroute/shared/payments';
import { formatSessionTime } from '../bookings/announcement-texts';

/**
 * The sandbox's checkout page (DESIGN.md §4): plain HTML served by the api, with no script, so it works under
 * the app's CSP and with nothing loaded from elsewhere. It says on every line that it is a test. It is written in
 * the visitor's language (the request's), like the app around it.
 */
export interface SandboxCheckoutView {
  /** Where the form posts (this page's own path). */
  action: string;
  mentorName: string;
  mentorProfilePath: string;
  startTime: Date;
  /** The payer's zone: the time is written on their clock, with the zone named (DESIGN.md §4b). */
  timeZone: string;
  amountPaise: number;
  /** A message the api chose (never the visitor's input), after a form that was refused. */
  error?: string | undefined;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const styles = `
  :root { color-scheme: light dark; --bg: #f8fafc; --card: #ffffff; --text: #0f172a; --muted: #475569; --line: #cbd5e1; --accent: #4f46e5; --danger: #b91c1c; --warn-bg: #fef3c7; --warn-text: #78350f; }
  @media (prefers-color-scheme: dark) { :root { --bg: #020617; --card: #0f172a; --text: #f1f5f9; --muted: #cbd5e1; --line: #334155; --accent: #a5b4fc; --danger: #fca5a5; --warn-bg: #422006; --warn-text: #fde68a; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: var(--bg); color: var(--text); }
  main { max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
  .banner { background: var(--warn-bg); color: var(--warn-text); border-radius: .5rem; padding: .75rem 1rem; font-weight: 600; }
  .card { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1.25rem; margin-top: 1rem; }
  h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
  .amount { font-size: 1.75rem; font-weight: 700; margin: .25rem 0 1rem; }
  label { display: block; font-weight: 600; margin-bottom: .25rem; }
  input { width: 100%; font: inherit; padding: .6rem .75rem; border: 1px solid var(--line); border-radius: .5rem; background: var(--bg); color: var(--text); }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .error { color: var(--danger); margin: .5rem 0 0; }
  .hint { color: var(--muted); font-size: .9rem; }
  button { margin-top: 1rem; width: 100%; font: inherit; font-weight: 600; padding: .7rem; border: 0; border-radius: .5rem; background: var(--accent); color: var(--bg); cursor: pointer; }
  a { color: var(--accent); }
`;

function page({ locale, t }: Translator, body: string): string {
  const title = t('Test checkout · Skillroute');
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

const banner = ({ t }: Translator): string =>
  `<p class="banner" role="note">${escapeHtml(t("Test mode: this is Skillroute's sandbox checkout. No real card is charged and no money moves."))}</p>`;

export function renderSandboxCheckout(view: SandboxCheckoutView, translator: Translator): string {
  const { t } = translator;
  const error =
    view.error === undefined
      ? ''
      : `<p class="error" id="card-error" role="alert">${escapeHtml(translator.translate(view.error))}</p>`;
  const describedBy = view.error === undefined ? 'card-hint' : 'card-error card-hint';
  const amount = formatPaise(view.amountPaise);
  const time = formatSessionTime(view.startTime, view.timeZone, translator.locale);
  return page(
    translator,
    `${banner(translator)}
    <div class="card">
      <h1>${escapeHtml(t('Pay for your session with {name}', { name: view.mentorName }))}</h1>
      <p class="hint">${escapeHtml(t('{time} · one hour', { time }))}</p>
      <p class="amount">${escapeHtml(amount)}</p>
      <form method="post" action="${escapeHtml(view.action)}">
        <label for="card-number">${escapeHtml(t('Card number'))}</label>
        <input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="off" required aria-describedby="${describedBy}"${view.error === undefined ? '' : ' aria-invalid="true" autofocus'}>
        ${error}
        <p class="hint" id="card-hint">${escapeHtml(t('Test cards: {succeeds} succeeds; {declined} is declined.', { succeeds: SANDBOX_CARD_SUCCEEDS, declined: SANDBOX_CARD_DECLINED }))}</p>
        <button type="submit">${escapeHtml(t('Pay {amount} (test)', { amount }))}</button>
      </form>
    </div>
    <p><a href="${escapeHtml(view.mentorProfilePath)}">${escapeHtml(t('Back to {name}', { name: view.mentorName }))}</a></p>`,
  );
}

/**
 * The page instead of the form: signed out, not one's booking, or no longer waiting for payment. Its message and
 * link are the service's English (made with `msg`), written here in the visitor's language.
 */
export function renderSandboxNotice(
  message: string,
  link: { href: string; label: string },
  translator: Translator,
): string {
  const { translate } = translator;
  return page(
    translator,
    `${banner(translator)}<div class="card"><h1>${escapeHtml(translate(message))}</h1><p><a href="${escapeHtml(link.href)}">${escapeHtml(translate(link.label))}</a></p></div>`,
  );
}
