/** Add Note (spec part 1 section 4): the shape and the limit live in the contract, since the server reads notes back from it and checks them. */
export { appendNote, isBlankNote, isNoteTooLong, NOTE_MAX_LENGTH, NOTE_TOO_LONG_MESSAGE, noteCounter, noteSeparator } from '@warranty-crm/contract';
