/** Add Note (spec part 1 section 4): the shape lives in the contract, since the server reads notes back from it. */
export { appendNote, isBlankNote, noteSeparator } from '@warranty-crm/contract';
