import type { Page } from '@playwright/test';

/**
 * An accessibility check of the page as it is on screen, for the rules axe-core rates serious or
 * critical that this app can break. Neither @axe-core/playwright nor axe-core is installed in this
 * project (issue 34 asks for axe; see the report/README), so this stands in for it:
 *  - every control has an accessible name: Chromium's own accessibility tree (CDP
 *    Accessibility.getFullAXTree) gives each node's computed role and name; a button, link, form
 *    field, checkbox, switch, radio, tab, option, menu item, slider, dialog, progress bar or image
 *    without a name is reported (axe: button-name, link-name, label, aria-input-field-name,
 *    aria-toggle-field-name, aria-dialog-name, aria-progressbar-name, image-alt, role-img-alt);
 *  - text contrast at least 4.5:1, 3:1 for large text (axe: color-contrast), computed on the
 *    rendered colours with the backgrounds behind them (an image background skips the element);
 *  - the page has a language and a title (html-has-lang, document-title);
 *  - ARIA references point to existing, unique ids (aria-valid-attr-value, duplicate-id-aria);
 *  - no focusable control inside another (nested-interactive).
 * Each finding names the rule, the element and why.
 */
export interface Finding {
  rule: string;
  target: string;
  detail: string;
}

const NAMED_ROLES = new Set([
  'button', 'link', 'textbox', 'searchbox', 'combobox', 'listbox', 'checkbox', 'switch', 'radio', 'tab', 'option',
  'menuitem', 'menuitemcheckbox', 'menuitemradio', 'slider', 'spinbutton', 'dialog', 'alertdialog', 'progressbar', 'image', 'img', 'meter', 'treeitem',
]);

interface AXValue { value?: unknown }
interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  properties?: { name: string; value: AXValue }[];
  backendDOMNodeId?: number;
}

export async function auditPage(page: Page): Promise<Finding[]> {
  const findings: Finding[] = [];
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as unknown as { nodes: AXNode[] };
    for (const node of nodes) {
      if (node.ignored) continue;
      const role = String(node.role?.value ?? '');
      if (!NAMED_ROLES.has(role)) continue;
      const name = String(node.name?.value ?? '').trim();
      if (name) continue;
      const hidden = node.properties?.some(p => p.name === 'hidden' && p.value.value === true);
      if (hidden) continue;
      findings.push({ rule: 'accessible-name', target: await describe(cdp, node.backendDOMNodeId), detail: `a ${role} without an accessible name` });
    }
  } finally {
    await cdp.detach();
  }
  findings.push(...(await page.evaluate(inPageChecks)));
  return findings;
}

async function describe(cdp: import('@playwright/test').CDPSession, backendNodeId: number | undefined): Promise<string> {
  if (!backendNodeId) return '(no DOM node)';
  try {
    const { object } = (await cdp.send('DOM.resolveNode', { backendNodeId })) as { object: { objectId?: string } };
    if (!object.objectId) return '(unresolved)';
    const { result } = (await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: 'function () { const e = this.nodeType === 1 ? this : this.parentElement; return e ? e.outerHTML.slice(0, 240) : String(this.nodeName); }',
      returnByValue: true,
    })) as { result: { value: string } };
    return result.value;
  } catch {
    return '(detached)';
  }
}

/** Runs in the page: contrast, language and title, ARIA id references, nested controls. */
function inPageChecks(): Finding[] {
  const out: Finding[] = [];
  const snippet = (el: Element) => el.outerHTML.slice(0, 200);
  if (!document.documentElement.getAttribute('lang')) out.push({ rule: 'html-has-lang', target: '<html>', detail: 'no lang attribute' });
  if (!document.title.trim()) out.push({ rule: 'document-title', target: '<title>', detail: 'empty title' });

  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };

  // ARIA id references
  const idCount = new Map<string, number>();
  for (const el of Array.from(document.querySelectorAll('[id]'))) idCount.set(el.id, (idCount.get(el.id) ?? 0) + 1);
  for (const attr of ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-activedescendant', 'aria-owns']) {
    for (const el of Array.from(document.querySelectorAll(`[${attr}]`))) {
      if (!visible(el)) continue;
      for (const id of (el.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean)) {
        const n = idCount.get(id) ?? 0;
        // axe allows aria-controls to point at a popup that is not rendered while collapsed
        if (n === 0 && !(attr === 'aria-controls' && el.getAttribute('aria-expanded') !== 'true')) {
          out.push({ rule: 'aria-valid-attr-value', target: snippet(el), detail: `${attr} points to "${id}", which does not exist` });
        }
        if (n > 1) out.push({ rule: 'duplicate-id-aria', target: snippet(el), detail: `${attr} points to "${id}", used by ${n} elements` });
      }
    }
  }

  // nested interactive controls
  const CONTROL = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [role="option"]';
  const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
  for (const el of Array.from(document.querySelectorAll('a[href], button, [role="button"], [role="link"], [role="option"], [role="tab"], [role="menuitem"]'))) {
    if (!visible(el)) continue;
    const inner = Array.from(el.querySelectorAll(FOCUSABLE)).find(child => child !== el && visible(child) && child.matches(CONTROL + ', [tabindex]'));
    if (inner) out.push({ rule: 'nested-interactive', target: snippet(el), detail: `contains the focusable ${snippet(inner)}` });
  }

  // colour contrast of text
  type RGBA = [number, number, number, number];
  const parse = (value: string): RGBA | null => {
    const m = value.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const over = (top: RGBA, bottom: RGBA): RGBA => {
    const a = top[3] + bottom[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i: number) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  };
  const luminance = ([r, g, b]: RGBA) => {
    const c = [r, g, b].map(v => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  /** The colour behind an element, composed from its ancestors; null when an image or gradient is behind. */
  const backdrop = (el: Element): { color: RGBA; opacity: number } | null => {
    const layers: RGBA[] = [];
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage && style.backgroundImage !== 'none') return null;
      opacity *= Number(style.opacity || 1);
      const bg = parse(style.backgroundColor);
      if (bg && bg[3] > 0) layers.push(bg);
      if (bg && bg[3] >= 1) break;
    }
    let color: RGBA = [255, 255, 255, 1];
    for (const layer of layers.reverse()) color = over(layer, color);
    return { color, opacity };
  };
  const seen = new Set<Element>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const el = text.parentElement;
    if (!el || seen.has(el) || !(text.textContent ?? '').trim()) continue;
    seen.add(el);
    if (!visible(el) || el.closest('[aria-hidden="true"], [disabled], .Mui-disabled, [aria-disabled="true"]')) continue;
    // text that is clipped away (visually hidden labels) is not seen
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue;
    const style = getComputedStyle(el);
    const fg = parse(style.color);
    const behind = backdrop(el);
    if (!fg || !behind) continue;
    // the element's (and its ancestors') opacity fades the text into what is behind the page
    const text_ = over([fg[0], fg[1], fg[2], fg[3] * behind.opacity], behind.color);
    const back = behind.color;
    const l1 = luminance(text_);
    const l2 = luminance(back);
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    const needed = large ? 3 : 4.5;
    if (ratio + 0.005 < needed) {
      out.push({
        rule: 'color-contrast',
        target: snippet(el),
        detail: `contrast ${ratio.toFixed(2)}:1 (needs ${needed}:1): ${style.color} on rgb(${back.slice(0, 3).map(Math.round).join(', ')}), ${size}px`,
      });
    }
  }
  return out;
}
