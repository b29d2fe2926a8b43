import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

/**
 * Storage's error answers, as hosted Storage renders them (supabase/storage, src/internal/errors):
 * the body `{ statusCode, code, error, message }` carries the error's own status as a string
 * ("404" for NoSuchKey), while the HTTP status is 400 for every error that is not a 500 (the main
 * API's error handler answers `userStatusCode`), unless an error sets its own (403 for a token that
 * is not a user's, 416 for a range). supabase-js reads `message`, `statusCode` and the HTTP status.
 * Docs: https://supabase.com/docs/guides/storage/debugging/error-codes
 */

export class StorageError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly error: string;
  readonly httpStatus: number;
  constructor(
    code: string,
    statusCode: number,
    message: string,
    error = code,
    httpStatus?: number,
  ) {
    super(message);
    this.code = code;
    this.statusCode = statusCode;
    this.error = error;
    this.httpStatus = httpStatus ?? (statusCode >= 500 ? 500 : 400);
  }

  body(): Record<string, string> {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error,
      message: this.message,
    };
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  noSuchUpload: () => new StorageError('NoSuchUpload', 404, 'Upload not found'),
  invalidJwt: (message = 'Invalid JWT') => new StorageError('InvalidJWT', 400, message),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError('InvalidSignature', 400, message),
  expiredSignature: () => new StorageError('ExpiredToken', 400, 'The provided token has expired.'),
  accessDenied: (message = 'Access denied') =>
    new StorageError('AccessDenied', 403, message, 'Unauthorized'),
  alreadyExists: () =>
    new StorageError('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  entityTooLarge: () =>
    new StorageError(
      'EntityTooLarge',
      413,
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageError(
      'InvalidMimeType',
      415,
      `mime type ${mimeType} is not supported`,
      'invalid_mime_type',
    ),
  invalidKey: (key: string) => new StorageError('InvalidKey', 400, `Invalid key: ${key}`),
  missingParameter: (name: string) =>
    new StorageError('MissingParameter', 400, `Missing Required Parameter ${name}`),
  invalidRequest: (message: string) => new StorageError('InvalidRequest', 400, message),
};

export function sendStorageError(res: ServerResponse, error: StorageError): void {
  sendJson(res, error.httpStatus, error.body());
}

/**
 * Maps a database error the way Storage's DBError does: 42501 (RLS) → AccessDenied "new row
 * violates row-level security policy", 23505 → ResourceAlreadyExists; anything else is rethrown.
 */
export function fromDatabaseError(error: unknown): StorageError {
  const code = (error as { code?: string }).code;
  const message = (error as { message?: string }).message ?? '';
  if (code === '42501') {
    return storageErrors.accessDenied(
      message.includes('row-level security')
        ? 'new row violates row-level security policy'
        : message,
    );
  }
  if (code === '23505') return storageErrors.alreadyExists();
  throw error;
}
