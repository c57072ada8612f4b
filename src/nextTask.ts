/**
 * Lets the browser handle input (and paint) before the next step, in a new task at once: a
 * `setTimeout(0)` nested five deep waits 4 ms each time after, which the entry's preloads (one per
 * task, src/main.tsx) would add up. Used by the entry and by the app's start (src/app.tsx).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
