/**
 * Steps a screen takes after a tap, rarely on its way up (copy, upload, wait, check a form): a chunk of
 * their own, loaded at their first use or once the first screen shows (`warmLaterActions`), not with the first load.
 */
export { copy } from './copy';
export { delay } from './delay';
export { upload } from './upload';
export { validate } from './validate';
