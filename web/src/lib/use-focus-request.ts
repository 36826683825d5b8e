import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Focus for what an action leaves in place of the control that did it (the saved details' heading after Save,
 * the status after Send): `request()` in the action's success handler, and the element given the returned
 * callback ref takes focus once it is rendered and `ready` holds (say, the request has settled). The element
 * needs `tabIndex={-1}` unless it is focusable anyway.
 */
export function useFocusRequest<T extends HTMLElement>(ready = true): [(node: T | null) => void, () => void] {
  const [node, setNode] = useState<T | null>(null);
  // Requests are counted; the last one served is remembered, so each focuses once.
  const [requests, setRequests] = useState(0);
  const served = useRef(0);
  // The element may appear only with a later render (data refetched): a new node runs this again.
  useEffect(() => {
    if (requests === served.current || !ready || !node) return;
    served.current = requests;
    node.focus();
  }, [requests, ready, node]);
  const request = useCallback(() => setRequests((count) => count + 1), []);
  return [setNode, request];
}
