/**
 * DOM functions that only ever create text nodes from data: no string from the API is parsed as
 * HTML anywhere in the explorer.
 */
export type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K, attrs: Record<string, string | boolean | undefined> = {}, ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  append(el, ...children);
  return el;
}

export function append(el: Element, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el as T;
}

export function clear(el: Element): void {
  el.replaceChildren();
}

/**
 * A search highlight ("<em>NORTH</em>WIND") as text nodes with the matched spans in <em>
 * elements. Only the literal `<em>` and `</em>` markers are read as markup; everything else,
 * angle brackets included, stays text.
 */
export function highlighted(text: string): DocumentFragment {
  const out = document.createDocumentFragment();
  let inside = false;
  for (const part of text.split(/(<em>|<\/em>)/)) {
    if (part === '<em>') inside = true;
    else if (part === '</em>') inside = false;
    else if (part) out.append(inside ? h('em', {}, part) : document.createTextNode(part));
  }
  return out;
}

/** Shows progress on `status` when `work` takes longer than 300 ms. */
export async function withProgress<T>(status: HTMLElement, message: string, work: Promise<T>): Promise<T> {
  const timer = setTimeout(() => {
    status.textContent = message;
    status.classList.add('busy');
  }, 300);
  try {
    return await work;
  } finally {
    clearTimeout(timer);
    status.classList.remove('busy');
    if (status.textContent === message) status.textContent = '';
  }
}

/** Saves a blob as a file through a temporary link (no outside request). */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
