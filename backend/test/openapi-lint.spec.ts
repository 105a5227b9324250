import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { SwaggerModule } from '@nestjs/swagger';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The rules of Spectral's `spectral:oas` ruleset that matter to an integrator, over the app's own
 * OpenAPI document (/api/docs-json): path parameters declared, operations described and tagged
 * with described tags, operationIds unique. (Spectral itself is not a dependency of the project.)
 */
interface Parameter { name: string; in: string; required?: boolean }
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: (Parameter | { $ref: string })[];
  responses?: Record<string, unknown>;
}
interface Document {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation | Parameter[]>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let app: TestApp;
let doc: Document;
let operations: { key: string; path: string; op: Operation; pathParams: Parameter[] }[];
/** How many times the app built its document: at start, on the first request, after it. */
const builds: number[] = [];

beforeAll(async () => {
  const createDocument = jest.spyOn(SwaggerModule, 'createDocument');
  app = await startTestApp();
  builds.push(createDocument.mock.calls.length);
  doc = (await app.request().get('/api/docs-json').expect(200)).body as Document;
  builds.push(createDocument.mock.calls.length);
  await app.request().get('/api/docs').expect(200);
  await app.request().get('/api/docs-json').expect(200);
  builds.push(createDocument.mock.calls.length);
  createDocument.mockRestore();
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => m in item).map((m) => ({
      key: `${m.toUpperCase()} ${path}`,
      path,
      op: item[m] as Operation,
      pathParams: ((item.parameters as Parameter[] | undefined) ?? []).filter((p) => p.in === 'path'),
    })),
  );
});
afterAll(async () => app.close());

describe('the OpenAPI document (spectral:oas)', () => {
  it('has operations to check', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('is built on its first request, not at start, and once (issue 32: it took ~0.4 s of every start)', () => {
    expect(builds).toEqual([0, 1, 1]);
  });

  it('path-params: every {parameter} of a path is declared, required, once, and nothing else is', () => {
    const problems: string[] = [];
    for (const { key, path, op, pathParams } of operations) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = [...pathParams, ...((op.parameters ?? []).filter((p) => 'in' in p && p.in === 'path') as Parameter[])];
      for (const name of inPath) {
        const found = declared.filter((p) => p.name === name);
        if (found.length === 0) problems.push(`${key}: {${name}} is not declared`);
        else if (found.length > 1) problems.push(`${key}: {${name}} is declared ${found.length} times`);
        else if (!found[0].required) problems.push(`${key}: {${name}} is not required`);
      }
      for (const p of declared) if (!inPath.includes(p.name)) problems.push(`${key}: declares path parameter ${p.name}, absent from the path`);
    }
    expect(problems).toEqual([]);
  });

  it('operation-description: every operation has a summary and a description', () => {
    const missing = operations.filter(({ op }) => !op.summary?.trim() || !op.description?.trim()).map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it('operation-description: each description says who may call it and, when it can fail, its errors', () => {
    const problems: string[] = [];
    for (const { key, op } of operations) {
      const role = (op as Record<string, unknown>)['x-required-role'];
      if (typeof role === 'string' && !op.description?.includes(`Role: ${role}`)) problems.push(`${key}: no "Role: ${role}"`);
      const errors = Object.keys(op.responses ?? {}).filter((s) => Number(s) >= 400);
      for (const status of errors) if (!op.description?.includes(status)) problems.push(`${key}: does not mention ${status}`);
    }
    expect(problems).toEqual([]);
  });

  it('operation-tags, operation-tag-defined, openapi-tags, tag-description: every operation is grouped under a declared, described tag', () => {
    const declared = new Map((doc.tags ?? []).map((t) => [t.name, t.description ?? '']));
    const problems: string[] = [];
    for (const { key, op } of operations) {
      if (!op.tags?.length) problems.push(`${key}: no tag`);
      for (const tag of op.tags ?? []) if (!declared.has(tag)) problems.push(`${key}: tag "${tag}" is not in the global tags`);
    }
    for (const [name, description] of declared) if (!description.trim()) problems.push(`tag "${name}" has no description`);
    expect(problems).toEqual([]);
    expect(new Set(declared.keys()).size).toBe(doc.tags?.length);
  });

  it('operation-operationId-unique: operationIds are present and unique', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
