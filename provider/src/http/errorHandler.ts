import type { ErrorRequestHandler, RequestHandler } from 'express';
import { apiErrorBody, ErrorCode, HttpErrorKind, JSON_BODY_MAX_BYTES } from '@halo/shared';
import { HttpError } from '../errors/httpError.js';
import { log } from '../log.js';

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Renders every failure in the spec's error format; bad input is a 400, never a 500. */
export const errorHandler: ErrorRequestHandler = (error: unknown, _request, response, _next) => {
  if (error instanceof HttpError) {
    if (error.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(error.retryAfterSeconds));
    response.status(error.status).json(error.body);
    return;
  }
  const parserError = error as BodyParserError;
  if (parserError?.type === 'entity.parse.failed') {
    response.status(400).json(apiErrorBody(ErrorCode.MISSING_VALUES, 'Malformed JSON body'));
    return;
  }
  if (parserError?.type === 'entity.too.large') {
    response
      .status(400)
      .json(
        apiErrorBody(ErrorCode.MISSING_VALUES, `Request body too large: at most ${JSON_BODY_MAX_BYTES} bytes (1 MB)`),
      );
    return;
  }
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
    response.status(400).json(apiErrorBody(ErrorCode.MISSING_VALUES, 'Unreadable request body'));
    return;
  }
  log.error({ err: error }, 'unexpected error');
  response.status(500).json(apiErrorBody(HttpErrorKind.INTERNAL, 'Internal Server Error'));
};

export const notFoundHandler: RequestHandler = (_request, response) => {
  response.status(404).json(apiErrorBody(HttpErrorKind.NOT_FOUND, 'Not found'));
};
