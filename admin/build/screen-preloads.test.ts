import { describe, expect, it } from 'vitest';
import { pathPattern, withPreloads, withStaticImports, type BuiltChunk } from './screen-preloads';

describe("the screens' pages of the build", () => {
  it('match a path pattern, its parameters one segment each, a trailing slash allowed', () => {
    const matches = (pattern: string, path: string) => new RegExp(pathPattern(pattern)).test(path);
    expect(pathPattern('/')).toBe('^/$');
    expect(matches('/', '/')).toBe(true);
    expect(matches('/', '/tickets')).toBe(false);
    expect(matches('/tickets', '/tickets')).toBe(true);
    expect(matches('/tickets', '/tickets/')).toBe(true);
    expect(matches('/tickets', '/ticketsx')).toBe(false);
    expect(matches('/tickets/:id', '/tickets/6c1f0d3e')).toBe(true);
    expect(matches('/tickets/:id', '/tickets/6c1f0d3e/edit')).toBe(false);
    expect(matches('/tickets/:id/edit', '/tickets/6c1f0d3e/edit')).toBe(true);
    expect(matches('/phone-system', '/phone-system')).toBe(true);
    expect(matches('/a.b', '/axb')).toBe(false);
  });

  it("preload a screen's chunk and every chunk it imports statically, once each", () => {
    const chunks = new Map<string, BuiltChunk>(
      [
        { fileName: 'assets/TicketList.js', imports: ['assets/vendor-lazy.js', 'assets/app-shared.js', 'assets/react.js'] },
        { fileName: 'assets/app-shared.js', imports: ['assets/vendor-lazy.js', 'assets/react.js'] },
        { fileName: 'assets/vendor-lazy.js', imports: ['assets/react.js'] },
        { fileName: 'assets/react.js', imports: [] },
      ].map(chunk => [chunk.fileName, chunk]),
    );
    expect(withStaticImports(chunks, 'assets/TicketList.js')).toEqual(['assets/TicketList.js', 'assets/vendor-lazy.js', 'assets/react.js', 'assets/app-shared.js']);
    expect(withStaticImports(chunks, 'assets/react.js')).toEqual(['assets/react.js']);
  });

  it("link them before the head's end, fetched only (not compiled) and with the module scripts' credentials", () => {
    const index = '<!doctype html>\n<html>\n  <head>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n  </head>\n  <body></body>\n</html>\n';
    expect(withPreloads(index, '/', ['assets/TicketList.js', 'assets/app-shared.js'])).toBe(
      '<!doctype html>\n<html>\n  <head>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n' +
        '    <link rel="preload" as="script" crossorigin href="/assets/TicketList.js">\n' +
        '    <link rel="preload" as="script" crossorigin href="/assets/app-shared.js">\n' +
        '  </head>\n  <body></body>\n</html>\n',
    );
    expect(() => withPreloads('<html><body></body></html>', '/', [])).toThrow('index.html has no </head>');
  });
});
