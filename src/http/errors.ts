import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, InputError } from '../errors.ts';
import { trackAllowedMethods } from './allowedMethods.ts';
import { describeClientError } from './frameworkErrors.ts';

/** One entry of FastAPI's HTTPValidationError. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

const contextToLoc: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** Raised by the JSON body parser so that malformed JSON answers like any other invalid body. */
export class MalformedJsonError extends Error {}

function pathOf(instancePath: string): (string | number)[] {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map(part => (/^\d+$/.test(part) ? Number(part) : part));
}

function validationIssues(error: unknown): ValidationIssue[] | null {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const root = contextToLoc[(error as { validationContext?: string }).validationContext ?? 'body'] ?? 'body';
    return error.validation.map(issue => ({
      loc: [root, ...pathOf(issue.instancePath)],
      msg: issue.message ?? 'Invalid value',
      type: issue.keyword,
    }));
  }
  if (error instanceof InputError) return [{ loc: error.loc, msg: error.message, type: error.type }];
  if (error instanceof MalformedJsonError) return [{ loc: ['body'], msg: error.message, type: 'json_invalid' }];
  return null;
}

/** Network errors of a database client, and SQLSTATE classes 08 (connection) and 57P0x (server shutting down or starting). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE', '57P01', '57P02', '57P03']);

/** A database server that does not answer (PostgreSQL restarting, the network down): a 503 to retry, not a 500. */
function isDatabaseUnreachable(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return true;
  const message = error instanceof Error ? error.message : '';
  // pg's own words for a connection that broke under a query, or for the next statement on it (a rollback, a savepoint).
  return /Connection terminated|timeout exceeded when trying to connect|connection pool is closed|is not queryable/i.test(message);
}

/**
 * The only place errors become responses: 422 in FastAPI's shape, the rest as {detail, error_code}. Call before any
 * route is registered (the 405 answer learns the routes as they are added).
 */
export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const issues = validationIssues(error);
    if (issues) return reply.code(422).send({ detail: issues });
    if (error instanceof AppError) {
      // A wait the client should keep (a lockout) travels as Retry-After too, where HTTP clients look for it.
      if (typeof error.extra.retry_after === 'number') reply.header('retry-after', String(error.extra.retry_after));
      return reply.code(error.status).send({ detail: error.message, error_code: error.code, ...error.extra });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: unsupported media type, body too large, bad URL encoding.
      const { detail, error_code } = describeClientError(error, request);
      return reply.code(status).send({ detail, error_code });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.error({ err: error }, 'database unreachable');
      return reply.code(503).header('retry-after', '5').send({ detail: 'The database is unreachable; nothing was written. Try again shortly.', error_code: 'database_unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error', error_code: 'internal_error' });
  });

  const allowedMethods = trackAllowedMethods(app);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = allowedMethods(path);
    if (allowed.length && !allowed.includes(request.method)) {
      return reply.code(405).header('allow', allowed.join(', ')).send({ detail: 'Method Not Allowed', error_code: 'method_not_allowed' });
    }
    return reply.code(404).send({ detail: 'Not Found', error_code: 'not_found', path });
  });
}
