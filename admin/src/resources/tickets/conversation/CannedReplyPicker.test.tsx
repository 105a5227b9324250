import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { CannedReply } from '../../../providers/methods/assignment';
import { CannedReplyList, insertCannedReply } from './CannedReplyPicker';

const reply = (id: string, name: string, body: string): CannedReply => ({ id, name, body, created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z' });

describe('insertCannedReply', () => {
  it("inserts the reply as the API filled it from the ticket, in the browser's time zone", async () => {
    const renderCannedReply = vi.fn(async (ticketId: string, replyId: string, tz?: string) => ({
      id: replyId,
      name: 'Status',
      text: `Hi Maria, ticket WC-000042 (${ticketId}/${tz})`,
    }));
    const onInsert = vi.fn();
    const text = await insertCannedReply({ renderCannedReply }, 't-1', 'r-1', onInsert, 'America/Chicago');
    expect(renderCannedReply).toHaveBeenCalledWith('t-1', 'r-1', 'America/Chicago');
    expect(onInsert).toHaveBeenCalledWith('Hi Maria, ticket WC-000042 (t-1/America/Chicago)');
    expect(text).toBe('Hi Maria, ticket WC-000042 (t-1/America/Chicago)');
  });

  it('inserts nothing when the reply cannot be filled', async () => {
    const onInsert = vi.fn();
    const renderCannedReply = vi.fn(async () => {
      throw new Error('Canned reply not found');
    });
    await expect(insertCannedReply({ renderCannedReply }, 't-1', 'gone', onInsert, 'UTC')).rejects.toThrow('Canned reply not found');
    expect(onInsert).not.toHaveBeenCalled();
  });
});

describe('the picker menu', () => {
  it("lists each reply's name with the start of its text", () => {
    const html = renderToStaticMarkup(
      <CannedReplyList replies={[reply('a', 'Apology', 'Sorry about your {{product}}.\nWe will fix it.'), reply('b', 'Shipped', 'x'.repeat(120))]} onPick={() => {}} />,
    );
    expect(html.match(/data-testid="canned-reply-option"/g)).toHaveLength(2);
    expect(html).toContain('Apology');
    expect(html).toContain('Sorry about your {{product}}. We will fix it.');
    expect(html).toContain(`${'x'.repeat(89)}…`);
  });

  it('says where replies are added when there are none', () => {
    const html = renderToStaticMarkup(<CannedReplyList replies={[]} onPick={() => {}} />);
    expect(html).toContain('No canned replies yet');
    expect(html).toContain('Add them in Settings → Canned Replies');
    expect(html).not.toContain('canned-reply-option');
  });
});
