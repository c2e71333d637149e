import { createElement, type ElementType, type Key, type ReactNode } from 'react';
import { isSlot, type View } from './view';

/*
 * Renders a description from ui/view.ts with React: the same markup the first paint draws with
 * plain DOM (src/boot/first-paint.ts), plus what only the app has: handlers, refs and
 * controlled values (by `data-part` name), components for tags, and slots.
 */

export interface ViewToReactOptions {
  slots?: Readonly<Record<string, ReactNode>>;
  /** Props merged into the element whose description has this `data-part`. */
  parts?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** A component that draws a tag instead (the router's link for `a`). */
  components?: Readonly<Record<string, ElementType>>;
}

export function viewToReact(view: View, options: ViewToReactOptions = {}, key?: Key): ReactNode {
  if (view === null || typeof view === 'string') return view;
  if (isSlot(view)) return options.slots?.[view.slot] ?? null;
  const { 'data-part': part, ...props } = view.props;
  const extra = typeof part === 'string' ? options.parts?.[part] : undefined;
  return createElement(
    options.components?.[view.tag] ?? view.tag,
    { ...props, ...extra, key },
    ...view.children.map((child) => viewToReact(child, options)),
  );
}
