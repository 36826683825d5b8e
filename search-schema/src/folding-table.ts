// The one folding table of the package: what ASCII folding does to letters beyond Unicode decomposition.
// `fold.ts` (keyword and token folding, mirroring the index) and the vocabulary's text normaliser both use it,
// so 'Ørebro' and 'Øresund' fold the same way in the index, in queries and in vocabulary lookups.

/** Combining marks, which NFKD splits off a letter ('ö' -> 'o' + U+0308). */
export const COMBINING_MARKS = /\p{M}+/gu;

/** Letters that NFKD does not decompose but Lucene's ASCIIFoldingFilter folds. */
export const UNDECOMPOSED_LETTERS: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/** Any one of the `UNDECOMPOSED_LETTERS`. */
export const UNDECOMPOSED_LETTER = new RegExp(`[${Object.keys(UNDECOMPOSED_LETTERS).join('')}]`, 'gu');

/** Replaces each of the `UNDECOMPOSED_LETTERS` in lower-case text with its folded form. */
export function foldUndecomposedLetters(text: string): string {
  return text.replace(UNDECOMPOSED_LETTER, (letter) => UNDECOMPOSED_LETTERS[letter] ?? letter);
}
