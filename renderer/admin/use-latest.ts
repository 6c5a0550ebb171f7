import { useCallback, useRef } from 'react';

/**
 * Answers come back in any order: a console view that asks again (another filter, another selection, a poll beside an
 * action) must show the answer to its last question, never an older one that happened to arrive later. `begin()` marks
 * a new question; the function it returns says, once the answer is in, whether that question is still the latest.
 */
export function useLatest(): () => () => boolean {
  const asked = useRef(0);
  return useCallback(() => {
    const ticket = ++asked.current;
    return () => ticket === asked.current;
  }, []);
}
