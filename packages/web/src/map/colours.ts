/**
 * Colours per power: the standard powers keep the colours players know from the board, and any
 * other map's powers take colours from one palette in the order the map lists them, each dark
 * enough for a white letter on it.
 */
const STANDARD: Readonly<Record<string, string>> = {
  AUS: '#c8102e',
  ENG: '#1f4eb4',
  FRA: '#2aa8c9',
  GER: '#5b5b5b',
  ITA: '#2e9e3e',
  RUS: '#7b3fa0',
  TUR: '#c99700',
};

const PALETTE = [
  '#c8102e',
  '#1f4eb4',
  '#2aa8c9',
  '#5b5b5b',
  '#2e9e3e',
  '#7b3fa0',
  '#c99700',
  '#a0522d',
  '#d1477a',
  '#3b6e6e',
  '#6b8e23',
  '#4b0082',
];

/** The colour of each power of a map, by power id. */
export function powerColours(powers: readonly { readonly id: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  powers.forEach((p, i) => {
    out.set(p.id, STANDARD[p.id] ?? PALETTE[i % PALETTE.length]!);
  });
  return out;
}

/** Colour of something no power owns. */
export const NEUTRAL = '#f4f1e6';
