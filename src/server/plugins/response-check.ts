import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { apiErrorSchema } from '#shared/error-codes.ts';

type ResponseMismatch = { method: string; url: string; status: number; problem: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** What the response check found wrong; only with `checkResponses` (tests/setup/test-app.ts). */
    responseMismatches: ResponseMismatch[];
  }
}

/** The declared schema for a status: the exact code, then its class ('2xx'), then 'default'. */
function responseSchemaFor(response: FastifySchema['response'], status: number): z.ZodType | undefined {
  if (!response || typeof response !== 'object') return undefined;
  const byStatus = response as Record<string, z.ZodType | undefined>;
  return byStatus[String(status)] ?? byStatus[`${String(status)[0]}xx`] ?? byStatus.default;
}

/** Keys the value has that the parsed value lost: fields the schema does not declare. */
function undeclared(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => undeclared(item, parsed[i], `${path}[${i}]`));
  }
  if (!sent || typeof sent !== 'object' || !parsed || typeof parsed !== 'object') return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    key in parsed
      ? undeclared(value, (parsed as Record<string, unknown>)[key], path ? `${path}.${key}` : key)
      : [path ? `${path}.${key}` : key],
  );
}

/** Why a JSON answer does not match its schema, or null when it does. */
function responseMismatch(schema: z.ZodType, body: unknown): string | null {
  const result = schema.safeParse(body);
  if (!result.success) {
    return result.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  }
  const extra = undeclared(body, result.data, '');
  return extra.length > 0 ? `undeclared fields: ${extra.join(', ')}` : null;
}

/**
 * For the tests (docs/decisions/014-one-validation-path.md): every JSON answer is checked
 * against the response schema its route declares for that status, strictly (a field the schema
 * does not name is a mismatch too), so a response schema cannot lie. A JSON answer without a
 * schema, or one that does not match, is recorded and turned into a 500, and the test app
 * refuses to close while any is recorded. Runs before compression, on the text as sent.
 */
async function responseCheck(app: FastifyInstance): Promise<void> {
  const mismatches: ResponseMismatch[] = [];
  app.decorate('responseMismatches', mismatches);
  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (typeof payload !== 'string' || !/[/+]json\b/.test(type)) return payload;
    const status = reply.statusCode;
    // No route matched: the not-found handler answers with the error shape.
    const schema =
      req.routeOptions.url === undefined && status >= 400
        ? apiErrorSchema
        : responseSchemaFor(req.routeOptions.schema?.response, status);
    const problem = schema
      ? responseMismatch(schema, JSON.parse(payload))
      : `no response schema for ${status}`;
    if (!problem) return payload;
    const mismatch = { method: req.method, url: req.routeOptions.url ?? req.url, status, problem };
    mismatches.push(mismatch);
    throw new Error(`Response does not match its schema: ${JSON.stringify(mismatch)}`);
  });
}

export default fp(responseCheck, { name: 'response-check' });
