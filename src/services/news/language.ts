/**
 * The language of an article whose feed does not say: the script for Chinese, Japanese, Korean,
 * Arabic and Cyrillic text, and for Latin text the language whose common short words it uses
 * most. Good enough to label an article and to pick the stemmer of its topic matching (every
 * language's phrases are still tried word for word on every article).
 */
const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'in', 'is', 'for', 'with', 'on', 'by', 'was', 'has', 'that'],
  fr: ['le', 'la', 'les', 'des', 'et', 'du', 'une', 'est', 'pour', 'dans', 'sur', 'par', 'au'],
  de: ['der', 'die', 'das', 'und', 'ist', 'mit', 'von', 'den', 'ein', 'eine', 'fur', 'auf', 'wegen'],
  es: ['el', 'los', 'las', 'y', 'del', 'por', 'una', 'con', 'para', 'es', 'se', 'que', 'en'],
};

export function detectLanguage(value: string): string {
  const sample = value.slice(0, 2000);
  const count = (re: RegExp) => (sample.match(re) ?? []).length;
  const han = count(/\p{Script=Han}/gu);
  const kana = count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const hangul = count(/\p{Script=Hangul}/gu);
  const arabic = count(/\p{Script=Arabic}/gu);
  const cyrillic = count(/\p{Script=Cyrillic}/gu);
  const latin = count(/\p{Script=Latin}/gu);
  const top = Math.max(han + kana, hangul, arabic, cyrillic, latin);
  if (top === 0) return 'und';
  if (top === han + kana) return kana > 0 ? 'ja' : 'zh';
  if (top === hangul) return 'ko';
  if (top === arabic) return 'ar';
  if (top === cyrillic) return 'ru';
  const words = sample.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').match(/\p{L}+/gu) ?? [];
  let best = 'en';
  let bestScore = 0;
  for (const [lang, list] of Object.entries(STOPWORDS)) {
    const set = new Set(list);
    const score = words.filter((w) => set.has(w)).length;
    if (score > bestScore) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}
