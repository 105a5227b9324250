import { describe, expect, it } from '@jest/globals';
import { appendNote, describeDescriptionChange } from '@warranty-crm/contract';

const AT = new Date(2026, 0, 31, 15, 4, 5);

describe('describeDescriptionChange', () => {
  it("reads back the note the admin's Add Note appended, without its separator", () => {
    const before = 'The jack will not lift.  ';
    expect(describeDescriptionChange(before, appendNote(before, '  Called the customer back.\nSent a seal kit. ', AT))).toEqual({
      kind: 'note',
      notes: ['Called the customer back.\nSent a seal kit.'],
    });
  });

  it('reads every note of a description that gained two at once, and a note on an empty description', () => {
    const twice = appendNote(appendNote('Desc', 'first', AT), 'second', AT);
    expect(describeDescriptionChange('Desc', twice)).toEqual({ kind: 'note', notes: ['first', 'second'] });
    expect(describeDescriptionChange('', appendNote('', 'only', AT))).toEqual({ kind: 'note', notes: ['only'] });
  });

  it('calls any other change an edit, and no change nothing', () => {
    expect(describeDescriptionChange('The jack will not lift.', 'The jack lifts slowly.')).toEqual({ kind: 'edit' });
    expect(describeDescriptionChange('Desc', 'Desc and more words')).toEqual({ kind: 'edit' });
    expect(describeDescriptionChange('Desc', appendNote('Changed desc', 'note', AT))).toEqual({ kind: 'edit' });
    expect(describeDescriptionChange('Desc', 'Desc')).toBeNull();
  });
});
