import { describe, expect, it } from 'vitest';
import { foldKeyword, foldText, tokenizeText } from './fold';

describe('foldKeyword', () => {
  it.each([
    ['Göteborg', 'goteborg'],
    ['  Malmö   Stad ', 'malmo stad'],
    ['ÅÄÖ åäö', 'aao aao'],
    ['Ørsted Æble Straße', 'orsted aeble strasse'],
    ['Fiancé\tCafé', 'fiance cafe'],
    ['ﬁnance', 'finance'],
    ['C#', 'c#'],
    ['  Project  MANAGER ', 'project manager'],
  ])('folds %j to %j', (input, expected) => {
    expect(foldKeyword(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const text of ['Göteborg', 'Ørsted', 'Node.js  Utvecklare']) {
      expect(foldKeyword(foldKeyword(text))).toBe(foldKeyword(text));
    }
  });

  it('leaves other scripts alone', () => {
    expect(foldKeyword('Русский')).toBe('русский');
  });
});

describe('foldText', () => {
  it('keeps punctuation and spacing', () => {
    expect(foldText('É-post, Ö!')).toBe('e-post, o!');
  });
});

describe('tokenizeText', () => {
  it('splits like the standard tokenizer and folds', () => {
    expect(tokenizeText('Node.js-utvecklare i Göteborg')).toEqual(['node.js', 'utvecklare', 'i', 'goteborg']);
    expect(tokenizeText("C# .NET C++ developer's")).toEqual(['c', 'net', 'c', "developer's"]);
    expect(tokenizeText('3.5 v2.0 1,000 2024-01-01')).toEqual(['3.5', 'v2.0', '1,000', '2024', '01', '01']);
    expect(tokenizeText('a.b. 1.a foo_bar')).toEqual(['a.b', '1', 'a', 'foo_bar']);
  });

  it('returns no tokens for punctuation only', () => {
    expect(tokenizeText(' --- !!! ')).toEqual([]);
  });
});
