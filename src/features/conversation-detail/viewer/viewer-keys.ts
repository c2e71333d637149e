import { createContext, useContext, useEffect, useEffectEvent } from 'react';

/** The view keys a kind may answer: zoom in, zoom out, fit, rotate. */
export type ViewKey = 'zoom-in' | 'zoom-out' | 'fit' | 'rotate';

type Register = (handler: ((key: ViewKey) => boolean) | null) => void;

export const ViewerKeysContext = createContext<Register>(() => undefined);

/** The key a press means in the viewer, or null: `+`/`=`, `-`, `0`, `r`. */
export function viewKeyOf(key: string): ViewKey | null {
  if (key === '+' || key === '=') return 'zoom-in';
  if (key === '-' || key === '_') return 'zoom-out';
  if (key === '0') return 'fit';
  if (key === 'r' || key === 'R') return 'rotate';
  return null;
}

/** Lets the shown kind answer the view keys; `handler` returns whether it used the key. */
export function useViewKeys(handler: (key: ViewKey) => boolean) {
  const register = useContext(ViewerKeysContext);
  const onKey = useEffectEvent(handler);
  useEffect(() => {
    register((key) => onKey(key));
    return () => register(null);
  }, [register]);
}
