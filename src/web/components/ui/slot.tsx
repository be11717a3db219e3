import { Children, cloneElement, isValidElement, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/utils.ts';

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };

/**
 * Renders its only child with the slot's props merged in (the `asChild` pattern), so a Button can style a
 * router Link without nesting a <button> inside an <a>. Handlers of both run, the child's first.
 */
export function Slot({ children, className, ...props }: SlotProps) {
  const child = Children.only(children);
  if (!isValidElement<Record<string, unknown>>(child)) return null;
  const childProps = child.props;
  const merged: Record<string, unknown> = { ...props, ...childProps };
  for (const [key, value] of Object.entries(props)) {
    const own = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof value === 'function' && typeof own === 'function') {
      merged[key] = (...args: unknown[]) => {
        (own as (...a: unknown[]) => void)(...args);
        (value as (...a: unknown[]) => void)(...args);
      };
    }
  }
  merged.className = cn(className, typeof childProps.className === 'string' ? childProps.className : undefined);
  return cloneElement(child, merged);
}
