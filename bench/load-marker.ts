/** The line bench/load.ts writes on stderr when its setup is done and the timed load begins (bench/soak.ts waits for it). */
export const LOAD_STARTS = 'load: the timed load starts';
