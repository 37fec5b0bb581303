// A local HTTP server that answers as BML Connect's documented API does (docs/decisions/042): the
// key in `Authorization` (401 otherwise), a transaction opened at POST /public/v2/transactions
// with its hosted page in `url`, and read back at GET /public/transactions/:id. A test plays the
// bank by changing a transaction's `state`, `amount` or `currency` in `transactions`.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SeenRequest = { method: string; url: string; authorization: string | undefined; body: unknown };

export type BmlStandIn = {
  /** Its address, for BML_API_URL. */
  base: string;
  transactions: Map<string, Record<string, unknown>>;
  /** Every request, in order. */
  seen: SeenRequest[];
  close(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
  });
}

/** Starts the stand-in; `pageUrl` makes a transaction's hosted page (on the stand-in itself by default). */
export async function startBmlStandIn(opts: {
  apiKey: string;
  pageUrl?: (base: string, id: string) => string;
}): Promise<BmlStandIn> {
  const transactions = new Map<string, Record<string, unknown>>();
  const seen: SeenRequest[] = [];
  let base = '';
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      body: body ? JSON.parse(body) : null,
    });
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== opts.apiKey) return reply(401, { message: 'Unauthorized' });
    if (req.method === 'POST' && req.url === '/public/v2/transactions') {
      const asked = JSON.parse(body) as Record<string, unknown>;
      const id = `txn_${transactions.size + 1}`;
      const transaction = {
        id,
        amount: asked.amount,
        currency: asked.currency,
        localId: asked.localId,
        state: 'INITIATED',
        url: opts.pageUrl ? opts.pageUrl(base, id) : `${base}/web/${id}`,
      };
      transactions.set(id, transaction);
      return reply(201, transaction);
    }
    const read = /^\/public\/transactions\/([^/]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && read?.[1]) {
      const found = transactions.get(decodeURIComponent(read[1]));
      return found ? reply(200, found) : reply(404, { message: 'Not found' });
    }
    return reply(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    transactions,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
