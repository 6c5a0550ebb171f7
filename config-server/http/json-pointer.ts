/** One reference token of a JSON pointer (RFC 6901): `~` as `~0`, `/` as `~1`, so a key holding either names itself. */
export const pointerToken = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');
