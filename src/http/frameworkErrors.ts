import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_ID_CHARS } from './schemas.ts';

/** An error answer in the service's shape: `{detail, error_code}`. */
export interface ClientErrorAnswer {
  status: number;
  detail: string;
  error_code: string;
}

const JSON_HINT = 'send the body as JSON with the header `Content-Type: application/json`';

/** Fastify's own 4xx errors (body parser, router), told in the service's words. */
export function describeClientError(error: FastifyError, request: FastifyRequest): ClientErrorAnswer {
  const status = error.statusCode ?? 400;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
      const given = request.headers['content-type'];
      const what = given ? `Content-Type '${given}' is not supported` : 'the request has a body but no Content-Type';
      return { status, detail: `Unsupported Media Type: ${what}; ${JSON_HINT}`, error_code: 'unsupported_media_type' };
    }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status, detail: `Request body is too large: at most ${request.server.initialConfig.bodyLimit} bytes are accepted`, error_code: 'body_too_large' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status, detail: 'Request body size did not match Content-Length', error_code: 'bad_content_length' };
    default:
      return { status, detail: error.message, error_code: (error.code ?? 'bad_request').replace(/^FST_ERR_/, '').toLowerCase() };
  }
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a path that is not valid
 * percent-encoding (400 `bad_url`), and a path segment longer than any id (422, like every over-long id).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(422).send({
      detail: [{ loc: ['path'], msg: `Ids are at most ${MAX_ID_CHARS} characters`, type: 'string_too_long' }],
    });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send({ detail: 'Malformed URL: the path is not valid percent-encoding', error_code: 'bad_url' });
  }
  return reply.code(error.statusCode ?? 500).send({ detail: error.message, error_code: (error.code ?? 'internal_error').replace(/^FST_ERR_/, '').toLowerCase() });
}

/** What the HTTP parser's own errors (Node's `clientError`) answer, before Fastify sees a request. */
export function parserErrorAnswer(error: NodeJS.ErrnoException): ClientErrorAnswer {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, detail: 'Request header fields too large: the URL and headers together exceed the server limit', error_code: 'headers_too_large' };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, detail: 'Request timeout', error_code: 'request_timeout' };
  return { status: 400, detail: 'Malformed HTTP request', error_code: 'bad_request' };
}

/** Fastify's `clientErrorHandler`: the answer of `parserErrorAnswer`, written on the raw socket, which is then closed. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail, error_code } = parserErrorAnswer(error);
  const body = JSON.stringify({ detail, error_code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
