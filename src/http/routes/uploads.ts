/**
 * Resolution uploads of a project: POST /v1/projects/{id}/resolutions (the published client's
 * resolutionUpload: `{filename, data: ResolutionBody[]}` as JSON, or a CSV file with a header
 * row), their progress, the list of a project's uploads and the CSV export of the results.
 * Thin: check the request's shape, call UploadService. Rows are checked one by one by the job,
 * so a bad row fails with its number and never stops the rest.
 */
import { Readable } from 'node:stream';
import express from 'express';
import { badParameter, badParameters } from '../../domain/errors';
import { UploadService } from '../../services/uploads';
import { EXPORT_HEADER, csvLines, resultLine } from '../../services/uploads/exportCsv';
import { MAX_UPLOAD_ROWS, csvRows } from '../../services/uploads/rows';
import type { RouteRegistry } from '../registry';

/** Bytes an upload's body may have: 100,000 rows of a few attributes each. */
export const MAX_UPLOAD_BYTES = '64mb';
const id = { type: 'string', minLength: 1, maxLength: 128 };
const projectParams = { project_id: id };
const uploadParams = { project_id: id, upload_id: id };
const errors = { 400: 'bad parameter', 401: 'no valid token', 403: 'role too low', 404: 'project or upload not found or not visible', 409: 'project archived', 413: 'body too large', 429: 'rate limit exceeded' };
const BODY_FIELDS = ['filename', 'data', 'enable_llm_clean'];

function filenameOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw badParameter('filename', 'is required (a non-empty string)');
  if (value.length > 256) throw badParameter('filename', 'at most 256 characters');
  return value.trim();
}

/** The file name of a CSV body: Content-Disposition's `filename` (as a browser sends a file), else upload.csv. */
function csvFilename(disposition: string | undefined): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  if (!m) return 'upload.csv';
  try {
    return decodeURIComponent(m[1]);
  } catch {
    throw badParameter('filename', 'the Content-Disposition file name is not valid percent-encoding');
  }
}

/** The file name and rows of a JSON body `{filename, data, enable_llm_clean?}`. */
function jsonUpload(body: unknown): { file: string; rows: unknown[] } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badParameter('body', 'a JSON object {filename, data} or a CSV file is required');
  const b = body as Record<string, unknown>;
  const unknown = Object.keys(b).filter((k) => !BODY_FIELDS.includes(k));
  if (unknown.length) throw badParameters(unknown.map((k) => `${k}: unknown field`));
  const file = filenameOf(b.filename);
  if (b.enable_llm_clean !== undefined && typeof b.enable_llm_clean !== 'boolean') throw badParameter('enable_llm_clean', 'must be boolean');
  if (!Array.isArray(b.data)) throw badParameter('data', 'is required (an array of ResolutionBody rows)');
  if (b.data.length === 0) throw badParameter('data', 'must have at least 1 row');
  if (b.data.length > MAX_UPLOAD_ROWS) throw badParameter('data', `at most ${MAX_UPLOAD_ROWS} rows`);
  return { file, rows: b.data };
}

export function registerUploadRoutes(registry: RouteRegistry, uploads: UploadService): void {
  registry.add({
    method: 'post', creates: true, path: '/v1/projects/:project_id/resolutions', tag: 'projects', credits: 0,
    summary: 'Upload rows of resolution attributes (JSON {filename, data} or a CSV file); each row becomes a project entity (editor)',
    params: projectParams,
    query: { type: 'object', additionalProperties: false, properties: {} },
    bodyReaders: [express.json({ limit: MAX_UPLOAD_BYTES }), express.text({ type: ['text/csv', 'application/csv'], limit: MAX_UPLOAD_BYTES })],
    responses: { 200: 'ResolutionUploadResponse {file, uploaded, count} and the upload id', ...errors },
    handler: async ({ req, principal, params }) => {
      const type = req.headers['content-type'] ?? '';
      let upload: { file: string; rows: unknown[] };
      if (/^(text|application)\/csv\b/i.test(type)) {
        const rows = csvRows(typeof req.body === 'string' ? req.body : '');
        if (rows.length === 0) throw badParameter('data', 'must have at least 1 row');
        upload = { file: filenameOf(csvFilename(req.headers['content-disposition'])), rows };
      } else if (/^application\/json\b/i.test(type)) {
        upload = jsonUpload(req.body);
      } else {
        throw badParameter('body', 'Content-Type must be application/json or text/csv');
      }
      return { body: await uploads.upload(principal, params.project_id, upload.file, upload.rows) };
    },
  });

  registry.add<{ offset: number; limit: number }>({
    method: 'get', path: '/v1/projects/:project_id/resolutions', tag: 'projects', credits: 0,
    summary: 'The uploads of a project, newest first, with their progress (viewer)', params: projectParams,
    query: {
      type: 'object', additionalProperties: false,
      properties: { offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
    },
    responses: { 200: '{offset, limit, next, size, data: Upload[]}', ...errors },
    handler: async ({ principal, params, query }) => ({ body: await uploads.list(principal, params.project_id, query.offset, query.limit) }),
  });

  registry.add({
    method: 'get', path: '/v1/projects/:project_id/resolutions/:upload_id', tag: 'projects', credits: 0,
    summary: 'An upload\'s progress and counts, with its first failed rows (viewer)', params: uploadParams,
    responses: { 200: '{data: Upload & {failures: [{row, reason}]}}', ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await uploads.progress(principal, params.project_id, params.upload_id) } }),
  });

  registry.add({
    method: 'get', path: '/v1/projects/:project_id/resolutions/:upload_id/results', tag: 'projects', credits: 0,
    summary: 'The results of an upload\'s processed rows as CSV, one line per row (viewer)', params: uploadParams,
    produces: ['text/csv'],
    responses: { 200: 'text/csv: row, input, project entity, best match id, label, score, strength, risk factors, explanation per field, error', ...errors },
    handler: async ({ principal, params }) => {
      // Streamed a page of results at a time; a 404 is answered before the stream starts.
      const pages = await uploads.results(principal, params.project_id, params.upload_id);
      const lines = async function* () {
        yield csvLines([EXPORT_HEADER]);
        for await (const page of pages) yield csvLines(page.map(resultLine));
      };
      return {
        body: Readable.from(lines()), contentType: 'text/csv',
        headers: { 'content-disposition': `attachment; filename="upload-${params.upload_id.replace(/[^\w.-]/g, '_')}.csv"` },
      };
    },
  });
}
