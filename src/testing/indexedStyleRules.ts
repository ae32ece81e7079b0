/**
 * jsdom's style cascade, with each style sheet's rules indexed as browsers do: by the class, id or
 * tag its selector's last compound requires. Loaded by the web tests' environment (environment.ts)
 * before jsdom itself, it replaces jsdom's getDeclarationForElement, whose answers it keeps.
 *
 * jsdom matches every rule of every sheet against an element whose style is asked for, and an
 * element's style needs its ancestors' (visibility and pointer-events inherit). Testing Library
 * asks for it on every node it names (getByRole's name, the hidden check), user-event before each
 * click, and MUI's multiline field on every render: a third of the web tests' CPU time went to
 * matching rules such as `.css-1s2wszc` against elements without that class. Here only the rules
 * that could match are tried, with jsdom's own matcher, in the cascade's order; what an element's
 * style says is unchanged (JSDOM_STYLE_INDEX_CHECK=1 computes both ways and fails on a difference).
 */
import { createRequire } from 'node:module';

interface Declaration {
  length: number;
  [index: number]: string;
  getPropertyValue(property: string): string;
  getPropertyPriority(property: string): string;
  setProperty(property: string, value: string, priority?: string): void;
  removeProperty(property: string): void;
  cssText: string;
}
interface Rule {
  selectorText?: string;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<Rule>;
  style: Declaration;
}
interface Sheet {
  cssRules: ArrayLike<Rule>;
}
interface ElementImpl {
  localName: string;
  style: Declaration;
  getAttributeNS(namespace: null, name: string): string | null;
  _attached: boolean;
  _ownerDocument: {
    styleSheets: { _list: Sheet[] };
    _styleCache: WeakMap<ElementImpl, Declaration> | null;
  };
}
interface StyleRules {
  getDeclarationForElement(element: ElementImpl): Declaration;
}

const load = createRequire(__filename);
const styleRules = load('jsdom/lib/jsdom/living/helpers/style-rules.js') as StyleRules;
const { matchesDontThrow } = load('jsdom/lib/jsdom/living/helpers/selectors.js') as {
  matchesDontThrow(element: ElementImpl, selector: string | undefined): boolean;
};
const { CSSStyleDeclaration } = load('cssstyle') as { CSSStyleDeclaration: new () => Declaration };
const cssom = load('rrweb-cssom') as { parse(text: string): Sheet };
const defaultStyleSheet = load('jsdom/lib/jsdom/browser/default-stylesheet.js') as string;

/** A rule as jsdom tries it: its place in its sheet, and the keys one of which it requires. */
interface Entry {
  order: number;
  rule: Rule;
}
interface SheetIndex {
  rules: Rule[];
  /** The style cache it was last checked against (jsdom drops it when a sheet changes). */
  checkedIn: object | null;
  topLevel: number;
  byKey: Map<string, Entry[]>;
  anyElement: Entry[];
}

const SIMPLE_END = '(?=$|[.#:[])';
const CLASS = new RegExp(`\\.([-_a-zA-Z0-9]+)${SIMPLE_END}`);
const ID = new RegExp(`#([-_a-zA-Z0-9]+)${SIMPLE_END}`);
const TAG = new RegExp(`^([a-zA-Z][-a-zA-Z0-9]*)${SIMPLE_END}`);

/** Splits at `separator` outside brackets and parentheses. */
function splitTopLevel(text: string, isSeparator: (c: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (depth === 0 && isSeparator(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The compound's parts outside brackets and parentheses (`:not(.a)` requires no class a). */
function outsideBrackets(compound: string): string {
  let depth = 0;
  let out = '';
  for (const c of compound) {
    if (c === '(' || c === '[') depth += 1;
    if (depth === 0) out += c;
    if (c === ')' || c === ']') depth -= 1;
  }
  return out;
}

/**
 * A key every element the selector matches has (`class:x`, `id:x` or `tag:x`, lower case, so a
 * key of either case is kept), or null when it cannot tell: then the rule is tried on every
 * element. Escapes, strings and namespaces are left to jsdom.
 */
function keyOfSelector(selector: string): string | null {
  const compounds = splitTopLevel(selector.trim(), (c) => /[\s>+~]/.test(c));
  const last = compounds[compounds.length - 1];
  if (!last || /[\\"'|]/.test(last)) return null;
  const bare = outsideBrackets(last);
  const found = CLASS.exec(bare) ?? ID.exec(bare);
  if (found) return `${found[0][0] === '.' ? 'class' : 'id'}:${found[1].toLowerCase()}`;
  const tag = TAG.exec(bare);
  return tag ? `tag:${tag[1].toLowerCase()}` : null;
}

const keysOfRule = new WeakMap<Rule, string[] | null>();
/** One key per selector of the rule's list, or null when any of them has none. */
function keysOf(rule: Rule): string[] | null {
  let keys = keysOfRule.get(rule);
  if (keys !== undefined) return keys;
  keys = null;
  if (typeof rule.selectorText === 'string' && !/[\\"']/.test(rule.selectorText)) {
    const all = splitTopLevel(rule.selectorText, (c) => c === ',').map(keyOfSelector);
    keys = all.every((k): k is string => k !== null) ? [...new Set(all)] : null;
  }
  keysOfRule.set(rule, keys);
  return keys;
}

/** The rules jsdom tries, in its order: each rule, or a `@media screen` rule's inner rules. */
function rulesTried(sheet: Sheet): Rule[] {
  const rules: Rule[] = [];
  for (const rule of Array.from(sheet.cssRules)) {
    if (rule.media) {
      if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1)
        rules.push(...Array.from(rule.cssRules ?? []));
    } else rules.push(rule);
  }
  return rules;
}

const indexes = new WeakMap<Sheet, SheetIndex>();
/**
 * The sheet's index, rebuilt when its rules have changed: checked rule by rule once per state of
 * jsdom's style cache, and by count on every call (a rule inserted through the CSSOM).
 */
function indexOf(sheet: Sheet, epoch: object): SheetIndex {
  const known = indexes.get(sheet);
  if (known && known.checkedIn === epoch && known.topLevel === sheet.cssRules.length) return known;
  const rules = rulesTried(sheet);
  if (known && known.rules.length === rules.length && known.rules.every((r, i) => r === rules[i])) {
    known.checkedIn = epoch;
    known.topLevel = sheet.cssRules.length;
    return known;
  }
  const index: SheetIndex = {
    rules,
    checkedIn: epoch,
    topLevel: sheet.cssRules.length,
    byKey: new Map(),
    anyElement: [],
  };
  rules.forEach((rule, order) => {
    const keys = keysOf(rule);
    if (!keys) return void index.anyElement.push({ order, rule });
    for (const key of keys) {
      const list = index.byKey.get(key) ?? [];
      list.push({ order, rule });
      index.byKey.set(key, list);
    }
  });
  indexes.set(sheet, index);
  return index;
}

/** The keys an element has: its tag, id and classes, in lower case. */
function keysOfElement(element: ElementImpl): string[] {
  const keys = [`tag:${element.localName.toLowerCase()}`];
  const id = element.getAttributeNS(null, 'id');
  if (id) keys.push(`id:${id.toLowerCase()}`);
  for (const name of (element.getAttributeNS(null, 'class') ?? '').split(/[ \t\n\f\r]+/))
    if (name) keys.push(`class:${name.toLowerCase()}`);
  return keys;
}

function forEachMatchingRule(
  element: ElementImpl,
  sheets: Sheet[],
  epoch: object,
  handle: (r: Rule) => void,
) {
  const keys = keysOfElement(element);
  for (const sheet of sheets) {
    const index = indexOf(sheet, epoch);
    const candidates = new Map<number, Rule>();
    for (const entry of index.anyElement) candidates.set(entry.order, entry.rule);
    for (const key of keys)
      for (const entry of index.byKey.get(key) ?? []) candidates.set(entry.order, entry.rule);
    const inOrder = [...candidates.keys()].sort((a, b) => a - b);
    for (const order of inOrder) {
      const rule = candidates.get(order)!;
      if (matchesDontThrow(element, rule.selectorText)) handle(rule);
    }
  }
}

let defaultSheet: Sheet | undefined;
const original = styleRules.getDeclarationForElement;

/** jsdom's getDeclarationForElement, with its rules tried through the index. */
function getDeclarationForElement(element: ElementImpl): Declaration {
  const document = element._ownerDocument;
  const styleCache = (document._styleCache ??= new WeakMap());
  const cached = styleCache.get(element);
  if (cached) return cached;

  const declaration = new CSSStyleDeclaration();
  const handleProperty = (style: Declaration, property: string) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };
  defaultSheet ??= cssom.parse(defaultStyleSheet);
  const sheets = [defaultSheet, ...document.styleSheets._list];
  forEachMatchingRule(element, sheets, styleCache, (rule) => {
    Array.prototype.forEach.call(rule.style, (p: string) => handleProperty(rule.style, p));
  });
  Array.prototype.forEach.call(element.style, (p: string) => handleProperty(element.style, p));
  styleCache.set(element, declaration);
  return declaration;
}

/** Both ways, failing when the index would change an element's style. */
function checkedDeclarationForElement(element: ElementImpl): Declaration {
  const document = element._ownerDocument;
  const cache = document._styleCache;
  if (cache?.get(element)) return cache.get(element)!;
  const indexed = getDeclarationForElement(element);
  const saved = document._styleCache;
  document._styleCache = null;
  const expected = original(element);
  document._styleCache = saved;
  if (expected.cssText !== indexed.cssText)
    throw new Error(`Indexed style of <${element.localName}> differs:
  jsdom:   ${expected.cssText}
  indexed: ${indexed.cssText}`);
  return indexed;
}

styleRules.getDeclarationForElement = process.env.JSDOM_STYLE_INDEX_CHECK
  ? checkedDeclarationForElement
  : getDeclarationForElement;
