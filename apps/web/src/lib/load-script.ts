const loading = new Map<string, Promise<void>>();

/**
 * Adds a third party's script (Google sign-in, a payment provider's checkout) to the page once and resolves
 * when it has run; a failed load is forgotten, so the next call tries again.
 */
export function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`${src} could not be loaded`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}
