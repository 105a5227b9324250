import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Issue 27, "one shape for every module": services, jobs and webhooks throw domain errors
 * (common/errors/domain-error.ts), never Nest's HTTP exceptions, and services never see Express.
 * Only the HTTP edge (controllers, guards, pipes, filters, common/http) speaks HTTP.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The HTTP edge, where Nest's exceptions belong. */
export function isHttpEdge(path: string): boolean {
  return /\.(controller|guard|pipe|filter)\.ts$/.test(path) || path.startsWith('common/http/');
}

/**
 * Every place a file constructs one of Nest's HTTP exceptions (`new BadRequestException(...)`,
 * `new HttpException(...)`: a name ending in Exception imported from @nestjs/common, also under
 * an alias), and every import of express, as `file:line what`.
 */
export function layeringViolations(path: string, text: string): { httpExceptions: string[]; expressImports: string[] } {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const nestExceptions = new Set<string>();
  const httpExceptions: string[] = [];
  const expressImports: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    if (from === 'express' || from.startsWith('express/')) expressImports.push(`${path}:${line(statement)} imports ${from}`);
    const bindings = statement.importClause?.namedBindings;
    if (from === '@nestjs/common' && bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if (/Exception$/.test((element.propertyName ?? element.name).text)) nestExceptions.add(element.name.text);
      }
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && nestExceptions.has(node.expression.text)) {
      httpExceptions.push(`${path}:${line(node)} new ${node.expression.text}`);
    }
    // `import('express')` and `require('express')` count as seeing Express too.
    if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])
      && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
      && /^express(\/|$)/.test(node.arguments[0].text)) {
      expressImports.push(`${path}:${line(node)} imports ${node.arguments[0].text}`);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal) && /^express(\/|$)/.test(node.argument.literal.text)) {
      expressImports.push(`${path}:${line(node)} imports ${node.argument.literal.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { httpExceptions, expressImports };
}

/** EntityManager reads that belong in the entity's repository (`em.getRepository(X).<named query>`). */
const EM_QUERIES = new Set(['find', 'findOne', 'findOneOrFail', 'findAndCount', 'findAll', 'count']);

/**
 * Every place a file queries an EntityManager directly (`em.find(X, ...)`, `this.em.findOne(...)`,
 * `tx.count(...)`, `ctx.em.findAndCount(...)`: a receiver named em or tx), as `file:line em.find`.
 */
export function entityManagerQueries(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && EM_QUERIES.has(node.expression.name.text)) {
      const receiver = node.expression.expression;
      const name = ts.isIdentifier(receiver) ? receiver.text : ts.isPropertyAccessExpression(receiver) ? receiver.name.text : '';
      if (name === 'em' || name === 'tx') {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push(`${path}:${line} ${name}.${node.expression.name.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Services that still query the EntityManager directly, each with why (file → reason). The test
 * fails on any other, and on one of these once it no longer does.
 */
const EM_QUERY_ALLOWED: Record<string, string> = {};

const FILES = sourceFiles(SRC).map((file) => {
  const path = relative(SRC, file).split(sep).join('/');
  const text = readFileSync(file, 'utf8');
  return { path, ...layeringViolations(path, text), emQueries: entityManagerQueries(path, text) };
});

describe('layering (issue 27)', () => {
  it('only the HTTP edge (controllers, guards, pipes, filters, common/http) throws Nest HTTP exceptions', () => {
    const offending = FILES.filter((f) => !isHttpEdge(f.path)).flatMap((f) => f.httpExceptions);
    expect(offending).toEqual([]);
  });

  it('no service imports express: the controller reads the request and passes plain values', () => {
    const offending = FILES.filter((f) => f.path.endsWith('.service.ts')).flatMap((f) => f.expressImports);
    expect(offending).toEqual([]);
  });

  it("no service queries the EntityManager directly: the entity's repository holds the query (src/README.md)", () => {
    const services = FILES.filter((f) => f.path.endsWith('.service.ts'));
    expect(services.filter((f) => !(f.path in EM_QUERY_ALLOWED)).flatMap((f) => f.emQueries)).toEqual([]);
    const stale = Object.keys(EM_QUERY_ALLOWED).filter((path) => !services.some((f) => f.path === path && f.emQueries.length > 0));
    expect(stale.map((path) => `no longer queries the EntityManager, remove it from EM_QUERY_ALLOWED: ${path}`)).toEqual([]);
  });

  it('finds EntityManager queries by file and line, and not repository calls', () => {
    const text = [
      'export class X {',
      '  a() { return this.em.findOne(User, { id }); }',
      '  b(em) { return em.count(User, {}); }',
      '  c(tx) { return tx.findAndCount(User, {}); }',
      '  d() { return this.em.getRepository(User).findOne({ id }); }',
      '  e(ctx) { return ctx.em.find(User, {}); }',
      '}',
    ].join('\n');
    expect(entityManagerQueries('modules/x/x.service.ts', text)).toEqual([
      'modules/x/x.service.ts:2 em.findOne',
      'modules/x/x.service.ts:3 em.count',
      'modules/x/x.service.ts:4 tx.findAndCount',
      'modules/x/x.service.ts:6 em.find',
    ]);
  });

  it('the checks see the sources (the walk is not empty) and the edge still uses Nest exceptions', () => {
    expect(FILES.filter((f) => f.path.endsWith('.service.ts')).length).toBeGreaterThan(20);
    expect(FILES.some((f) => isHttpEdge(f.path) && f.httpExceptions.length > 0)).toBe(true);
  });

  it('names the file and line of a thrown Nest exception, also under an alias, and of an express import', () => {
    const text = [
      "import { Injectable, NotFoundException as Missing, HttpException } from '@nestjs/common';",
      "import type { Request } from 'express';",
      'export class X {',
      "  a() { throw new Missing('x'); }",
      "  b() { return new HttpException('y', 416); }",
      "  c() { throw new Error('fine'); }",
      '}',
    ].join('\n');
    expect(layeringViolations('modules/x/x.service.ts', text)).toEqual({
      httpExceptions: ['modules/x/x.service.ts:4 new Missing', 'modules/x/x.service.ts:5 new HttpException'],
      expressImports: ['modules/x/x.service.ts:2 imports express'],
    });
    expect(isHttpEdge('modules/x/x.controller.ts')).toBe(true);
    expect(isHttpEdge('common/http/validation.pipe.ts')).toBe(true);
    expect(isHttpEdge('modules/x/x.service.ts')).toBe(false);
    expect(isHttpEdge('modules/storage/drivers/s3.driver.ts')).toBe(false);
  });
});
