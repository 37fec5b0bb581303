import type { CancelPreview } from '#shared/disruptions.ts';

type Caller = CancelPreview['callList'][number];

const PRINT_STYLE = `
  body { font: 12pt system-ui, sans-serif; color: #0f172a; margin: 0; }
  h1 { font-size: 16pt; margin: 0 0 4pt; }
  p { margin: 0 0 12pt; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 6pt 8pt 6pt 0; border-bottom: 1px solid #cbd5e1; vertical-align: top; }
  td.ref { font-family: ui-monospace, monospace; }
  td.called { width: 20%; }
`;

/**
 * Prints the call list alone, from a document of its own in a hidden frame: printing the page
 * would print the open dialog over Ticketing. Built with DOM calls, so a passenger's name is
 * text, never markup.
 */
export function printCallList(title: string, subtitle: string, callers: readonly Caller[]): void {
  // A frame left by a print whose afterprint never came (a headless browser).
  for (const old of document.querySelectorAll('iframe[data-call-list]')) old.remove();
  const frame = document.createElement('iframe');
  frame.dataset.callList = '';
  frame.title = title;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  Object.assign(frame.style, {
    position: 'fixed',
    left: '-10000px',
    top: '0',
    width: '800px',
    height: '600px',
    border: '0',
  });
  document.body.append(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  doc.title = title;
  const style = doc.createElement('style');
  style.textContent = PRINT_STYLE;
  doc.head.append(style);

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) => {
    const node = doc.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  };
  const table = el('table');
  const head = el('tr');
  for (const label of ['Reference', 'Passenger', 'Persons', 'Phone', 'Called']) head.append(el('th', label));
  table.append(el('thead'), el('tbody'));
  table.tHead?.append(head);
  for (const caller of callers) {
    const row = el('tr');
    row.append(
      el('td', caller.reference, 'ref'),
      el('td', caller.name),
      el('td', String(caller.persons)),
      el('td', caller.phone ?? 'No phone'),
      el('td', '', 'called'),
    );
    table.tBodies[0]?.append(row);
  }
  doc.body.append(el('h1', title), el('p', subtitle), table);

  win.addEventListener('afterprint', () => frame.remove(), { once: true });
  win.print();
}
