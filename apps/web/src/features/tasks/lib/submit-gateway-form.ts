import type { PaymentForm } from '@verba/contracts';

/** Builds the bank's hidden form and submits it (the browser leaves the portal). */
export function submitGatewayForm(form: PaymentForm): void {
  const element = document.createElement('form');
  element.method = form.method || 'POST';
  element.action = form.action;
  element.style.display = 'none';
  for (const [name, value] of Object.entries(form.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.append(input);
  }
  document.body.append(element);
  element.submit();
}
