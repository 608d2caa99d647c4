import { useEffect, useRef, useState } from "preact/hooks";

/**
 * Reads now and every {@code everyMs} while the page is visible, one read in flight at a time (no
 * storm when the network is slow or the tab comes back); {@code again()} reads at once.
 */
export function usePoll<T>(read: () => Promise<T>, everyMs: number, deps: unknown[]) {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const tick = useRef<() => void>(() => {});
  useEffect(() => {
    let alive = true;
    tick.current = async () => {
      if (busy.current || document.visibilityState === "hidden") return;
      busy.current = true;
      try {
        const v = await read();
        if (alive) {
          setValue(v);
          setError(null);
        }
      } catch (e) {
        if (alive) setError((e as Error).message);
      } finally {
        busy.current = false;
      }
    };
    tick.current();
    const timer = setInterval(() => tick.current(), everyMs);
    const onShow = () => tick.current();
    document.addEventListener("visibilitychange", onShow);
    return () => {
      alive = false;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onShow);
    };
  }, deps);
  return { value, error, again: () => tick.current() };
}

/** The time now, ticking each second (for countdowns). */
export function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
