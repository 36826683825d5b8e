// Folding and tokenising in TypeScript, mirroring what the index does in Elasticsearch.
//
// Keyword fields cannot use our plugin's `sv_folding` (Elasticsearch refuses stable-plugin filters in
// normalizers), so every value that goes into a keyword field, and every value a query compares with one, is
// folded here with `foldKeyword`. `tokenizeText` reproduces the `folded` analyzer (standard tokenizer,
// lowercase, ASCII folding) closely enough for the reference filter (`matchesCriteria`, in @mp/test-support) and for splitting a
// search term into words the same way the index splits text.

import { COMBINING_MARKS, UNDECOMPOSED_LETTERS } from './folding-table';

const ASCII = /^[\x20-\x7e]*$/;

/**
 * Folds one lower-case character the way ASCII folding does: Latin letters lose their diacritics
 * ('ö' -> 'o', 'é' -> 'e', 'ø' -> 'o', 'æ' -> 'ae'), compatibility forms become their plain letters
 * ('ﬁ' -> 'fi'); other scripts stay as they are.
 */
function foldCharacter(character: string): string {
  const mapped = UNDECOMPOSED_LETTERS[character];
  if (mapped !== undefined) return mapped;
  if (ASCII.test(character)) return character;
  const decomposed = character.normalize('NFKD').replace(COMBINING_MARKS, '');
  return decomposed !== '' && ASCII.test(decomposed) ? decomposed : character;
}

/** Lower case and ASCII folding, character by character; spacing and punctuation are left alone. */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most text is plain ASCII, which folding leaves as it is: skip the character-by-character walk.
  if (ASCII.test(lower)) return lower;
  let folded = '';
  for (const character of lower) folded += foldCharacter(character);
  return folded;
}

/**
 * The canonical form of a value stored in or compared with a keyword field: lower case, diacritics stripped
 * ('Göteborg' -> 'goteborg'), trimmed, runs of whitespace collapsed to one space. Pure and idempotent.
 */
export function foldKeyword(text: string): string {
  return foldText(text.normalize('NFKC')).replace(/\s+/gu, ' ').trim();
}

// ---------------------------------------------------------------------------------------------------------
// Tokenising like Lucene's StandardTokenizer (Unicode UAX #29 word boundaries), simplified to the classes
// that matter for the text profiles hold: letters, digits and '_' form words; '.', ':' and apostrophes join
// two letters ("node.js", "o'brien"); '.', ',', ';' and apostrophes join two digits ("3.5", "1,000");
// ideographs and hiragana are one token each. Everything else separates words.

type CharacterClass = 'letter' | 'digit' | 'ideograph' | 'midLetter' | 'midNumLet' | 'midNum' | 'other';

const LETTER = /[\p{L}\p{M}_\p{Pc}]/u;
const DIGIT = /\p{Nd}/u;
const IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}]/u;

function classify(character: string | undefined): CharacterClass {
  if (character === undefined) return 'other';
  if (IDEOGRAPH.test(character)) return 'ideograph';
  if (DIGIT.test(character)) return 'digit';
  if (LETTER.test(character)) return 'letter';
  if (character === ':' || character === '·') return 'midLetter';
  if (character === '.' || character === "'" || character === '’') return 'midNumLet';
  if (character === ',' || character === ';') return 'midNum';
  return 'other';
}

function joins(separator: CharacterClass, before: CharacterClass, after: CharacterClass): boolean {
  if (before === 'letter' && after === 'letter')
    return separator === 'midLetter' || separator === 'midNumLet';
  if (before === 'digit' && after === 'digit') return separator === 'midNum' || separator === 'midNumLet';
  return false;
}

/**
 * Splits text into the tokens the index's `folded` analyzer produces (standard tokenizer, lowercase, ASCII
 * folding): 'Node.js-utvecklare i Göteborg' -> ['node.js', 'utvecklare', 'i', 'goteborg'].
 */
export function tokenizeText(text: string): string[] {
  const characters = [...text.normalize('NFC')];
  const tokens: string[] = [];
  let current = '';
  const flush = () => {
    if (current !== '') tokens.push(foldText(current));
    current = '';
  };
  characters.forEach((character, index) => {
    const kind = classify(character);
    if (kind === 'ideograph') {
      flush();
      tokens.push(character);
      return;
    }
    if (kind === 'letter' || kind === 'digit') {
      current += character;
      return;
    }
    if (
      current !== '' &&
      (kind === 'midLetter' || kind === 'midNumLet' || kind === 'midNum') &&
      joins(kind, classify(characters[index - 1]), classify(characters[index + 1]))
    ) {
      current += character;
      return;
    }
    flush();
  });
  flush();
  return tokens;
}
