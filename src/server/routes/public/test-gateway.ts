import { z } from 'zod';
import { AppError } from '#server/lib/errors.ts';
import type { TestGateway } from '#server/lib/payments/test-gateway.ts';
import { routeLimit } from '#server/lib/rate-limit.ts';
import { MSG } from '#shared/messages/api.ts';
import { defineRoutes } from '../define-routes.ts';

const params = z.object({ transactionId: z.string().min(1).max(2000) });

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The built-in test gateway's payment page (docs/decisions/042), served only when
 * PAYMENT_PROVIDER=test (never in production): what a passenger would pay, clearly marked as a
 * test, with Pay and Decline. Either posts our callback as BML Connect would, signed, then sends
 * the browser back to the return page, as the bank's page does.
 */
export default defineRoutes(async (app, { config, clock }) => {
  const provider = app.deps.payments;
  if (provider?.name !== 'test' || !('decide' in provider)) return;
  const gateway = provider as TestGateway;
  // The page's two buttons post an ordinary form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const found = (transactionId: string) => {
    const transaction = gateway.find(transactionId);
    if (!transaction) throw new AppError('payment_not_found', MSG.paymentNotFound, 404);
    return transaction;
  };

  app.get(
    '/test-gateway/:transactionId',
    { schema: { params }, config: routeLimit(config, 'paymentStatus') },
    async (req, reply) => {
      const t = found(req.params.transactionId);
      const amount = `${t.currency} ${(t.amountMinor / 100).toFixed(2)}`;
      const action = `/test-gateway/${encodeURIComponent(t.transactionId)}`;
      const decided =
        t.state === 'open'
          ? `<form method="post" action="${escapeHtml(action)}">
  <button name="outcome" value="paid" class="pay">Pay ${escapeHtml(amount)}</button>
  <button name="outcome" value="declined" class="decline">Decline</button>
</form>`
          : `<p>This payment is already ${t.state === 'paid' ? 'paid' : 'declined'}.</p>
<p><a href="${escapeHtml(t.returnUrl)}">Back to the booking</a></p>`;
      reply.header('Cache-Control', 'no-store');
      // Its own form posts back here: the origin must go with it (the same-origin check).
      reply.header('Referrer-Policy', 'same-origin');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg">
<title>Test payment gateway</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.banner{background:#fef3c7;border:2px dashed #b45309;color:#78350f;border-radius:.75rem;padding:.75rem 1rem;font-weight:600}
.card{background:#fff;border-radius:.75rem;padding:1.25rem;margin-top:1rem;box-shadow:0 1px 3px #0002}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.25rem}
dt{color:#475569}dd{margin:0;font-weight:600}
form{display:grid;gap:.75rem}
button{font:inherit;font-weight:600;min-height:3rem;border-radius:.5rem;border:1px solid transparent;cursor:pointer}
.pay{background:#0369a1;color:#fff}.decline{background:#fff;border-color:#94a3b8;color:#0f172a}
button:focus-visible{outline:3px solid #0ea5e9;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>Test payment gateway</h1>
<p class="banner" role="note">This is a test gateway. No card is charged and no money is taken.</p>
<div class="card">
<dl>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Booking</dt><dd>${escapeHtml(t.customerReference)}</dd>
</dl>
${decided}
</div>
</main>
</body>
</html>`;
    },
  );

  app.post(
    '/test-gateway/:transactionId',
    {
      schema: { params, body: z.object({ outcome: z.enum(['paid', 'declined']) }) },
      config: routeLimit(config, 'paymentChange'),
    },
    async (req, reply) => {
      const t = found(req.params.transactionId);
      try {
        await gateway.decide(t.transactionId, req.body.outcome, clock.now());
      } catch (err) {
        // The return page asks the gateway itself, so a lost callback only delays the answer.
        req.log.warn({ err }, 'the test gateway could not post its callback');
      }
      return reply.redirect(t.returnUrl, 303);
    },
  );
});
