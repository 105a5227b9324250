import { describe, expect, it } from '@jest/globals';
import { htmlToText, threadContent } from './email-content.js';

describe('threadContent', () => {
  it('keeps the reply as the body and folds the quoted history apart', () => {
    const text = 'Thanks, the jack still leaks.\n\nOn Mon, Nov 23, 2026 at 10:00 AM Support <support@acme.test> wrote:\n> We received your request\n> ticket WC-000001\n';
    const content = threadContent(text, null);
    expect(content.body).toBe('Thanks, the jack still leaks.');
    expect(content.quoted).toContain('> We received your request');
    expect(content.bodyHtml).toBeNull();
  });

  it('sanitises the HTML: scripts, handlers and javascript: links are gone, formatting stays', () => {
    const content = threadContent('Hello', '<p onclick="steal()">Hello <b>there</b><script>alert(1)</script><a href="javascript:alert(2)">x</a></p>');
    expect(content.bodyHtml).toBe('<p>Hello <b>there</b><a>x</a></p>');
  });

  it('reads an HTML-only e-mail as text', () => {
    expect(htmlToText('<div>Line one</div><div>Line <i>two</i> &amp; more</div><style>p{}</style>')).toBe('Line one\nLine two & more');
    expect(threadContent(null, '<p>Only HTML</p>').body).toBe('Only HTML');
  });

  it('keeps the whole text when it is all quote', () => {
    expect(threadContent('> just a quote', null).body).toBe('> just a quote');
  });
});
