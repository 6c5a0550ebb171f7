/** The hand-written page reads the same copy (the id-ID text set), bundled at build time as a hand-written app would. */
import textSet from '../../../screens/texts/id-ID.json';

const texts = (textSet as { texts: Record<string, string> }).texts;
export const t = (key: string): string => texts[key] ?? key;
