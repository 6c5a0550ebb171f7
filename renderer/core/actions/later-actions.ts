/**
 * Steps a screen takes after a tap, rarely on its way up (copy, upload, wait, check a form, go to another screen): a
 * chunk of their own, loaded at their first use or once the first screen shows (`warmLaterActions`), not with the first
 * load. A screen whose onLoad navigates (on an error, say) waits for this chunk first, a few hundred bytes.
 */
export { copy } from './copy';
export { delay } from './delay';
export { navigate } from './navigate';
export { upload } from './upload';
export { validate } from './validate';
