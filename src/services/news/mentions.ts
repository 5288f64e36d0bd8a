/**
 * The spans of an article's text that may name a person or a company, to be resolved against
 * the graph (./linking.ts). In scripts with capital letters (Latin, Cyrillic, Greek) a name is a
 * run of capitalised words, which may hold the lower-case particles of names (van der, bin, de
 * la) and the joining words of company names (of, and, &); every part of a run of up to six
 * words is tried, longest first, so "Prime Minister Denys Shmyhal" also offers "Denys Shmyhal".
 * In Arabic and Hebrew script, which have no capitals, runs of two to four words are tried.
 * Chinese, Japanese and Korean text is not segmented into words, so names in it are not
 * found (a stated limit).
 */

const CAPITALISED = /^(?:\p{Lu}|\p{Lt})[\p{L}\p{M}'’.-]*$/u;
const CONNECTORS = new Set(['van', 'der', 'den', 'de', 'la', 'le', 'du', 'des', 'von', 'zu', 'bin', 'ibn', 'bint', 'al', 'el', 'da', 'di', 'dos', 'das', 'y', 'of', 'and', '&', 'for']);
/** Capitalised words that start sentences and headlines far more often than names. */
const NOT_NAMES = new Set(['The', 'A', 'An', 'In', 'On', 'At', 'For', 'And', 'But', 'Of', 'To', 'By', 'As', 'It', 'Its', 'This', 'That', 'These', 'Those', 'He', 'She', 'They', 'We', 'I', 'Le', 'La', 'Les', 'Der', 'Die', 'Das', 'El', 'Los', 'Las', 'Un', 'Une', 'Ein', 'Eine', 'Mr', 'Mrs', 'Ms', 'Dr', 'Prime', 'Minister', 'President', 'CEO', 'Chairman', 'Director', 'Court', 'Police', 'Government']);
const RTL_WORD = /^[\p{Script=Arabic}\p{Script=Hebrew}]+$/u;
const MAX_WORDS = 6;
export const MAX_SPANS = 120;

/** Candidate name spans of a text, most specific first, at most MAX_SPANS, each once. */
export function nameSpans(value: string): string[] {
  const spans = new Set<string>();
  for (const sentence of value.split(/[.!?;:,()"“”«»\[\]|\n\u060C\u061B\u061F]+(?:\s|$)|[()"“”«»\[\]|\n\u060C\u061B\u061F]/u)) {
    const words = sentence.split(/\s+/).filter(Boolean).map((w) => w.replace(/^[^\p{L}\p{N}&]+|[^\p{L}\p{N}.]+$/gu, '')).filter(Boolean);
    capitalisedRuns(words).forEach((run) => addRun(spans, run));
    rtlRuns(words).forEach((run) => addWindows(spans, run));
    if (spans.size >= MAX_SPANS) break;
  }
  return [...spans].slice(0, MAX_SPANS);
}

function capitalisedRuns(words: string[]): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  const close = () => {
    while (run.length && CONNECTORS.has(run[run.length - 1].toLowerCase())) run.pop();
    while (run.length && NOT_NAMES.has(run[0])) run.shift();
    if (run.length) runs.push(run);
    run = [];
  };
  for (const w of words) {
    if (CAPITALISED.test(w) && !RTL_WORD.test(w)) run.push(w);
    else if (run.length && CONNECTORS.has(w.toLowerCase())) run.push(w);
    else close();
  }
  close();
  return runs;
}

function addRun(spans: Set<string>, run: string[]): void {
  const connector = (w: string) => CONNECTORS.has(w.toLowerCase());
  for (let size = Math.min(MAX_WORDS, run.length); size >= 1; size--) {
    for (let i = 0; i + size <= run.length; i++) {
      const part = run.slice(i, i + size);
      if (connector(part[0]) || connector(part[size - 1])) continue;
      // A one-word span of under four letters is far more often an abbreviation than a name.
      if (size === 1 && part[0].length < 4) continue;
      spans.add(part.join(' '));
    }
  }
}

function rtlRuns(words: string[]): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const w of words) {
    if (RTL_WORD.test(w)) run.push(w);
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs;
}

function addWindows(spans: Set<string>, run: string[]): void {
  for (let size = Math.min(4, run.length); size >= 2; size--) {
    for (let i = 0; i + size <= run.length; i++) spans.add(run.slice(i, i + size).join(' '));
  }
}
