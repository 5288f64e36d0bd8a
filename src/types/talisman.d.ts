/** The one talisman module the name analysis uses (talisman ships no type declarations). */
declare module 'talisman/phonetics/double-metaphone' {
  /** Primary and secondary Double Metaphone codes of a word. */
  export default function doubleMetaphone(word: string): [string, string];
}
