import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmeCommands } from './fresh-clone';

describe("the README's two commands", () => {
  it('are read from the "Run it" block, as tests/fresh-clone.ts runs them', () => {
    expect(readmeCommands(readFileSync('README.md', 'utf8'))).toEqual({
      start: 'npm install && npm start',
      test: 'npm install && npm test',
    });
  });
});
