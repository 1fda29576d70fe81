import express from 'express';
import supertest from 'supertest';
import { API_REFERENCE_PATH, ENDPOINTS, OPENAPI_DOCUMENT_PATH } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import { createApiReference } from './apiReference.js';

describe('the API reference', () => {
  const api = supertest(express().use(createApiReference()));

  it('answers the generated OpenAPI document, one operation per endpoint', async () => {
    const response = await api.get(OPENAPI_DOCUMENT_PATH).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).reduce((count, item) => count + Object.keys(item).length, 0);
    expect(operations).toBe(ENDPOINTS.length);
  });

  it('serves the page and the viewer’s own files, and nothing else of the viewer package', async () => {
    const page = await api.get(API_REFERENCE_PATH).expect(200);
    expect(page.text).toContain(`${API_REFERENCE_PATH}/swagger-ui-bundle.js`);
    expect(page.text).not.toMatch(/https?:\/\//);
    await api
      .get(`${API_REFERENCE_PATH}/swagger-ui-bundle.js`)
      .expect(200)
      .expect('content-type', /javascript/);
    await api.get(`${API_REFERENCE_PATH}/swagger-ui.css`).expect(200).expect('content-type', /css/);
    const start = await api.get(`${API_REFERENCE_PATH}/start.js`).expect(200);
    expect(start.text).toContain(OPENAPI_DOCUMENT_PATH);
    expect(start.text).toContain('validatorUrl: null');
    // The package's own index points at a public demo; it is not served.
    await api.get(`${API_REFERENCE_PATH}/index.html`).expect(404);
    await api.get(`${API_REFERENCE_PATH}/swagger-initializer.js`).expect(404);
  });
});
