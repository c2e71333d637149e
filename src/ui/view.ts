/*
 * Markup described once and drawn two ways: by React (ui/view-react.ts) in the app, and by plain
 * DOM (`drawView`, below) for the first screen while React is still loading (src/boot/). The
 * header, the status filter, the rows and the sign-in form are described here once, so the first
 * paint and the app cannot drift apart.
 *
 * Props use React's names (className, htmlFor, dateTime, aria-*, data-*). Handlers are not part
 * of a description: each renderer attaches its own (the first paint's differ from the app's).
 * Text only ever goes in as text: there is no way to describe HTML.
 */

export type ViewProp = string | number | boolean | undefined | Readonly<Record<string, string>>;
export type ViewProps = Readonly<Record<string, ViewProp>>;

/** A place the renderer fills (React: a component; first paint: a node or nothing). */
export interface ViewSlot {
  readonly slot: string;
}

export interface ViewElement {
  readonly tag: string;
  readonly props: ViewProps;
  readonly children: readonly View[];
}

export type View = string | ViewElement | ViewSlot | null;

export function h(tag: string, props: ViewProps = {}, ...children: View[]): ViewElement {
  return { tag, props, children };
}

export function slot(name: string): ViewSlot {
  return { slot: name };
}

export function isSlot(view: View): view is ViewSlot {
  return typeof view === 'object' && view !== null && 'slot' in view;
}

/** React prop names whose HTML attribute is spelled differently. */
const ATTRIBUTE_NAMES: Readonly<Record<string, string>> = {
  className: 'class',
  htmlFor: 'for',
  dateTime: 'datetime',
  autoComplete: 'autocomplete',
  spellCheck: 'spellcheck',
  noValidate: 'novalidate',
  readOnly: 'readonly',
  tabIndex: 'tabindex',
};

/** Attributes whose value is the text "true"/"false", not present/absent. */
const ENUMERATED = /^(aria-|data-)|^spellCheck$/;

export interface DrawOptions {
  /** Nodes for the description's slots; an unfilled slot draws nothing. */
  slots?: Readonly<Record<string, Node | undefined>>;
  /** Called with each element drawn from a description that names it with `data-part`. */
  parts?: (name: string, element: HTMLElement) => void;
}

/** Draws a description as DOM nodes, the way React would render it. */
export function drawView(view: View, options: DrawOptions = {}): Node | null {
  if (view === null) return null;
  if (typeof view === 'string') return document.createTextNode(view);
  if (isSlot(view)) return options.slots?.[view.slot] ?? null;
  const element = document.createElement(view.tag);
  for (const [name, value] of Object.entries(view.props)) {
    if (name === 'data-part') continue;
    if (typeof value === 'object') {
      // Only `style` takes an object.
      Object.assign(element.style, value);
      continue;
    }
    if (value === undefined || (value === false && !ENUMERATED.test(name))) continue;
    // A select's value is not an attribute (React sets the chosen option): drawn below.
    if (name === 'value' && view.tag === 'select') continue;
    const attribute = ATTRIBUTE_NAMES[name] ?? name;
    element.setAttribute(attribute, value === true && !ENUMERATED.test(name) ? '' : String(value));
  }
  for (const child of view.children) {
    const node = drawView(child, options);
    if (node) element.append(node);
  }
  // A select's value is its chosen option, which exists only once the options are drawn.
  if (element instanceof HTMLSelectElement && typeof view.props.value === 'string')
    element.value = view.props.value;
  const part = view.props['data-part'];
  if (typeof part === 'string') options.parts?.(part, element);
  return element;
}
