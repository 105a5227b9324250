import EmailReplyParser from 'email-reply-parser';
import sanitizeHtml from 'sanitize-html';

/** What the thread keeps of an inbound e-mail's content. */
export interface ThreadContent {
  /** The new text: what the customer wrote above the quoted history. */
  body: string;
  /** The quoted history, folded under the message; null when there is none. */
  quoted: string | null;
  /** The HTML part, sanitised: no scripts, styles, event handlers or javascript: URLs. */
  bodyHtml: string | null;
}

/** Tags and attributes an e-mail may keep: sanitize-html's defaults (text formatting, links, tables) and inline images. */
const HTML_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'cid'],
  disallowedTagsMode: 'discard',
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, HTML_POLICY);
}

/** The text of an HTML-only e-mail: its tags dropped, block ends as line breaks. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<(br|\/p|\/div|\/li|\/tr|\/h[1-6])\b[^>]*>/gi, '\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'head', 'title'] });
  return text.replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * The thread's view of an e-mail: the visible reply as the body, the quoted history (`On … wrote:`,
 * `>` lines, signatures) folded apart, and the HTML sanitised. A message that is all quote keeps
 * its whole text as the body.
 */
export function threadContent(text: string | null, html: string | null): ThreadContent {
  const plain = (text?.trim() ? text : html ? htmlToText(html) : '').replace(/\r\n/g, '\n');
  const email = new EmailReplyParser().read(plain);
  const visible = email.getVisibleText().trim();
  const hidden = email
    .getFragments()
    .filter((f) => f.isHidden() || f.isQuoted())
    .map((f) => f.getContent())
    .join('\n')
    .trim();
  const body = visible || plain.trim();
  return { body, quoted: visible && hidden ? hidden : null, bodyHtml: html?.trim() ? sanitizeEmailHtml(html) : null };
}
